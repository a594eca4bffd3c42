import { DiscordAPIError } from 'discord.js';
import { expect } from 'vitest';

/** The DiscordAPIError a discord.js call ends with (the test fails when it succeeds or fails otherwise). */
export async function refusal(promise: Promise<unknown>): Promise<DiscordAPIError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiscordAPIError);
  return error as DiscordAPIError;
}
