/** Hostile option and field values: oversized, unicode, control characters, negative, wrong type. */
import type { Rng } from './fuzz-random.js';

const FIXED_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\u0000\u0001\u0002\u001b[31m\u007f',
  '\r\n\t\v\f',
  '\u202eevil\u202c',
  '\ud800',
  '\udfff\ud800',
  '\ufeff\u200b\u200d',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'Z̸̛̛͇̯̬̳͎̰͍̺͇̫̊̓̀̇̂̑͗̈́̍͐͂̕͝a̷l̵g̶o̷',
  '@everyone @here <@310000000000000001> <@&1> <#1>',
  '||spoiler|| **bold** `code` ```block```',
  // A template-literal injection attempt, kept as plain text on purpose.
  ['$', '{process.exit(1)}'].join(''),
  "'; DROP TABLE keyv; --",
  '../../../../etc/passwd',
  '%00%ff%2e%2e',
  '{"__proto__":{"admin":true}}',
  '__proto__',
  'constructor',
  'toString',
  '-1',
  '0',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '#-5',
  '#0',
  '#99999999999',
  '99999999999999999999999999',
  '5.5',
  '0x10',
  '2024-autumn',
  '9999-winter',
  '2024-nope',
  '-2024-spring',
  '25:61',
  '08:00',
  '8:0',
  'Asia/Tokyo',
  'Etc/GMT+14',
  'Not/AZone',
  'UTC\u0000',
  '銀河',
  '空色ノート',
  'あ',
  'pg:x:1',
  ':::',
  'https://evil.example/?token=x',
  '<script>alert(1)</script>',
];

const RANGES: Array<[number, number]> = [
  [0x20, 0x7e],
  [0x00, 0x1f],
  [0x3040, 0x30ff],
  [0x4e00, 0x9fff],
  [0x0590, 0x06ff],
  [0x0300, 0x036f],
  [0x1f300, 0x1faff],
  [0xfff0, 0xffff],
];

function randomText(rng: Rng, length: number): string {
  let text = '';
  while (text.length < length) {
    const [low, high] = rng.pick(RANGES);
    text += String.fromCodePoint(rng.int(low, high));
  }
  return text;
}

export function hostileString(rng: Rng): string {
  switch (rng.int(0, 5)) {
    case 0:
    case 1:
      return rng.pick(FIXED_STRINGS);
    case 2:
      return randomText(rng, rng.int(1, 40));
    case 3:
      // Oversized: past Discord's option (6,000) and message (2,000) limits.
      return rng.pick(['A', 'あ', '😀', '\u0000', '銀河']).repeat(rng.int(2_000, 12_000));
    case 4:
      return `${rng.pick(FIXED_STRINGS)}${randomText(rng, rng.int(1, 10))}${rng.pick(FIXED_STRINGS)}`;
    default:
      return String(hostileNumber(rng));
  }
}

const FIXED_NUMBERS = [
  -1,
  0,
  -0,
  0.5,
  -0.0001,
  1.5,
  5.000001,
  6,
  -5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  Number.MAX_SAFE_INTEGER,
  Number.MIN_SAFE_INTEGER,
  1e308,
  -1e308,
  5e-324,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];

export function hostileNumber(rng: Rng): number {
  return rng.chance(0.6) ? rng.pick(FIXED_NUMBERS) : rng.int(-1_000_000, 1_000_000) / rng.pick([1, 1, 7]);
}

/** A random string that looks like a personal access token (43 base64url characters). */
export function tokenLike(rng: Rng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  let token = '';
  for (let i = 0; i < 43; i++) token += alphabet[rng.int(0, alphabet.length - 1)];
  return token;
}

/** A Discord-like id: a real-looking snowflake, or something that is not one. */
export function hostileSnowflake(rng: Rng): string {
  return rng.chance(0.7)
    ? `${rng.int(100_000_000, 999_999_999)}${rng.int(100_000_000, 999_999_999)}`
    : rng.pick(['0', '-1', 'abc', '', '１２３', '9'.repeat(40), '1.5']);
}
