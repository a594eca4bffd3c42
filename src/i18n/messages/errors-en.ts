/**
 * English texts of what went wrong: errors any reply can end in, why an option was refused, and lookups that
 * matched nothing. Spread into the English catalogue (en.ts); the Japanese ones are in errors-ja.ts.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const errorsEn = {
  // errors any command can end in
  'error.notLinked':
    'You have not linked your {service} account yet. Link it with `/account link`: it takes a minute.',
  'error.catalogueNeedsLink':
    'Looking things up here needs a linked {service} account (this server has no shared lookup token). Link yours with `/account link`.',
  'error.unauthorized':
    '{service} no longer accepts your token (it may have been revoked). Link again with `/account link`.',
  'error.insufficientScope':
    'Your token can only read. To record episodes or set statuses, link again with a read + write token: `/account link`.',
  'error.notFound': 'Not found on {service}: it may have been removed.',
  'error.invalidParams': (p: { messages: string }) => `{service} refused the request: ${p.messages}`,
  'error.busy': '{service} is busy right now. Please try again in a moment.',
  'error.unavailable': '{service} is not answering right now. Please try again later.',
  'error.malformed': '{service} sent an answer kiroku could not read. Please try again later.',
  'error.busyShare': (p: { retry: string }) =>
    `Other people are waiting for {service} too, and you have had more than your share of its requests for now, so this one was not sent. Try again ${p.retry}.`,
  'error.busyWait': (p: { retry: string }) =>
    `{service} is busy right now, so this request could not be sent in time. Try again ${p.retry}.`,
  'error.internal': 'Something went wrong on our side. It has been logged; please try again.',
  'error.vaultUnreadable':
    'Your stored token cannot be opened with this bot’s key. Ask the operator to check VAULT_KEY, or unlink and link again.',
  'error.restarting': 'kiroku is restarting. Please try again in a moment.',
  'error.notYourComponent': 'Only the person who ran this command can use these buttons.',
  'error.expired': 'This has expired. Please run the command again.',
  'error.badOption': (p: { option: string; reason: string }) => `\`${p.option}\`: ${p.reason}`,
  'error.unknownCommand': 'This command is not available any more.',
  'error.guildOnly': 'This command works only in a server.',
  'error.slowDown': (p: { seconds: number }) =>
    `You are going too fast. Please slow down and try again in ${p.seconds} s.`,

  // why an option was refused (after “`option`: ”)
  'reason.required': 'is required',
  'reason.season': 'must look like 2024-autumn or 2024-all',
  'reason.oneSeason': 'must be one season such as 2024-autumn',
  'reason.username': 'must be a username (letters, digits and _)',
  'reason.recordId': 'must be one of your records from the list, or a record id such as 998877',
  'reason.hours': 'must be between 1 and 168 hours',
  'reason.episode': 'must be an episode id from the list, or an episode number such as 5 or #5',
  'reason.time': 'must be a time such as 08:00',
  'reason.timezone': 'must be an IANA time zone such as Asia/Tokyo',
  'reason.ratingState': 'must be one of bad, average, good, great',
  'reason.review': 'must be one of your reviews, picked from the list',
  'reason.day': 'must be a day of the week',

  // free text that matched nothing
  'match.noWork': (p: { query: string }) =>
    `No work matched “${p.query}”. Pick one from the list as you type, or try another spelling.`,
  'match.noWorkYet': (p: { query: string }) =>
    `No work matched “${p.query}” yet: kiroku is still reading the English titles after its first start (a minute or two). Try again shortly, or type the Japanese title.`,
  'match.noEpisode': (p: { query: string }) => `No episode matched “${p.query}” for this work.`,
  'match.noUser': (p: { username: string }) => `No user named “${p.username}”.`,
} as const;

export type ErrorMessages = CatalogueOf<typeof errorsEn>;
