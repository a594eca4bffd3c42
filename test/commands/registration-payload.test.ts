import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { loadCommands } from '#src/bot/loader.js';

/**
 * The JSON `deploy-commands` sends, byte for byte. Restructuring a command (folders, options parsed
 * from the definition) must not change what Discord has registered: a changed payload would need a
 * new deployment and could rename what people already use. When a definition changes on purpose,
 * write the new payload into the fixture in the same commit, so the review sees the difference.
 */
const FIXTURE = new URL('../fixtures/commands/registration.json', import.meta.url);

/** As sent: `JSON.stringify` keeps key order, so equal strings mean an identical request body. */
async function registrationPayload(): Promise<string> {
  const commands = await loadCommands();
  return JSON.stringify([...commands.values()].map((module) => module.definition));
}

describe('registration payload', () => {
  it('is the payload registered before: every command, option, choice and localization', async () => {
    const registered: unknown = JSON.parse(await readFile(FIXTURE, 'utf8'));
    expect(await registrationPayload()).toBe(JSON.stringify(registered));
  });
});
