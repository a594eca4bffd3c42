/**
 * Bodies transcribed from the real service (test/fixtures/service), played back by the emulator,
 * rendered through the whole bot: a feed with a review, a 2017 record and a malformed item, the
 * schedule, a record list and a work search.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { serviceFixture } from '../fixtures/service-fixtures.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;

function items(file: string, key: string): unknown[] {
  return (serviceFixture(file).body as Record<string, unknown[]>)[key] ?? [];
}

describe('real-shaped service answers through the bot', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });
  beforeAll(async () => {
    const replay = stack.emulator.replay;
    replay.set('/v1/me/following_activities', {
      activities: [
        ...items('following-activities.views.json', 'activities'),
        // One item that does not fit (an id that is not a number): skipped, the rest shown.
        { id: 'not-a-number', action: 'create_record' },
        ...items('following-activities.docs-2017.json', 'activities'),
        ...items('following-activities.spec.json', 'activities'),
      ],
      total_count: 6,
      next_page: null,
      prev_page: null,
    });
    replay.set('/v1/me/programs', serviceFixture('me-programs.spec.json').body);
    replay.set('/v1/works', serviceFixture('works.spec.json').body);
    replay.set('/v1/episodes', serviceFixture('episodes.spec.json').body);
    replay.set('/v1/records', serviceFixture('records.spec.json').body);
  });

  const slash = (
    name: string,
    subcommand: string | undefined,
    options: Record<string, string | number> = {},
  ) => stack.discord.slash({ name, ...(subcommand ? { subcommand } : {}), options, user: USERS.alice });

  it('/feed shows the review, the 2017 record and the rest; the malformed item is skipped, logged and counted', async () => {
    const reply = await (await slash('feed', undefined)).reply(TIMEOUT);
    const text = reply.embeds[0]?.description ?? '';
    // The review: work, overall state, the body behind a spoiler and the link to the work's reviews.
    expect(text).toContain('**user\\_2** reviewed **1人はプリキュア** · Overall: Great');
    expect(text).toContain('https://annict.com/works/1/records');
    expect(text).toContain('||おもしろかった||');
    expect(text).toContain('**user\\_2** set **1人はプリキュア** to Watching');
    expect(text).toContain('recorded 2 episodes of **1人はプリキュア**');
    // 2017: a string episode number; number_text is shown.
    // English readers read episode numbers in English, whichever way the service wrote them.
    expect(text).toContain('**shimbaco** recorded **小林さんちのメイドラゴン** Ep 6');
    // Today's spec'd record: no rating_state, so the deprecated 3.0 is shown.
    expect(text).toContain('**user\\_2** recorded **1人はプリキュア** Ep 1 · ★★★☆☆ 3.0');
    expect(text).not.toContain('not-a-number');

    const logs = stack.logs();
    expect(logs).toContain('malformed items left out');
    expect(logs).toContain('"operation":"following_activities"');
    const metrics = await stack.kiroku.metrics.registry.metrics();
    expect(metrics).toMatch(/kiroku_service_skipped_items_total\{operation="following_activities"\} 1/);
  });

  it('/schedule, /record list and /work search render the spec’d bodies', async () => {
    const schedule = await (await slash('schedule', undefined, { hours: 168 })).reply(TIMEOUT);
    expect(JSON.stringify(schedule.embeds)).toContain('チャンネル1');

    const records = await (await slash('record', 'list', { work: '1', episode: '1' })).reply(TIMEOUT);
    const list = records.embeds[0]?.description ?? '';
    expect(records.embeds[0]?.title).toContain('1人はプリキュア Ep 1 Yes! プリキュア1');
    expect(list).toContain('**user\\_1**');
    expect(list).toContain('★★★☆☆ 3.0');
    expect(list).toContain('||おもしろかった||');

    const search = await (await slash('work', 'search', { title: 'プリキュア' })).reply(TIMEOUT);
    // No ids to retype: the Open menu carries them; the season reads in English, counts in words.
    expect(search.embeds[0]?.description).toContain('**1人はプリキュア** · Winter 2017 · 0 watching');
    expect(JSON.stringify(search.components)).toContain('"custom_id":"work:open"');
  });
});
