/** Sorts the bot's visible answers: a real answer, a clear (known, localized) error, or a failure. */
import { createTranslator } from '#src/i18n/translator.js';
import type { InteractionReply } from '../../fakes/discord/fake-discord.js';

/** What a failing service or Discord may legitimately make the bot say. */
const SERVICE_ERROR_KEYS = [
  'error.busy',
  'error.unavailable',
  'error.malformed',
  'error.unauthorized',
  'error.restarting',
] as const;

// As a person reads them: with the service's name in place of `{service}`.
const en = createTranslator('en');
const ja = createTranslator('ja');
const serviceErrors = new Set<string>(SERVICE_ERROR_KEYS.flatMap((key) => [en(key), ja(key)]));
/** "Try again <t:…:R>": the budget's refusals, with whatever time they name. */
const TIMED_KEYS = ['error.busyWait', 'error.busyShare'] as const;
const SOME_TIME = '<t:0:R>';
const timedErrors = TIMED_KEYS.flatMap((key) =>
  [en, ja].map((t) => {
    const [before = '', after = ''] = t(key, { retry: SOME_TIME }).split(SOME_TIME);
    const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return new RegExp(`^${literal(before)}<t:\\d+:R>${literal(after)}$`);
  }),
);
const internalErrors = new Set<string>([en('error.internal'), ja('error.internal')]);

export type AnswerClass =
  /** Choices, a modal, an embed, or a message that is not an error. */
  | 'answer'
  /** One of the service-failure messages. */
  | 'service-error'
  /** "Something went wrong on our side": the bot hit an unexpected error. */
  | 'internal-error';

/** The reply as its catalogue text: a clickable command mention `</account link:id>` back to `/account link`. */
function asCatalogueText(content: string | undefined): string {
  return (content ?? '').replace(/<\/([^:>]+):\d+>/g, '`/$1`');
}

export function classifyAnswer(reply: InteractionReply): AnswerClass {
  const content = asCatalogueText(reply.content);
  if (internalErrors.has(content)) return 'internal-error';
  if (serviceErrors.has(content) || timedErrors.some((pattern) => pattern.test(content)))
    return 'service-error';
  return 'answer';
}

/** Whether the reply is the given service error (English). */
export function isServiceError(reply: InteractionReply, key: (typeof SERVICE_ERROR_KEYS)[number]): boolean {
  const content = asCatalogueText(reply.content);
  return content === en(key) || content === ja(key);
}
