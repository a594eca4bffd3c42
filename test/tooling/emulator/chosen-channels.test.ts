/** The emulator's `filter_unwatched` applies the service's chosen-channel rule (SERVICE.md). */
import { describe, expect, it } from 'vitest';
import { chooseChannel } from '../../fakes/emulator/chosen-channels.js';
import { emulatorPerFile, type Json } from '../../fakes/emulator/emulator-calls.js';
import { DEMO_CHANNELS, DEMO_TOKENS, DEMO_USERS, DEMO_WORKS } from '../../fakes/emulator/seed.js';

const api = emulatorPerFile();
const unwatched = '/v1/me/programs?per_page=50&filter_unwatched=true&sort_started_at=asc';
const programsOf = (body: Json) =>
  body.programs as Array<Json & { channel: Json; work: Json; episode: Json | null }>;

describe('filter_unwatched and the chosen broadcast channel', () => {
  it('keeps only the channel each entry chose; an entry with none contributes nothing', async () => {
    const all = programsOf(await api.getJson('/v1/me/programs?per_page=50', DEMO_TOKENS.bob));
    expect(all.some((p) => p.work.id === DEMO_WORKS.isekaiBakery)).toBe(true);
    const backlog = programsOf(await api.getJson(unwatched, DEMO_TOKENS.bob));
    // Bob chose TOKYO MX for 空色ノート and no channel for 異世界ベーカリー.
    expect(backlog.length).toBeGreaterThan(0);
    expect(backlog.every((p) => p.work.id === DEMO_WORKS.soraNote)).toBe(true);
    expect(backlog.every((p) => p.channel.id === DEMO_CHANNELS.tokyoMx)).toBe(true);

    chooseChannel(api.emu.data, DEMO_USERS.bob.id, DEMO_WORKS.isekaiBakery, DEMO_CHANNELS.dAnime);
    const chosen = programsOf(await api.getJson(unwatched, DEMO_TOKENS.bob));
    const bakery = chosen.filter((p) => p.work.id === DEMO_WORKS.isekaiBakery);
    // Bob has records, so the dアニメストア program without an episode is left out too.
    expect(bakery).toEqual([]);
    chooseChannel(api.emu.data, DEMO_USERS.bob.id, DEMO_WORKS.isekaiBakery, DEMO_CHANNELS.abema);
    const onAbema = programsOf(await api.getJson(unwatched, DEMO_TOKENS.bob));
    expect(onAbema.filter((p) => p.work.id === DEMO_WORKS.isekaiBakery).map((p) => p.channel.id)).toEqual([
      DEMO_CHANNELS.abema,
    ]);
  });

  it('leaves out recorded episodes, and a status cleared to no_select forgets the choice', async () => {
    const data = api.emu.data;
    const before = programsOf(await api.getJson(unwatched, DEMO_TOKENS.alice));
    const first = before.find((p) => p.episode !== null);
    expect(first).toBeDefined();
    data.createRecord({ userId: DEMO_USERS.alice.id, episodeId: Number(first?.episode?.id) });
    const after = programsOf(await api.getJson(unwatched, DEMO_TOKENS.alice));
    expect(after.some((p) => p.episode?.id === first?.episode?.id)).toBe(false);

    data.setStatus(DEMO_USERS.alice.id, DEMO_WORKS.haganeMelody, 'no_select');
    data.setStatus(DEMO_USERS.alice.id, DEMO_WORKS.haganeMelody, 'watching');
    const cleared = programsOf(await api.getJson(unwatched, DEMO_TOKENS.alice));
    expect(cleared.some((p) => p.work.id === DEMO_WORKS.haganeMelody)).toBe(false);
  });
});
