/**
 * What a new operator does in Discord once the bot runs (the README's last quick-start step): a
 * lookup before linking anything (answered with SERVICE_TOKEN), then linking a read-and-write
 * personal token and posting a record. Shared by the README and compose tests.
 */
import { expect } from 'vitest';
import type { FakeDiscord } from '../fakes/discord/fake-discord.js';
import { DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import type { Emulator } from '../fakes/emulator/server.js';

const TIMEOUT = 20_000;

/** The operator's lookup token, as the README says to make it: read only. */
export const LOOKUP_TOKEN = DEMO_TOKENS.aliceRead;

export async function lookupThenRecord(discord: FakeDiscord, emulator: Emulator): Promise<void> {
  const user = { id: '370000000000000001', username: 'first_hour', locale: 'en-US' };
  const as = { user, locale: user.locale };
  const found = await (
    await discord.slash({ name: 'work', subcommand: 'search', options: { title: '空色' }, ...as })
  ).reply(TIMEOUT);
  // An English reader sees the work's English title (title_en).
  expect(JSON.stringify(found.embeds)).toContain('Sky Blue Notebook');

  const form = await (
    await discord.slash({ name: 'account', subcommand: 'link', options: { method: 'token' }, ...as })
  ).reply(TIMEOUT);
  expect(form.modal?.custom_id).toBe('account:token');
  const linked = await (
    await discord.modal({ customId: 'account:token', fields: { token: DEMO_TOKENS.bob }, ...as })
  ).reply(TIMEOUT);
  expect(linked.content ?? JSON.stringify(linked.embeds)).toContain('bob');

  const before = emulator.data.records.size;
  const posted = await (
    await discord.slash({
      name: 'record',
      subcommand: 'post',
      options: { work: String(DEMO_WORKS.soraNote), episode: '5', rating: 'great' },
      ...as,
    })
  ).reply(TIMEOUT);
  expect(posted.ephemeral).toBe(false);
  expect(emulator.data.records.size).toBe(before + 1);
}
