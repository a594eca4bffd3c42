import type { EmulatorData } from './data.js';
import { DEMO_TOKENS, DEMO_USERS } from './seed-ids.js';

/** The demo users, who follows and mutes whom, and their fixed tokens. */
export function seedUsers(data: EmulatorData): void {
  const profiles: [keyof typeof DEMO_USERS, string, string][] = [
    ['alice', 'アリス', '春アニメを毎日記録しています。'],
    ['bob', 'ボブ', '作画オタク'],
    ['carol', 'キャロル', ''],
    ['dave', 'デイブ', 'のんびり視聴勢'],
    ['erin', 'エリン', ''],
    ['frank', 'フランク', '記録はたまに'],
    ['mallory', 'マロリー', '宣伝アカウント'],
  ];
  profiles.forEach(([key, name, description], i) => {
    const { id, username } = DEMO_USERS[key];
    data.createUser({
      id,
      username,
      name,
      description,
      url: key === 'alice' ? 'https://alice.example.com' : null,
      notificationsCount: key === 'alice' ? 2 : 0,
      createdAt: new Date(Date.UTC(2016 + i, 3, 1 + i, 12, 0, 0)),
    });
  });
  const U = DEMO_USERS;
  const follows: [number, number][] = [
    [U.alice.id, U.bob.id],
    [U.alice.id, U.carol.id],
    [U.alice.id, U.dave.id],
    [U.alice.id, U.mallory.id],
    [U.bob.id, U.alice.id],
    [U.bob.id, U.carol.id],
    [U.carol.id, U.alice.id],
    [U.dave.id, U.alice.id],
    [U.dave.id, U.bob.id],
    [U.erin.id, U.alice.id],
    [U.erin.id, U.carol.id],
    [U.mallory.id, U.alice.id],
  ];
  for (const [a, b] of follows) data.follow(a, b);
  data.mute(U.alice.id, U.mallory.id);
  data.mute(U.bob.id, U.dave.id);
  for (const [key, token] of Object.entries(DEMO_TOKENS)) {
    const user = key === 'aliceRead' ? U.alice : U[key as Exclude<keyof typeof DEMO_TOKENS, 'aliceRead'>];
    data.issueToken(user.id, key === 'aliceRead' ? ['read'] : ['read', 'write'], { token });
  }
}
