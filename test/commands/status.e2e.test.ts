/** `/status` end to end: the smallest command, and CONTRIBUTING's example of adding one. */
import { describe, expect, it } from 'vitest';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

describe('/status: set your watch status for a work', () => {
  const stack = useStack({}, { link: ['alice'] });

  const status = (work: string, kind: string, locale = 'en-US') =>
    stack.discord.slash({
      name: 'status',
      options: { work, kind },
      user: { ...USERS.alice, locale },
      locale,
    });

  it('sets the status on the service and says so privately, in the person’s language', async () => {
    const set = await (await status(String(DEMO_WORKS.soraNote), 'watching')).reply(TIMEOUT);
    expect(set.ephemeral).toBe(true);
    expect(set.content).toMatch(/^Set \*\*.+\*\* to Watching\.$/);
    expect(stack.emulator.data.statusOf(DEMO_USERS.alice.id, DEMO_WORKS.soraNote)).toBe('watching');
    const cleared = await (await status(String(DEMO_WORKS.soraNote), 'no_select', 'ja')).reply(TIMEOUT);
    expect(cleared.content).toContain('未選択');
    // "No status" clears it: the service keeps no status for the work.
    expect(stack.emulator.data.statusOf(DEMO_USERS.alice.id, DEMO_WORKS.soraNote)).toBeUndefined();
  });

  it('names a title that matches nothing, and changes nothing', async () => {
    const before = stack.emulator.data.statuses.get(DEMO_USERS.alice.id)?.size ?? 0;
    const reply = await (await status('no such anime at all', 'watched')).reply(TIMEOUT);
    expect(reply.content).toMatch(/No work matched “no such anime at all”/);
    expect(stack.emulator.data.statuses.get(DEMO_USERS.alice.id)?.size ?? 0).toBe(before);
  });
});
