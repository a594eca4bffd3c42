import { ComponentType } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { DEMO_CHANNELS, DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { dailySchedule, type Harness, harnessPerTest, OWNERS } from '../support/jobs-harness.js';

const MINUTE = 60_000;

const open = harnessPerTest();

async function alertSetup(h: Harness, alertMinutes = 15) {
  await h.link(OWNERS.alice, 'alice');
  const [channel] = h.channels as [string];
  const subscription = await h.subscribe(dailySchedule(OWNERS.alice, channel, { alertMinutes }));
  return { channel, subscription };
}

describe('airing alerts', () => {
  it('posts once N minutes before each program: work and episode, start time and channel, a Record ep N button and the rating select', async () => {
    // The demo seed airs 鋼の旋律 #6 on BS11 one hour after the start.
    const h = await open({
      start: '2025-06-01T12:00:00Z',
      jobs: { alerts: { refreshMs: 15 * MINUTE } },
    });
    const { channel } = await alertSetup(h);
    const program = [...h.emulator.data.programs.values()].find(
      (p) => p.workId === DEMO_WORKS.haganeMelody && p.startedAt.toISOString() === '2025-06-01T13:00:00.000Z',
    );
    expect(program).toBeDefined();

    expect(await h.jobs.alerts.tick()).toMatchObject({ subscriptions: 1, refreshes: 1, posted: 0 });
    h.clock.set('2025-06-01T12:44:00Z');
    expect(await h.jobs.alerts.tick()).toMatchObject({ posted: 0 });
    h.clock.set('2025-06-01T12:45:00Z');
    expect(await h.jobs.alerts.tick()).toMatchObject({ posted: 1 });

    const [alert] = h.discord.channelMessages(channel);
    // English posts use the work's English title and number; the time stays true after the start.
    expect(alert?.embeds[0]?.title).toBe('Melody of Steel Ep 6 迷子の放課後');
    expect(alert?.embeds[0]?.url).toMatch(/^https:\/\/annict\.com\/works\/\d+\/episodes\/\d+$/);
    expect(alert?.embeds[0]?.description).toMatch(/^Starts <t:\d+:R> · BS11$/);
    const episodeId = program?.episodeId;
    const rows = alert?.components ?? [];
    expect(rows).toHaveLength(2);
    const [buttonRow, selectRow] = rows.map((row) =>
      row.type === ComponentType.ActionRow ? row.components[0] : undefined,
    );
    expect(buttonRow).toMatchObject({
      type: ComponentType.Button,
      custom_id: `subscription:watched:${episodeId}`,
      label: 'Record ep 6',
    });
    expect(selectRow).toMatchObject({
      type: ComponentType.StringSelect,
      custom_id: `subscription:rate:${episodeId}`,
    });
    const options = selectRow && 'options' in selectRow ? selectRow.options : [];
    // Best first, as in `/record post`; the Record button records without a rating.
    expect(options?.map((o) => o.value)).toEqual(['great', 'good', 'average', 'bad']);
    expect(options?.map((o) => o.label)).toEqual(['Great', 'Good', 'Average', 'Bad']);

    // Later ticks and a restart do not post it again.
    h.clock.set('2025-06-01T12:50:00Z');
    expect(await h.jobs.alerts.tick()).toMatchObject({ posted: 0, skippedDuplicates: 1 });
    await h.restart();
    h.clock.set('2025-06-01T12:55:00Z');
    expect(await h.jobs.alerts.tick()).toMatchObject({ posted: 0, skippedDuplicates: 1 });
    expect(h.discord.channelMessages(channel)).toHaveLength(1);

    // A program added later is found by the next refresh, in time for its alert.
    const added = h.emulator.data.createProgram({
      workId: DEMO_WORKS.soraNote,
      channelId: DEMO_CHANNELS.abema,
      startedAt: new Date('2025-06-01T13:40:00Z'),
    });
    h.emulator.resetStats();
    h.clock.set('2025-06-01T13:25:00Z');
    const report = await h.jobs.alerts.tick();
    expect(report).toMatchObject({ refreshes: 1, posted: 1 });
    expect(h.emulator.stats.requests).toBe(1);
    const last = h.discord.channelMessages(channel).at(-1);
    expect(last?.embeds[0]?.title).toBe('Sky Blue Notebook');
    // Without an episode there is nothing to record, so no controls.
    expect(added.episodeId).toBeNull();
    expect(last?.components ?? []).toHaveLength(0);
  });

  it('pauses on a revoked token and leaves subscriptions without alerts alone', async () => {
    const h = await open({ start: '2025-06-01T12:00:00Z' });
    const { subscription } = await alertSetup(h, 0);
    expect(await h.jobs.alerts.tick()).toMatchObject({ subscriptions: 0, refreshes: 0 });
    const other = await h.subscribe(
      dailySchedule(OWNERS.alice, h.channels[1] ?? '', { time: '09:00', unwatched: true, alertMinutes: 30 }),
    );
    h.emulator.faults.unauthorizedTokens.add(DEMO_TOKENS.alice);
    expect(await h.jobs.alerts.tick()).toMatchObject({ subscriptions: 1, refreshes: 1, posted: 0 });
    expect(await h.subscriptions.get(other.id)).toMatchObject({ state: 'paused' });
    expect(await h.subscriptions.get(subscription.id)).toMatchObject({ state: 'paused' });
    expect(h.discord.directMessages(OWNERS.alice)).toHaveLength(1);
  });
});
