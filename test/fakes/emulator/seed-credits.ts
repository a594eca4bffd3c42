/**
 * Who made the demo works: characters and the people voicing them (casts), staff roles held by
 * people and studios (staffs). People are those of seedPeople: the even ones act, the odd ones make.
 * Roles are written as the service sends them, in Japanese (rails/config/locales/enumerize.ja.yml).
 */
import type { EmulatorData } from './data.js';
import { DEMO_PEOPLE, DEMO_STUDIOS, DEMO_WORKS } from './seed-ids.js';

const W = DEMO_WORKS;

const P = DEMO_PEOPLE;
const S = DEMO_STUDIOS;

/** [work, character, its kana, its English name, person, name credited (default: the person's)]. */
type CastSpec = [number, string, string, string, number, string?];
const CASTS: CastSpec[] = [
  [W.soraNote, '空野ひなた', 'そらのひなた', 'Hinata Sorano', P.hoshino],
  [W.soraNote, '青井ミオ', 'あおいみお', 'Mio Aoi', P.takahashi],
  [W.soraNote, '白石ユウ', 'しらいしゆう', 'Yu Shiraishi', P.sato],
  // Credited under the name she used then.
  [W.soraNote, '先生', 'せんせい', 'Teacher', P.kobayashi, 'こばやしさくら'],
  [W.soraNoteMovie, '空野ひなた', 'そらのひなた', 'Hinata Sorano', P.hoshino],
  [W.soraNoteMovie, '青井ミオ', 'あおいみお', 'Mio Aoi', P.takahashi],
  [W.houkagoDragon, 'リュウ', 'りゅう', 'Ryu', P.sato],
  [W.houkagoDragon, '竜胆カナタ', 'りんどうかなた', 'Kanata Rindo', P.hoshino],
  [W.cafeLumina, 'ルミナ', 'るみな', 'Lumina', P.kobayashi],
];

/** [work, role as sent, person or studio, role_other, role_other_en]. */
type StaffSpec = [number, string, { person: number } | { studio: number }, string?, string?];
const STAFFS: StaffSpec[] = [
  [W.soraNote, '原作', { person: P.fujiwara }],
  [W.soraNote, '監督', { person: P.yamada }],
  [W.soraNote, 'シリーズ構成', { person: P.suzuki }],
  [W.soraNote, 'キャラクターデザイン', { person: P.nakamura }],
  [W.soraNote, '音楽', { person: P.suzuki }],
  [W.soraNote, 'その他', { person: P.nakamura }, '色彩設計', 'Color Design'],
  [W.soraNote, 'アニメーション制作', { studio: S.aozora }],
  [W.soraNoteMovie, '原作', { person: P.fujiwara }],
  [W.soraNoteMovie, '総監督', { person: P.yamada }],
  [W.soraNoteMovie, '脚本', { person: P.suzuki }],
  [W.soraNoteMovie, 'アニメーション制作', { studio: S.aozora }],
  [W.houkagoDragon, '監督', { person: P.suzuki }],
  [W.houkagoDragon, 'キャラクター原案', { person: P.fujiwara }],
  [W.houkagoDragon, 'アニメーション制作', { studio: S.kotetsu }],
  [W.haganeMelody, '監督', { person: P.yamada }],
  [W.haganeMelody, '音響監督', { person: P.nakamura }],
  [W.haganeMelody, 'アニメーション制作', { studio: S.kotetsu }],
];

/** 鋼の旋律 has a large ensemble: more casts than one page of 25 holds. */
const SQUAD_SIZE = 28;

export function seedCredits(data: EmulatorData): void {
  const { credits } = data;
  credits.createOrganization({
    id: S.aozora,
    name: 'スタジオ青空',
    nameKana: 'すたじおあおぞら',
    nameEn: 'Studio Aozora',
    url: 'https://aozora.example.jp/',
    favoriteOrganizationsCount: 120,
  });
  credits.createOrganization({ id: S.kotetsu, name: '鋼鉄アニメーション', nameEn: 'Kotetsu Animation' });
  for (const [workId, name, nameKana, nameEn, personId, credited] of CASTS) {
    const character = credits.createCharacter({ name, nameKana, nameEn });
    credits.createCast({
      workId,
      characterId: character.id,
      personId,
      ...(credited ? { name: credited, nameEn: '' } : {}),
    });
  }
  seedEnsemble(data);
  for (const [workId, roleText, credited, roleOther, roleOtherEn] of STAFFS) {
    const resource =
      'person' in credited ? { personId: credited.person } : { organizationId: credited.studio };
    credits.createStaff({ workId, roleText, roleOther, roleOtherEn, ...resource });
  }
}

function seedEnsemble({ credits }: EmulatorData): void {
  const leads: [string, string, string, number][] = [
    ['鋼ツバサ', 'はがねつばさ', 'Tsubasa Hagane', P.takahashi],
    ['銀城レイ', 'ぎんじょうれい', 'Rei Ginjo', P.hoshino],
  ];
  for (const [name, nameKana, nameEn, personId] of leads) {
    const character = credits.createCharacter({ name, nameKana, nameEn });
    credits.createCast({ workId: W.haganeMelody, characterId: character.id, personId });
  }
  const voices = [P.sato, P.kobayashi, P.hoshino, P.takahashi];
  for (let n = 1; n <= SQUAD_SIZE; n++) {
    const character = credits.createCharacter({ name: `第${n}小隊員`, nameEn: `Squad Member ${n}` });
    const personId = voices[n % voices.length] ?? P.sato;
    credits.createCast({ workId: W.haganeMelody, characterId: character.id, personId });
  }
}
