import { describe, expect, it } from 'vitest';
import { Metrics } from '#src/monitoring/metrics.js';
import { captureLogger } from '../support/log-capture.js';
import { sendJson, useStub } from '../support/stub-server.js';
import { fastBudget, makeClient, TOKEN } from './helpers.js';

const stub = useStub();

const read = { token: TOKEN, priority: 'interactive' as const, person: null };

describe('one malformed item never fails a page', () => {
  it('is left out, logged at warn without its content, and counted; the rest is returned', async () => {
    stub.handle((_req, res) =>
      sendJson(res, 200, {
        activities: [
          { id: 1, action: 'create_status', status: { kind: 'watching' } },
          { id: 'two', action: 'create_record', record: { comment: 'a private comment' } },
          { id: 3, action: 'create_record', episode: { number: { nested: 'private' } } },
          { id: 4, action: 'create_review', review: { rating_overall_state: 'great' } },
        ],
        total_count: 4,
        next_page: null,
        prev_page: null,
      }),
    );
    const { logger, lines } = captureLogger();
    const budget = fastBudget();
    const metrics = new Metrics(budget, () => new Date());
    const { client } = makeClient(stub.url, {
      budget,
      logger,
      observeSkippedItems: metrics.observeSkippedItems,
    });

    const page = await client.followingActivities({}, read);
    expect(page.items.map((a) => a.id)).toEqual([1, 4]);
    // The path names the field inside the activity union, never its value.
    expect(page.skipped).toEqual([
      { index: 1, path: 'id', code: 'invalid_type' },
      { index: 2, path: 'episode.number', code: 'invalid_type' },
    ]);

    const warn = lines().find((line) => line.includes('malformed items left out'));
    expect(warn).toBeDefined();
    expect(JSON.parse(warn ?? '{}')).toMatchObject({ level: 40, operation: 'following_activities' });
    expect(lines().join('\n')).not.toContain('private');
    expect(lines().join('\n')).not.toContain(TOKEN);

    const text = await metrics.registry.metrics();
    expect(text).toMatch(/kiroku_service_skipped_items_total\{operation="following_activities"\} 2/);
    budget.close();
  });

  it('a list that is not a list still fails the whole page', async () => {
    stub.handle((_req, res) => sendJson(res, 200, { works: { id: 1 }, total_count: 1 }));
    const { client, budget } = makeClient(stub.url);
    await expect(client.works({}, read)).rejects.toThrow(/works/);
    budget.close();
  });
});
