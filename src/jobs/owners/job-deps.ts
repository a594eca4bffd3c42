import type { Translator } from '../../i18n/translator.js';
import type { ServiceClient } from '../../service/index.js';
import type { MembershipGate } from '../posting/membership.js';
import type { Outbox } from '../posting/outbox.js';
import type { PostLanguages } from '../posting/post-language.js';
import type { OwnerAccessDeps } from './access.js';
import type { OwnedSubscriptions } from './partition.js';

/** What every subscription job works with: the subscriptions, their owners' tokens, the service and the outbox. */
export interface SubscriptionJobDeps extends OwnerAccessDeps {
  /** The subscriptions of the owners this process runs (see `ownedSubscriptions`). */
  subscriptions: OwnedSubscriptions;
  service: ServiceClient;
  outbox: Outbox;
  now: () => Date;
  /** Language of owner notices when the owner's own is unknown (default English); posts follow their subscription. */
  t?: Translator;
  /** The service's name and site and the command mentions posts are written with (default: Annict's, as text). */
  languages?: PostLanguages;
  /** Minutes after midnight at which a Japanese digest's broadcast day starts (default 05:00). */
  broadcastDayStart?: number;
  /** Checks, before posting, that the owner (and kiroku) are still in the server; none: no check. */
  membership?: MembershipGate;
}
