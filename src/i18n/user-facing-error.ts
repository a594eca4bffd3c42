import type { PlainMessageKey, Translator } from './translator.js';

/**
 * An error whose message is meant for the person who ran the command: bad input, nothing matched,
 * not linked. It renders in the reader's language when the reply is built.
 */
export class UserFacingError extends Error {
  override name = 'UserFacingError';
  readonly render: (t: Translator) => string;

  constructor(key: PlainMessageKey);
  constructor(code: string, render: (t: Translator) => string);
  constructor(code: string, render?: (t: Translator) => string) {
    super(code);
    this.render = render ?? ((t) => t(code as PlainMessageKey));
  }
}

/** A bad option value: names the option and says what is expected. */
export function badOption(option: string, reason: (t: Translator) => string): UserFacingError {
  return new UserFacingError('error.badOption', (t) => t('error.badOption', { option, reason: reason(t) }));
}
