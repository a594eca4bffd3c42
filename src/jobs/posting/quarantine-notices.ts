/**
 * Tells each owner, once, by DM that subscriptions of theirs were quarantined at start (they could
 * not be read after an upgrade, so they stopped posting). The claim is stored before the message
 * goes, so several processes starting together tell each owner once.
 */
import type { Locale } from '../../i18n/locale.js';
import type { Logger } from '../../logger.js';
import type { Quarantine } from '../../store/quarantine.js';
import { SUBSCRIPTIONS_COLLECTION } from '../../subscriptions/model.js';
import { DEFAULT_POST_LANGUAGES, type PostLanguages } from './post-language.js';
import type { ChannelPoster } from './poster.js';

export interface QuarantineNoticeOptions {
  quarantine: Quarantine;
  poster: Pick<ChannelPoster, 'notifyUser'>;
  localeOf: (discordUserId: string) => Promise<Locale | undefined>;
  now: () => Date;
  logger: Logger;
  /** The service's name and the command mentions the notice is written with (default: Annict's, as text). */
  languages?: PostLanguages;
}

/** Returns how many owners were told. */
export async function tellQuarantinedOwners(options: QuarantineNoticeOptions): Promise<number> {
  const { quarantine, poster, now } = options;
  const idsByOwner = new Map<string, string[]>();
  for (const record of await quarantine.all()) {
    if (record.collection !== SUBSCRIPTIONS_COLLECTION || !record.ownerId || record.ownerToldAt) continue;
    if (!(await quarantine.claimOwnerNotice(record, now()))) continue;
    idsByOwner.set(record.ownerId, [...(idsByOwner.get(record.ownerId) ?? []), record.key]);
  }
  await options.languages?.prepared();
  for (const [ownerId, ids] of idsByOwner) {
    const locale = await options.localeOf(ownerId).catch(() => undefined);
    const t = (options.languages ?? DEFAULT_POST_LANGUAGES).of(locale ?? 'en');
    const list = ids.map((id) => `\`${id.slice(0, 40)}\``).join(', ');
    await poster.notifyUser(ownerId, t('store.notice.subscriptionQuarantined', { ids: list }));
    options.logger.info(
      { ownerId, count: ids.length },
      'store: told an owner about quarantined subscriptions',
    );
  }
  return idsByOwner.size;
}
