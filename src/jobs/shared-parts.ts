/** The outbox, the owner notices and the membership gate, and what every subscription job shares. */

import type { JobsOptions } from './options.js';
import { ownedSubscriptions } from './owners/partition.js';
import { MembershipGate } from './posting/membership.js';
import { SubscriptionNotices } from './posting/notices.js';
import { Outbox } from './posting/outbox.js';
import { PostLanguages } from './posting/post-language.js';

export function sharedJobParts(options: JobsOptions) {
  const { store, subscriptions, vault, service, logger, now, broadcastDayStart, poster } = options;
  const languages = new PostLanguages({
    ...(options.site ? { site: options.site } : {}),
    ...(options.mentions ? { mentions: options.mentions } : {}),
  });
  const t = languages.of('en');
  const outbox = new Outbox(store, { poster, now, logger });
  const notices = new SubscriptionNotices({
    subscriptions,
    poster,
    t,
    languages,
    logger,
    onDisabled: options.onDisabled,
    localeOf: options.localeOf,
  });
  const lookup = options.membership;
  const membership = lookup ? new MembershipGate({ store, lookup, notices, now, logger }) : undefined;
  const deps = {
    subscriptions: ownedSubscriptions(subscriptions, options.servesOwner),
    vault,
    service,
    outbox,
    notices,
    membership,
    logger,
    now,
    t,
    languages,
    broadcastDayStart,
  };
  return { outbox, notices, membership, languages, poster, deps };
}

export type SharedJobParts = ReturnType<typeof sharedJobParts>;
