import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  booleanOption,
  integerOption,
  numberOption,
  stringOption,
  textChannelOption,
} from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { customId, customIds, parseCustomId } from '#src/components/custom-id.js';
import { createTranslator } from '#src/i18n/translator.js';

const text = { en: 'x', ja: 'x' };
const options = [
  stringOption('title', 't', text, { required: true, maxLength: 10 }),
  stringOption('sort', 's', text, {
    choices: [
      { value: 'newest', name: text },
      { value: 'likes', name: text },
    ],
  }),
  integerOption('hours', 'h', text, { min: 1, max: 168 }),
  numberOption('rating', 'r', text, { min: 0, max: 5 }),
  booleanOption('only', 'o', text),
  textChannelOption('channel', 'c', text),
] as const;

function reason(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return error.render(createTranslator('en'));
  }
  return undefined;
}

describe('options read from their definition', () => {
  it('gives the values the definition allows, defaults and refinements applied', () => {
    const given = readOptions(
      options,
      { title: 'Frieren', hours: 24, only: true },
      {
        defaults: { sort: 'newest' },
        refine: { title: z.string().transform((title) => title.toUpperCase()) },
      },
    );
    expect(given).toEqual({ title: 'FRIEREN', sort: 'newest', hours: 24, only: true });
  });

  it('refuses what breaks the definition: a missing required text, a choice not offered, a range', () => {
    expect(() => readOptions(options, {})).toThrow(UserFacingError);
    expect(() => readOptions(options, { title: 'a', sort: 'oldest' })).toThrow(UserFacingError);
    expect(() => readOptions(options, { title: 'a', hours: 169 })).toThrow(UserFacingError);
    expect(() => readOptions(options, { title: 'a', hours: 1.5 })).toThrow(UserFacingError);
    expect(() => readOptions(options, { title: 'a'.repeat(11) })).toThrow(UserFacingError);
    expect(() => readOptions(options, { title: 'a', channel: 'not a channel' })).toThrow(UserFacingError);
    expect(readOptions(options, { title: 'a', rating: 5 }).rating).toBe(5);
  });

  it('shows the reason the handler names for an option, in the reader’s language', () => {
    const failure = reason(() =>
      readOptions(options, { title: 'a', rating: 6 }, { reasons: { rating: 'reason.hours' } }),
    );
    expect(failure).toContain('rating');
    expect(failure).toContain(createTranslator('en')('reason.hours'));
  });
});

describe('typed custom ids', () => {
  it('build the same strings as before, and read their arguments back by name', () => {
    const ids = customIds('record', { delete: ['id', 'owner'], cancel: ['owner'] });
    expect(ids.delete.build(42, 'u1')).toBe(customId('record', 'delete', 42, 'u1'));
    expect(ids.delete.build(42, 'u1')).toBe('record:delete:42:u1');
    expect(ids.cancel.action).toBe('cancel');
    expect(ids.delete.read(parseCustomId('record:delete:42:u1').args)).toEqual({ id: '42', owner: 'u1' });
    expect(ids.delete.read([])).toEqual({ id: '', owner: '' });
  });
});
