/**
 * English texts of the weekly server summary's subscription (issue 43): `/subscription weekly` and
 * its checks. The picture's own texts are in pictures-en.ts. Spread into the English catalogue.
 */
import type { CatalogueOf } from '../catalogue-types.js';

export const weeklyEn = {
  'subscription.kind.weekly': 'weekly summary',
  'subscription.weeklyCreated': (p: { id: string; channel: string; when: string }) =>
    `This server’s weekly summary will be posted in ${p.channel} every ${p.when}: a picture of the episodes its linked members recorded in the seven days before (names only of those who share their viewing record with \`/account visibility\`), with its text. Subscription id: \`${p.id}\`.`,
  'subscription.weeklyWhen': (p: { day: string; time: string; timezone: string }) =>
    `${p.day} at ${p.time} (${p.timezone})`,
  'subscription.weekday.monday': 'Monday',
  'subscription.weekday.tuesday': 'Tuesday',
  'subscription.weekday.wednesday': 'Wednesday',
  'subscription.weekday.thursday': 'Thursday',
  'subscription.weekday.friday': 'Friday',
  'subscription.weekday.saturday': 'Saturday',
  'subscription.weekday.sunday': 'Sunday',
  'subscription.cannotAttach': (p: { channel: string }) =>
    `I cannot attach the weekly picture in ${p.channel}: give me Attach Files there (with View Channel, Send Messages and Embed Links), then try again.`,
  'subscription.invokerCannotAttach': (p: { channel: string }) =>
    `You cannot attach files in ${p.channel}, so you cannot have a picture posted there: you need Attach Files there.`,
  'reason.day': 'must be a day of the week',
} as const;

export type WeeklyMessages = CatalogueOf<typeof weeklyEn>;
