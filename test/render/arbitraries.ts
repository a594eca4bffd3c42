/** fast-check generators of the text people really write on the service, and objects built from it. */
import fc from 'fast-check';
import type { Activity, Episode, Person, Program, ServiceRecord, User, Work } from '#src/service/index.js';

const PIECES = [
  '😭',
  '🔥',
  '👨‍👩‍👧',
  '🏳️‍🌈',
  '🇯🇵',
  '🇺🇸',
  '1️⃣',
  '#️⃣',
  '👍🏽',
  'か\u3099',
  'e\u0301',
  'ﾊﾟ',
  'שלום',
  'مرحبا',
  '\u202e',
  '日本語のタイトル',
  '僕のヒーローアカデミア',
  '||',
  '|||',
  '**',
  '__',
  '~~',
  '`',
  '```',
  '\\',
  '# ',
  '-# ',
  '> ',
  '1. ',
  '[Free Nitro](https://evil.example)',
  '<@123456789012345678>',
  '<@&1>',
  '<#1>',
  '<t:1700000000:R>',
  '<:kiroku:123456789012345678>',
  '@everyone',
  'https://annict.com/works/1',
  ' ',
  '\n',
  '\t',
  '\u200b',
  '\uD83D',
  '\uDE2D',
  'word',
];

/**
 * A mix of the pieces above and arbitrary graphemes. Arrays here and in the properties say
 * `size: 'max'`: fast-check's default size caps a generated array at 10 items whatever its
 * `maxLength`, so 60 pieces, 300 graphemes, 11 embeds or 27 fields were never generated and the
 * limits those lengths cross (25 fields, 10 embeds, 100-character names) were never reached.
 */
export const messyText: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(fc.constantFrom(...PIECES), { maxLength: 60, size: 'max' })
      .map((parts) => parts.join('')),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 300, size: 'max' }) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\n\n', '\u3000') },
  {
    weight: 2,
    // Essays: one piece repeated to thousands of characters, as fans write them.
    arbitrary: fc
      .tuple(fc.constantFrom(...PIECES), fc.integer({ min: 500, max: 5000 }))
      .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length)),
  },
);

const maybe = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: null });
const url = fc.oneof(
  fc.constant('https://annict.com/images/a.png'),
  fc.constant('http://annict.com/a.png'),
  fc.constant('https://'),
  fc.constant('//annict.com/x.png'),
  fc.constant(''),
  messyText,
);

export const work: fc.Arbitrary<Work> = fc.record({
  id: fc.integer({ min: 1, max: 99_999 }),
  title: messyText,
  title_kana: maybe(messyText),
  title_en: maybe(messyText),
  media_text: maybe(messyText),
  season_name_text: maybe(messyText),
  released_on: maybe(messyText),
  official_site_url: maybe(url),
  wikipedia_url: maybe(url),
  images: fc.record({ recommended_url: maybe(url), facebook: fc.record({ og_image_url: maybe(url) }) }),
  episodes_count: fc.integer({ min: 0, max: 5000 }),
  watchers_count: fc.integer({ min: 0, max: 9_999_999 }),
}) as unknown as fc.Arbitrary<Work>;

export const episode: fc.Arbitrary<Episode> = fc.record({
  id: fc.integer({ min: 1, max: 999_999 }),
  number: maybe(fc.integer({ min: 0, max: 9999 })),
  number_text: maybe(messyText),
  title: maybe(messyText),
  records_count: fc.integer({ min: 0, max: 99_999 }),
  record_comments_count: fc.integer({ min: 0, max: 99_999 }),
}) as unknown as fc.Arbitrary<Episode>;

export const user: fc.Arbitrary<User> = fc.record({
  id: fc.integer({ min: 1, max: 999_999 }),
  username: messyText,
  name: maybe(messyText),
  description: maybe(messyText),
  avatar_url: maybe(url),
  records_count: fc.integer({ min: 0, max: 999_999 }),
  created_at: maybe(fc.oneof(fc.constant('2017-01-28T15:00:00.000Z'), messyText)),
}) as unknown as fc.Arbitrary<User>;

const RATINGS = ['bad', 'average', 'good', 'great'];
export const record: fc.Arbitrary<ServiceRecord> = fc.record({
  id: fc.integer({ min: 1, max: 9_999_999 }),
  comment: maybe(messyText),
  rating_state: maybe(fc.constantFrom(...RATINGS)),
  likes_count: fc.integer({ min: 0, max: 999 }),
  created_at: fc.constant('2024-01-01T00:00:00.000Z'),
  user: user,
  work: work,
  episode: episode,
}) as unknown as fc.Arbitrary<ServiceRecord>;

export const activity: fc.Arbitrary<Activity> = fc
  .record({
    id: fc.integer({ min: 1, max: 9_999_999 }),
    action: fc.constantFrom(
      'create_record',
      'create_review',
      'create_status',
      'create_multiple_records',
      'unknown',
    ),
    created_at: fc.constant('2024-01-01T00:00:00.000Z'),
    user: user,
    work: work,
    episode: episode,
    record: fc.record({ comment: maybe(messyText), rating_state: maybe(fc.constantFrom(...RATINGS)) }),
    review: fc.record({ body: maybe(messyText), rating_overall_state: maybe(fc.constantFrom(...RATINGS)) }),
    status: fc.record({ kind: fc.constantFrom('watching', 'watched', 'wanna_watch', 'weird') }),
    multiple_record: fc.array(fc.record({ episode: episode }), { maxLength: 40, size: 'max' }),
  })
  .map((a) => a as unknown as Activity);

export const person: fc.Arbitrary<Person> = fc.record({
  id: fc.integer({ min: 1, max: 99_999 }),
  name: messyText,
  name_kana: maybe(messyText),
  name_en: maybe(messyText),
}) as unknown as fc.Arbitrary<Person>;

export const program: fc.Arbitrary<Program> = fc.record({
  id: fc.integer({ min: 1, max: 99_999 }),
  started_at: fc.constant('2024-04-01T15:30:00.000Z'),
  is_rebroadcast: fc.boolean(),
  channel: fc.record({ name: messyText }),
  work: work,
  episode: episode,
}) as unknown as fc.Arbitrary<Program>;
