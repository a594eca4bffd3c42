import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Stack, startStack, USERS } from './harness.js';

describe('a real DiscordAPIError from the fake Discord is logged without the interaction token', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

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
    } finally {
      stack.discord.interactionDeadlineMs = 3000;
    }
  });
});
