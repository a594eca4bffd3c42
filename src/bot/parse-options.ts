import type { z } from 'zod';
import { en } from '../i18n/messages/en.js';
import type { MessageKey, PlainMessageKey, Translator } from '../i18n/translator.js';
import type { OptionValue } from './command.js';
import { badOption } from './user-facing-error.js';

function isPlainKey(message: string): message is PlainMessageKey {
  return message in en && typeof en[message as MessageKey] === 'string';
}

/**
 * Validates a command's options with its zod schema. A schema's custom messages may be message
 * keys (`reason.season`), so that the user reads the reason in their own language.
 */
export function parseOptions<T>(schema: z.ZodType<T>, options: Readonly<Record<string, OptionValue>>): T {
  const parsed = schema.safeParse(options);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const option = String(issue?.path[0] ?? '?');
  const message = issue?.message ?? '';
  return fail(option, (t: Translator) => (isPlainKey(message) ? t(message) : message));
}

function fail(option: string, reason: (t: Translator) => string): never {
  throw badOption(option, reason);
}
