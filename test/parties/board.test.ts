/**
 * The party message's board: edits only when the text would change, a channel that refuses kiroku
 * stops the party and tells its host once, and the message fits Discord's limits for any title or
 * name; a press's claim holds once across callers and is given back by a failed record.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { PartyBoard, type PartyDiscord, type PartyWrite } from '#src/parties/board.js';
import { Parties, type Party } from '#src/parties/model.js';
import { openStore, type Store } from '#src/store/index.js';
import { captureLogger } from '../support/log-capture.js';

const NOW = new Date('2026-11-27T12:00:00Z');

function fakeDiscord(answer: () => PartyWrite) {
  const sent = { posts: 0, edits: 0, notices: [] as string[], last: undefined as unknown };
  const discord: PartyDiscord = {
    async post(_channel, message) {
      sent.posts++;
      sent.last = message;
      return answer();
    },
    async edit(_channel, _message, message) {
      sent.edits++;
      sent.last = message;
      return answer();
    },
    async notifyUser(userId, content) {
      sent.notices.push(`${userId}: ${content}`);
    },
  };
  return { discord, sent };
}

describe('party board', () => {
  let store: Store;
  let parties: Parties;
  const linked = new Set(['u1', 'u2', 'u3']);
  const sharing = new Set(['u1']);

  beforeEach(async () => {
    store = await openStore('sqlite://:memory:');
    parties = new Parties(store);
  });
  afterEach(async () => {
    await store.close();
  });

  const board = (discord: PartyDiscord) =>
    new PartyBoard({
      parties,
      discord,
      shares: async (id) => sharing.has(id),
      isLinked: async (id) => linked.has(id),
      translator: (locale) => createTranslator(locale),
      logger: captureLogger().logger,
      now: () => NOW,
    });
  const newParty = (over: Partial<Party> = {}) =>
    parties.create(
      {
        guildId: 'g',
        channelId: 'c',
        hostId: 'host',
        workId: 1,
        episodeId: 2,
        workTitle: 'Work',
        episodeLabel: 'Ep 1',
        startsAt: NOW.toISOString(),
        locale: 'en',
        ...over,
      },
      NOW,
    );

  it('opens once, then edits only when who watched changes', async () => {
    const { discord, sent } = fakeDiscord(() => ({ ok: true, messageId: 'm1' }));
    const party = await newParty();
    await board(discord).open(party);
    await board(discord).open(party);
    expect(sent.posts).toBe(1);
    expect((await parties.get(party.id))?.state).toBe('open');
    await board(discord).refresh(party.id);
    expect(sent.edits).toBe(0);
    expect(await parties.claim(party, 'u1', 'great', NOW)).toBe(true);
    await parties.recorded(party, 'u1', 'alice', NOW);
    await board(discord).refresh(party.id);
    await board(discord).refresh(party.id);
    expect(sent.edits).toBe(1);
    expect(JSON.stringify(sent.last)).toContain('alice · Great');
  });

  it('holds a press once for any number of callers until a failed record gives it back', async () => {
    const party = await newParty();
    const claims = await Promise.all([1, 2, 3, 4].map(() => parties.claim(party, 'u2', 'good', NOW)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    await parties.release(party.id, 'u2');
    expect(await parties.claim(party, 'u2', 'good', NOW)).toBe(true);
    // Claimed but not recorded: not on the list.
    expect(await parties.attendees(party.id)).toEqual([]);
  });

  it('stops a party whose channel refuses kiroku and tells the host once', async () => {
    let refuse = false;
    const { discord, sent } = fakeDiscord(() =>
      refuse ? { ok: false, reason: 'gone' } : { ok: true, messageId: 'm1' },
    );
    const party = await newParty();
    await board(discord).open(party);
    await parties.claim(party, 'u1', undefined, NOW);
    await parties.recorded(party, 'u1', 'alice', NOW);
    refuse = true;
    await Promise.all([board(discord).refresh(party.id), board(discord).refresh(party.id)]);
    expect((await parties.get(party.id))?.state).toBe('stopped');
    expect(sent.notices).toHaveLength(1);
    expect(sent.notices[0]).toMatch(/^host: I can no longer post in <#c>/);
    const edits = sent.edits;
    await board(discord).refresh(party.id);
    expect(sent.edits).toBe(edits);
  });

  it('fits Discord’s limits for any title and any number of names', async () => {
    const { discord, sent } = fakeDiscord(() => ({ ok: true, messageId: 'm1' }));
    const long = '鋼の旋律🎵'.repeat(400);
    const party = await newParty({ workTitle: long, episodeLabel: long });
    await board(discord).open(party);
    for (let i = 0; i < 60; i++) {
      const id = `p${i}`;
      linked.add(id);
      if (i % 2 === 0) sharing.add(id);
      await parties.claim(party, id, 'great', NOW);
      await parties.recorded(party, id, `name_${'x'.repeat(200)}_${i}`, NOW);
    }
    await board(discord).refresh(party.id);
    const message = sent.last as {
      embeds: Array<{ title: string; description: string; fields: Array<{ name: string; value: string }> }>;
    };
    const [embed] = message.embeds;
    expect(embed?.title.length).toBeLessThanOrEqual(256);
    expect(embed?.description.length).toBeLessThanOrEqual(4096);
    expect(embed?.fields[0]?.value.length).toBeLessThanOrEqual(1024);
    expect(embed?.fields[0]?.value).toContain('60 watched');
  });
});
