import { describe, expect, it } from 'vitest';
import { createTranslator, formatNumber } from '#src/i18n/translator.js';
import { activityLine } from '#src/render/activity.js';
import { discordTime, episodeLabel, spoiler, truncate } from '#src/render/format.js';
import { workEmbed } from '#src/render/work.js';

const t = createTranslator('en');
const ja = createTranslator('ja');

describe('formatNumber', () => {
  it('formats like Intl in both languages, integers and not', () => {
    const values = [
      0,
      7,
      999,
      1000,
      12_345,
      999_999,
      1_000_000,
      123_456_789,
      -1,
      -1234,
      -1_234_567,
      1.5,
      1234.25,
      2 ** 53 + 2,
    ];
    for (const [locale, tag] of [
      ['en', 'en-US'],
      ['ja', 'ja-JP'],
    ] as const) {
      for (const value of values)
        expect(formatNumber(locale, value)).toBe(new Intl.NumberFormat(tag).format(value));
    }
  });
});

describe('rendering', () => {
  it('hides comments behind spoilers that a comment cannot close early', () => {
    expect(spoiler('a || b')).toBe('||a \\|\u200b\\|\u200b b||');
    expect(spoiler('x'.repeat(5000)).length).toBeLessThanOrEqual(4096);
  });

  it('truncates with an ellipsis and formats Discord timestamps', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(discordTime('2017-01-28T15:00:00.000Z', 'R')).toBe('<t:1485615600:R>');
    expect(discordTime('not a date')).toBe('');
  });

  it('labels episodes with a null number or title', () => {
    expect(episodeLabel({ number: null, number_text: null, title: null }, t)).toBe(
      'Unnumbered episode (no title)',
    );
    expect(episodeLabel({ number: 3, number_text: null, title: 'はじまり' }, ja)).toBe('第3話 はじまり');
  });

  it('renders a work without a season or images', () => {
    const embed = workEmbed({ id: 9, title: '夜明けのシグナル' }, t, 'en');
    expect(embed.fields?.find((f) => f.name === 'Season')?.value).toBe('No season');
    expect(embed.thumbnail).toBeUndefined();
  });

  it('renders an unknown activity action without failing', () => {
    const line = activityLine(
      { id: 1, action: 'create_character_favorite', user: { username: 'bob' }, work: { title: '空' } },
      t,
    );
    expect(line).toBe('**bob** did something with **空**');
  });

  it('escapes Markdown in names from the service', () => {
    const line = activityLine(
      {
        id: 2,
        action: 'create_status',
        user: { username: '*evil*' },
        work: { title: '__x__' },
        status: { kind: 'watching' },
      },
      t,
    );
    expect(line).toContain('\\*evil\\*');
  });
});
