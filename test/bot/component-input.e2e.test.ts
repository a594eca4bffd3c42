import { describe, expect, it } from 'vitest';
import { en } from '#src/i18n/messages/en.js';
import { classifyAnswer } from '../support/faults/answers.js';
import { USERS, useStack } from '../support/stack.js';

/** Discord refuses a first answer after 3 s; the fake does too. */
const FIRST_ANSWER_TIMEOUT = 3_500;
const TIMEOUT = 10_000;

/**
 * Forged or garbled component input, one case per shape the fuzz found: each is answered, within
 * Discord's 3 s, with the plain "expired" message rather than our internal-error message.
 */
describe('forged component input', () => {
  const stack = useStack(
    { env: { SERVICE_RATE_PER_SECOND: '20' }, emulatorRateLimit: false },
    { link: ['bob'] },
  );

  const episode = () => [...stack.emulator.data.episodes.keys()][0] ?? 1;

  // Was: commands/subscription/index.ts `rate` parsed the value before its first await, and
  // src/bot/responder.ts did not catch a synchronous throw, so the interaction got no answer at all.
  it('a rating select with a value outside 0–5 is answered', async () => {
    const result = await stack.discord.select({
      customId: `subscription:rate:${episode()}`,
      values: ['9'],
      user: USERS.bob,
    });
    await result.waitFor(() => result.callbacks.length > 0, FIRST_ANSWER_TIMEOUT, 'a first answer');
    const reply = await result.reply(TIMEOUT);
    expect(classifyAnswer(reply)).toBe('answer');
    expect(reply.ephemeral).toBe(true);
    expect(result.errors).toEqual([]);
  });

  // Was: a ZodError from parsing a custom-id argument was answered as our own internal error.
  const forged: Array<{ customId: string; values?: string[] }> = [
    { customId: 'work:episodes:abc' },
    { customId: 'work:status:-1', values: ['watching'] },
    { customId: 'work:status:1', values: ['not-a-status'] },
    { customId: 'subscription:watched:1e309' },
    { customId: `record:delete:-5:${USERS.bob.id}` },
  ];
  for (const { customId, values } of forged) {
    it(`${customId}${values ? ` [${values.join()}]` : ''} is answered as expired`, async () => {
      const result = values
        ? await stack.discord.select({ customId, values, user: USERS.bob })
        : await stack.discord.button({ customId, user: USERS.bob });
      await result.waitFor(() => result.callbacks.length > 0, FIRST_ANSWER_TIMEOUT, 'a first answer');
      const reply = await result.reply(TIMEOUT);
      expect(reply.content).toBe(en['error.expired']);
      expect(reply.ephemeral).toBe(true);
    });
  }
});
