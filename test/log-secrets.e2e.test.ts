import { describe, expect, it } from 'vitest';
import { DEMO_TOKENS } from './fakes/emulator/seed.js';
import { USERS, useStack } from './support/stack.js';

describe('a real DiscordAPIError from the fake Discord is logged without the interaction token', () => {
  const stack = useStack();

  it('an answer Discord refuses (10062 Unknown interaction) leaves no token in the logs', async () => {
    // Every callback now arrives "too late": Discord answers 404 10062 and discord.js throws a
    // DiscordAPIError whose url is /interactions/<id>/<token>/callback.
    stack.discord.interactionDeadlineMs = 1;
    try {
      const result = await stack.discord.slash({ name: 'help', user: USERS.alice });
      await result.waitFor(() => result.errors.length > 0, 10_000, 'a refused callback');
      const deadline = Date.now() + 10_000;
      while (!stack.logs().includes('could not answer an interaction') && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      const logs = stack.logs();
      expect(logs).toContain('could not answer an interaction');
      expect(logs).toContain(`/interactions/${result.id}/[redacted]/callback`);
      expect(logs).not.toContain(result.token);
      // Its one interaction line says it went unanswered, under its request id.
      const line = await interactionLine(result.id);
      expect(line).toMatchObject({ requestId: result.id, route: 'help', outcome: 'unanswered' });
    } finally {
      stack.discord.interactionDeadlineMs = 3000;
    }
  });

  /** The one `interaction` line with this request id, once the router has written it. */
  async function interactionLine(requestId: string): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const lines = stack
        .logs()
        .split('\n')
        .filter((text) => text.includes('"msg":"interaction"'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .filter((record) => record.requestId === requestId);
      if (lines.length > 0 || Date.now() > deadline) {
        expect(lines).toHaveLength(1);
        return lines[0] ?? {};
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it("each interaction's line carries a request id, route, outcome and durations, and no token", async () => {
    await stack.link(USERS.alice.id, 'alice');
    const result = await stack.discord.slash({ name: 'me', user: USERS.alice });
    await result.reply(15_000);
    const line = await interactionLine(result.id);
    expect(line).toMatchObject({ requestId: result.id, route: 'me', outcome: 'ok' });
    expect(line.durationMs).toBeGreaterThanOrEqual(0);
    expect(line.firstAnswerMs).toBeGreaterThanOrEqual(0);
    expect(Number(line.firstAnswerMs)).toBeLessThanOrEqual(Number(line.durationMs));
    const logs = stack.logs();
    expect(logs).not.toContain(result.token);
    expect(logs).not.toContain(DEMO_TOKENS.alice);
  });

  it("the service client's 429s and retries are logged with their wait, and no token", async () => {
    stack.emulator.faults.errorStatus = 429;
    stack.emulator.faults.errorRate = 1;
    try {
      const result = await stack.discord.slash({ name: 'me', user: USERS.alice });
      await result.reply(15_000);
      const line = await interactionLine(result.id);
      expect(line).toMatchObject({ route: 'me', outcome: 'busy' });
    } finally {
      stack.emulator.faults.errorRate = 0;
      stack.emulator.faults.errorStatus = 500;
    }
    const retries = stack
      .logs()
      .split('\n')
      .filter((text) => text.includes('service answered 429'))
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(retries.length).toBeGreaterThan(0);
    for (const retry of retries) {
      expect(retry).toMatchObject({ operation: 'me', status: 429 });
      expect(retry.waitMs).toBeGreaterThan(0);
      expect(retry.waitMs).toBe(Math.max(Number(retry.delayMs), Number(retry.pauseMs)));
    }
    expect(stack.logs()).not.toContain(DEMO_TOKENS.alice);
  });
});
