export type { BackendFactory, BackendOptions, StoreBackend } from './backend-types.js';
export type { RawCollection, RawRecord } from './raw-records.js';
export {
  type Collection,
  type InvalidReason,
  openedCollections,
  openStore,
  type ReadResult,
  rawRecords,
  type Store,
  StoreError,
  type StoreOptions,
} from './store.js';
