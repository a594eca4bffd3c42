import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { askWorkInfo, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 10_000;

/**
 * A token typed into the /account link form goes into an `Authorization: Bearer` header. One with
 * a character undici refuses in a header (NUL, other controls, anything past U+00FF) is refused as
 * a bad token, and does not hurt anyone else's requests.
 *
 * Found by the fuzz: such tokens were sent; undici threw InvalidArgumentError mid-dispatch (the user
 * read "The service is not answering"), and after `connections` (8) of them the shared undici Pool
 * of src/service/wire/http.ts was stuck with every later request queued forever, the per-request
 * timeout not freeing queued requests: two form submissions stopped every service call of the bot
 * until a restart. Fixed in src/accounts/link.ts (b64token check) and src/service/wire/http.ts.
 */
describe('a token that cannot be sent in a header', () => {
  const stack = useStack({ env: { SERVICE_RATE_PER_SECOND: '20' }, emulatorRateLimit: false });

  const submit = async (token: string) =>
    (await stack.discord.modal({ customId: 'account:token', fields: { token }, user: USERS.stranger })).reply(
      TIMEOUT,
    );

  const badToken = new RegExp(
    `^${createTranslator('en')('account.badToken')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('`/account link`', '(?:`/account link`|</account link:\\d+>)')}$`,
  );

  it('is refused as a bad token', async () => {
    // The text as the catalogue has it, the command written as a clickable mention.
    for (const token of ['あいうえお', 'abc\u0000def', 'トークン', 'tok\u007fen'])
      expect((await submit(token)).content).toMatch(badToken);
  });

  it('does not stop every other command', async () => {
    // More refused tokens than the pool has connections, then a lookup that needs the service.
    for (let i = 0; i < 10; i++) await submit(`bad\u0001token${i}`);
    const lookup = await askWorkInfo(stack, DEMO_WORKS.cafeLumina, USERS.bob, TIMEOUT);
    expect(lookup.embeds[0]?.title).toBeTruthy();
  });
});
