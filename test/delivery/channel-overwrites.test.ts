import { describe, expect, it } from 'vitest';
import { ChannelOverwrites } from '#src/jobs/posting/channel-overwrites.js';
import type { Overwrite } from '#src/jobs/posting/membership-rest.js';

/** The overwrites of the channels kiroku posts in, kept current from the gateway. */
const GUILD = '10';
const OTHER_GUILD = '11';
const CHANNEL = '20';
const deny = (id: string, bits: string): Overwrite => ({ id, type: 1, allow: '0', deny: bits });
const READ = [deny('30', '1024')];

/** A REST read that counts itself and answers `answer`. */
function reader(answer: Overwrite[] | 'channel-gone' = READ) {
  const calls = { count: 0 };
  const read = async () => {
    calls.count += 1;
    return answer;
  };
  return { calls, read };
}

describe('kept channel overwrites', () => {
  it('reads a channel once, then answers from the gateway: updates replace, a deletion drops', async () => {
    const kept = new ChannelOverwrites();
    const { calls, read } = reader();
    expect(await kept.get(GUILD, CHANNEL, read)).toEqual(READ);
    expect(await kept.get(GUILD, CHANNEL, read)).toEqual(READ);
    expect(calls.count).toBe(1);
    const changed = [deny('31', '2048')];
    kept.observe({
      t: 'CHANNEL_UPDATE',
      d: { id: CHANNEL, guild_id: GUILD, permission_overwrites: changed },
    });
    expect(await kept.get(GUILD, CHANNEL, read)).toEqual(changed);
    kept.observe({ t: 'CHANNEL_DELETE', d: { id: CHANNEL, guild_id: GUILD } });
    expect(kept.size).toBe(0);
    expect(await kept.get(GUILD, CHANNEL, reader('channel-gone').read)).toBe('channel-gone');
    expect(kept.size).toBe(0);
  });

  it('keeps nothing of channels and servers it was not asked about', () => {
    const kept = new ChannelOverwrites();
    kept.observe({ t: 'CHANNEL_UPDATE', d: { id: CHANNEL, guild_id: GUILD, permission_overwrites: READ } });
    kept.observe({
      t: 'GUILD_CREATE',
      d: { id: GUILD, channels: [{ id: CHANNEL, permission_overwrites: READ }] },
    });
    kept.observe({ t: 'CHANNEL_UPDATE', d: 'not a channel' });
    kept.observe({ t: null, d: null });
    expect(kept.size).toBe(0);
  });

  it('takes a rejoined server’s overwrites from GUILD_CREATE, dropping channels it no longer lists', async () => {
    const kept = new ChannelOverwrites();
    await kept.get(GUILD, CHANNEL, reader().read);
    await kept.get(GUILD, '21', reader().read);
    await kept.get(OTHER_GUILD, '22', reader().read);
    const now = [deny('32', '1024')];
    kept.observe({
      t: 'GUILD_CREATE',
      d: { id: GUILD, channels: [{ id: CHANNEL, permission_overwrites: now }] },
    });
    const again = reader();
    expect(await kept.get(GUILD, CHANNEL, again.read)).toEqual(now);
    expect(again.calls.count).toBe(0);
    expect(kept.size).toBe(2);
    kept.observe({ t: 'GUILD_DELETE', d: { id: OTHER_GUILD, unavailable: true } });
    expect(kept.size).toBe(1);
  });

  it('a read overtaken by an event answers the event, or asks again later after a deletion', async () => {
    const kept = new ChannelOverwrites();
    let finish: (value: Overwrite[]) => void = () => undefined;
    const slow = () =>
      new Promise<Overwrite[]>((resolve) => {
        finish = resolve;
      });
    const updated = [deny('33', '1024')];
    const first = kept.get(GUILD, CHANNEL, slow);
    kept.observe({
      t: 'CHANNEL_UPDATE',
      d: { id: CHANNEL, guild_id: GUILD, permission_overwrites: updated },
    });
    finish(READ);
    expect(await first).toEqual(updated);

    const second = kept.get(GUILD, '21', slow);
    kept.observe({ t: 'CHANNEL_DELETE', d: { id: '21', guild_id: GUILD } });
    finish(READ);
    expect(await second).toBe('unknown');
    expect(kept.size).toBe(1);
  });
});
