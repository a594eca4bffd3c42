export type { BackendFactory, BackendOptions, StoreBackend } from './backend-types.js';
export {
  type Collection,
  type InvalidReason,
  openStore,
  type ReadResult,
  type Store,
  StoreError,
  type StoreOptions,
} from './store.js';
