/**
 * `/me card:season` through the real discord.js client against the fake Discord and the emulator: the
 * card privately with its Share button, then shared in the channel, in English and Japanese.
 */
import { PermissionFlagsBits } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { SEASON_SIZE } from '#src/pictures/index.js';
import type { InteractionReply } from '../fakes/discord/interaction-result.js';
import { customIds } from '../fakes/discord/interaction-result.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 20_000;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe('/me card:season end to end', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });

  const card = async (
    options: Record<string, string>,
    locale = 'en-US',
    user: { id: string; username: string } = USERS.alice,
  ) => (await stack.discord.slash({ name: 'me', options, user: { ...user, locale }, locale })).reply(TIMEOUT);

  const share = async (shown: InteractionReply, locale: string, extra: object = {}) => {
    const [customId] = customIds(shown.components);
    expect(customId).toMatch(/^me:share:/);
    return (
      await stack.discord.button({
        customId: customId ?? '',
        user: { ...USERS.alice, locale },
        locale,
        ...(shown.message ? { message: shown.message } : {}),
        ...extra,
      })
    ).reply(TIMEOUT);
  };

  /** The reply's one attachment: a PNG of the card's size, described by its text alternative. */
  const picture = (reply: InteractionReply) => {
    const files = stack.discord.attachments(reply.message?.id ?? '');
    expect(files).toHaveLength(1);
    const [file] = files;
    expect(file?.filename).toBe('season-card.png');
    expect(file?.contentType).toBe('image/png');
    expect(pngSize(file?.bytes ?? Buffer.alloc(0))).toEqual(SEASON_SIZE);
    expect(file?.description?.length ?? 0).toBeGreaterThan(0);
    return file;
  };

  it('shows the card privately, then shares the same card in the channel (English)', async () => {
    stack.emulator.resetStats();
    const shown = await card({ card: 'season', season: '2024-spring' });
    expect(shown.ephemeral).toBe(true);
    // alice's seeded spring 2024: two works started, none finished; four episodes recorded, two rated.
    expect(shown.content).toBe(
      [
        'Spring 2024 season card of アリス.',
        '4 episodes recorded; 0 of 2 works finished (0%).',
        'Top rated: Seaside Café Lumina (Great); Sky Blue Notebook (Great).',
      ].join('\n'),
    );
    const file = picture(shown);
    expect(file?.description).toMatch(/^Spring 2024 season card of /);
    // The card's requests (profile, works of the season, records), all with alice's token.
    expect(stack.emulator.stats.requests).toBe(3);

    const shared = await share(shown, 'en-US');
    // Drawn again for the channel: the same three requests.
    expect(stack.emulator.stats.requests).toBe(6);
    expect(shared.ephemeral).toBe(false);
    expect(shared.content).toBe(shown.content);
    expect(shared.components).toEqual([]);
    expect(picture(shared)?.description).toBe(file?.description);
  });

  it('shows and shares the card in Japanese; the season defaults to this one', async () => {
    const shown = await card({ card: 'season', season: '2024-spring' }, 'ja');
    expect(shown.ephemeral).toBe(true);
    expect(shown.content).toBe(
      [
        'アリスさんの2024年春シーズンカード。',
        '4話を記録し、2作品中0作品を見終わりました（完走率0%）。',
        '評価の高かった作品: 海辺のカフェ・ルミナ（とても良い）、空色ノート（とても良い）。',
      ].join('\n'),
    );
    picture(shown);
    const shared = await share(shown, 'ja');
    expect(shared.ephemeral).toBe(false);
    expect(shared.content).toBe(shown.content);
    picture(shared);

    const current = await card({ card: 'season' }, 'ja');
    const now = new Date();
    const season = ['冬', '春', '夏', '秋'][Math.floor(now.getUTCMonth() / 3)];
    expect(current.content).toContain(`さんの${now.getUTCFullYear()}年${season}シーズンカード。`);
    picture(current);
  });

  it('a season alone asks for the card; a year filter is refused; autocomplete offers single seasons', async () => {
    const shown = await card({ season: '2024-winter' });
    expect(shown.content).toMatch(/^Winter 2024 season card of /);
    const refused = await card({ card: 'season', season: '2024-all' });
    expect(refused.content).toBe('`season`: must be one season such as 2024-autumn');
    const choices = await (
      await stack.discord.autocomplete({
        name: 'me',
        options: { season: '2024' },
        focused: 'season',
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(choices.choices?.map((c) => c.value)).toEqual([
      '2024-autumn',
      '2024-summer',
      '2024-spring',
      '2024-winter',
    ]);
  });

  it('someone not linked gets the link panel; only the owner may share; no sharing where kiroku cannot attach', async () => {
    const panel = await card({ card: 'season' }, 'en-US', USERS.stranger);
    expect(panel.ephemeral).toBe(true);
    expect(customIds(panel.components).some((id) => id.startsWith('account:'))).toBe(true);
    expect(stack.discord.attachments(panel.message?.id ?? '')).toEqual([]);

    const shown = await card({ card: 'season', season: '2024-spring' });
    const [customId] = customIds(shown.components);
    const stolen = await (
      await stack.discord.button({ customId: customId ?? '', user: USERS.bob, message: shown.message })
    ).reply(TIMEOUT);
    expect(stolen.ephemeral).toBe(true);
    expect(stolen.content).toBe('Only the person this card belongs to can share it.');

    const noFiles = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;
    const refused = await share(shown, 'ja', { appPermissions: noFiles });
    expect(refused.ephemeral).toBe(true);
    expect(refused.content).toContain('画像を投稿できません');
    expect(stack.discord.attachments(refused.message?.id ?? '')).toEqual([]);
  });
});
