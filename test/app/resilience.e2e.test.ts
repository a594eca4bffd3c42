import { describe, expect, it } from 'vitest';
import { DEMO_WORKS } from '../fakes/emulator/seed.js';
import { USERS, useStack } from '../support/stack.js';

const TIMEOUT = 20_000;

/** Discord's 3-second rule, service outages and gateway reconnects. */
describe('the bot under slow and failing services and gateways', () => {
  const stack = useStack();

  const workInfo = (work: number) =>
    stack.discord.slash({
      name: 'work',
      subcommand: 'info',
      options: { work: String(work) },
      user: USERS.alice,
    });

  it('answers a quick lookup directly, with one callback and no defer', async () => {
    const result = await workInfo(DEMO_WORKS.haganeMelody);
    const reply = await result.reply(TIMEOUT);
    expect(reply.type).toBe(4);
    expect(result.deferred).toBe(false);
  });

  for (const latencyMs of [2_500, 5_000]) {
    it(`defers first and edits the answer in when the service takes ${latencyMs} ms`, async () => {
      stack.emulator.faults.latencyMs = latencyMs;
      try {
        const result = await workInfo(DEMO_WORKS.houkagoDragon + (latencyMs === 2_500 ? 0 : 1));
        const reply = await result.reply(TIMEOUT);
        expect(result.deferred).toBe(true);
        expect(result.firstCallbackMs).toBeLessThan(3_000);
        expect(reply.via).toBe('edit');
        expect(reply.embeds[0]?.title).toBeTruthy();
        expect(result.errors).toEqual([]);
      } finally {
        stack.emulator.faults.latencyMs = 0;
      }
    });
  }

  it('defers within the window an interaction that reached it late, counting from its creation', async () => {
    // The gateway hands the interaction over 1.8 s after Discord created it: deferring 1.5 s after the
    // handler started would be 3.3 s after creation, past the window.
    stack.discord.interactionTransitMs = 1_800;
    stack.emulator.faults.latencyMs = 2_500;
    try {
      const result = await workInfo(DEMO_WORKS.houkagoDragon + 2);
      const reply = await result.reply(TIMEOUT);
      expect(result.errors).toEqual([]);
      expect(result.deferred).toBe(true);
      expect(result.firstCallbackMs).toBeLessThan(3_000);
      expect(reply.via).toBe('edit');
    } finally {
      stack.discord.interactionTransitMs = 0;
      stack.emulator.faults.latencyMs = 0;
    }
  });

  it('autocomplete answers inside the window with an empty list when the service is slow', async () => {
    stack.emulator.faults.latencyMs = 5_000;
    try {
      const result = await stack.discord.autocomplete({
        name: 'work',
        subcommand: 'info',
        options: { work: '月影' },
        focused: 'work',
        user: USERS.alice,
      });
      const reply = await result.reply(TIMEOUT);
      expect(reply.type).toBe(8);
      expect(reply.choices).toEqual([]);
      expect(result.firstCallbackMs).toBeLessThan(3_000);
    } finally {
      stack.emulator.faults.latencyMs = 0;
    }
  });

  it('autocomplete that reached it late still answers inside the window, counting from its creation', async () => {
    stack.discord.interactionTransitMs = 1_800;
    stack.emulator.faults.latencyMs = 5_000;
    try {
      const result = await stack.discord.autocomplete({
        name: 'work',
        subcommand: 'info',
        options: { work: '放課後' },
        focused: 'work',
        user: USERS.alice,
      });
      const reply = await result.reply(TIMEOUT);
      expect(result.errors).toEqual([]);
      expect(reply.type).toBe(8);
      expect(result.firstCallbackMs).toBeLessThan(3_000);
    } finally {
      stack.discord.interactionTransitMs = 0;
      stack.emulator.faults.latencyMs = 0;
    }
  });

  it('a service outage gives an error message, not silence', async () => {
    stack.emulator.faults.errorRate = 1;
    try {
      const reply = await (await workInfo(DEMO_WORKS.isekaiBakery)).reply(TIMEOUT);
      expect(reply.ephemeral).toBe(true);
      expect(reply.content).toBe('Annict is not answering right now. Please try again later.');
    } finally {
      stack.emulator.faults.errorRate = 0;
    }
    stack.emulator.faults.malformed = true;
    try {
      const reply = await (await workInfo(DEMO_WORKS.sakurazaka)).reply(TIMEOUT);
      expect(reply.content).toMatch(/could not read/);
    } finally {
      stack.emulator.faults.malformed = false;
    }
  });

  it('keeps answering after a gateway reconnect and after a dropped connection', async () => {
    expect(stack.discord.reconnect()).toBe(1);
    await stack.discord.waitForGateway('resumed', { timeoutMs: TIMEOUT });
    const afterReconnect = await (await workInfo(DEMO_WORKS.yoakeSignal)).reply(TIMEOUT);
    expect(afterReconnect.embeds[0]?.title).toBeTruthy();

    stack.discord.dropConnection();
    await stack.discord.waitForGateway('resumed', { timeoutMs: TIMEOUT });
    const afterDrop = await (await workInfo(DEMO_WORKS.nekoMajo)).reply(TIMEOUT);
    expect(afterDrop.embeds[0]?.title).toBeTruthy();
  });
});

describe('without an operator token', () => {
  const stack = useStack({ serviceToken: null });

  it('points unlinked users to /account link, and serves linked users with their own token', async () => {
    const unlinked = await (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'search',
        options: { title: '銀河' },
        user: USERS.stranger,
      })
    ).reply(TIMEOUT);
    expect(unlinked.ephemeral).toBe(true);
    expect(unlinked.content).toMatch(/`\/account link`|<\/account link:\d+>/);

    await stack.link(USERS.alice.id, 'alice');
    const linked = await (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'search',
        options: { title: '銀河' },
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    // Served with alice's own token: a page of 銀河 works, most watched first, in English titles.
    expect(linked.ephemeral).not.toBe(true);
    expect(linked.embeds[0]?.description).toContain('**Galaxy Patrol Squad Season 8**');
  });

  it('answers an unknown command and a stale button with a clear private message', async () => {
    const unknown = await (await stack.discord.slash({ name: 'nonexistent', user: USERS.alice })).reply(
      TIMEOUT,
    );
    expect(unknown.ephemeral).toBe(true);
    const stale = await (
      await stack.discord.button({ customId: 'pg:doesnotexist:2', user: USERS.alice })
    ).reply(TIMEOUT);
    expect(stale.content).toMatch(/expired/);
  });
});
