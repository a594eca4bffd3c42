/** The ids, names and credentials of the demo data set: what tests refer to by name. */

/**
 * Fixed demo credentials. They only open the local emulator: random-looking on purpose so
 * that log-redaction tests see realistic values, but they are not secrets.
 */
export const DEMO_TOKENS = {
  alice: 'JksyIFYDqrnXF4hSuLVZgTqcdO32baeFgwfDiuDD6Fc',
  aliceRead: '7evb68UV-ElaMwbi8xDDxraP1vHF_10pkzr3FgbulNQ',
  bob: 'wFVTDT_0i2WBB0_bwFkBOawwmabhl7Y4tPHC9kcR1XY',
  carol: 'bRbrQe79LiMh3_pfKANGt7iQeReertzuRB-tgdbu3xo',
  dave: 'dgfdQbP9giiNhbiCWyo4tCoi7l2-zj11McoBsJkR5m4',
  erin: 'hOM1yWaC_JCWgPOKMTTgCZHOlTivFi2yv6RviJ5IqOk',
} as const;

export const DEMO_USERS = {
  alice: { id: 1, username: 'alice' },
  bob: { id: 2, username: 'bob' },
  carol: { id: 3, username: 'carol' },
  dave: { id: 4, username: 'dave' },
  erin: { id: 5, username: 'erin' },
  frank: { id: 6, username: 'frank' },
  mallory: { id: 7, username: 'mallory' },
} as const;

export const DEMO_OAUTH_CLIENT = {
  id: 'LYqg6NWAoE4FlQVpEo2iPWbR2_9kuyvHzsujCq0XUqI',
  secret: '_c6OSmW3DRhr13y6LgxYDc8cZJfanxtw7thJSX4fi6I',
  name: 'kiroku (emulator)',
} as const;

/** Ids of the hand-made works. */
export const DEMO_WORKS = {
  soraNote: 1,
  haganeMelody: 2,
  houkagoDragon: 3,
  cafeLumina: 4,
  tsukikage: 5,
  isekaiBakery: 6,
  soraNoteMovie: 7,
  sakurazaka: 8,
  yoakeSignal: 9,
  nekoMajo: 10,
  uchuShokudo: 11,
  koshoten: 12,
} as const;

/** The 120 works whose title contains 銀河 have the contiguous ids firstId..lastId. */
export const DEMO_GINGA = { fragment: '銀河', count: 120, firstId: 1001, lastId: 1120 } as const;

export const DEMO_CHANNELS = {
  tokyoMx: 1,
  bs11: 2,
  atx: 3,
  abema: 4,
  nhk: 5,
  dAnime: 6,
} as const;

/** The people of the demo data set (seedPeople, in this order): even ids act, odd ones make. */
export const DEMO_PEOPLE = {
  hoshino: 1,
  fujiwara: 2,
  takahashi: 3,
  yamada: 4,
  sato: 5,
  suzuki: 6,
  kobayashi: 7,
  nakamura: 8,
} as const;

/** The studios credited in the demo works' staffs. */
export const DEMO_STUDIOS = { aozora: 1, kotetsu: 2 } as const;
