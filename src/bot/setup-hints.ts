import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Client, OAuth2Scopes, PermissionFlagsBits, PermissionsBitField, Routes } from 'discord.js';
import { OAuth2Routes } from 'discord-api-types/v10';
import type { Logger } from '../logger.js';
import { POST_PERMISSIONS } from './client.js';

/**
 * What kiroku needs in a server: post (embeds) in channels and in threads, attach the pictures
 * of the weekly summary and of a shared season card, make watch parties' scheduled events, and open an episode's comments thread.
 */
const INVITE_PERMISSIONS = [
  ...POST_PERMISSIONS,
  PermissionFlagsBits.SendMessagesInThreads,
  PermissionFlagsBits.AttachFiles,
  PermissionFlagsBits.ManageEvents,
  PermissionFlagsBits.CreatePublicThreads,
];

/** The URL that adds the bot to a server, with the scopes and permissions kiroku needs. */
function inviteUrl(applicationId: string): string {
  const query = new URLSearchParams({
    client_id: applicationId,
    scope: [OAuth2Scopes.Bot, OAuth2Scopes.ApplicationsCommands].join(' '),
    permissions: new PermissionsBitField(INVITE_PERMISSIONS).bitfield.toString(),
  });
  return `${OAuth2Routes.authorizationURL}?${query}`;
}

/**
 * How the operator registers the commands from where the bot runs: through npm from a checkout, or the
 * compiled script directly where npm scripts are not used (the Docker image runs `node dist/...`).
 */
function deployCommandLines(): { global: string; guild: string } {
  if (import.meta.url.endsWith('.ts') || process.env.npm_lifecycle_event) {
    return { global: 'npm run deploy-commands', guild: 'npm run deploy-commands -- --guild <server id>' };
  }
  const script = path.relative(process.cwd(), deployScript());
  return { global: `node ${script}`, guild: `node ${script} --guild <server id>` };
}

/**
 * tsc's deploy script, `dist/src/cli/deploy-commands.js`: beside this file's folder in tsc's output, and
 * two levels up from the bundle's `dist/bundle/src/` (the bundle holds the bot's start, not the CLIs).
 */
function deployScript(): string {
  const candidates = ['../cli/deploy-commands.js', '../../src/cli/deploy-commands.js'].map((relative) =>
    fileURLToPath(new URL(relative, import.meta.url)),
  );
  return candidates.find((file) => existsSync(file)) ?? (candidates[0] as string);
}

/** Whether this process is the one that speaks for the application (shard 0, or the only process). */
function holdsFirstShard(client: Client): boolean {
  const shards = client.options.shards;
  return !Array.isArray(shards) || shards.includes(0);
}

/** A trial registers the commands in one server (`--guild`): with this few servers, look there too. */
export const TRIAL_SERVERS = 5;

const isEmptyList = (value: unknown) => Array.isArray(value) && value.length === 0;

/** Whether no command is registered globally nor (for a bot in a few servers) in any of its servers. */
async function noCommandsRegistered(client: Client, applicationId: string): Promise<boolean> {
  if (!isEmptyList(await client.rest.get(Routes.applicationCommands(applicationId)))) return false;
  const guildIds = [...client.guilds.cache.keys()];
  if (guildIds.length > TRIAL_SERVERS) return true;
  for (const guildId of guildIds) {
    const registered = await client.rest.get(Routes.applicationGuildCommands(applicationId, guildId));
    if (!isEmptyList(registered)) return false;
  }
  return true;
}

/**
 * After ready, once per application: logs the invite URL and warns when no slash commands are
 * registered, which is what a newcomer sees as "ready, but no commands". Runs beside the
 * interactions (its own REST routes) and never throws.
 */
export async function logSetupHints(client: Client, logger: Logger): Promise<void> {
  const applicationId = client.application?.id;
  if (!applicationId || !holdsFirstShard(client)) return;
  logger.info({ inviteUrl: inviteUrl(applicationId) }, 'add kiroku to a server with this invite URL');
  try {
    if (await noCommandsRegistered(client, applicationId)) {
      const command = deployCommandLines();
      logger.warn(
        { command: command.global },
        `no slash commands are registered for this application: run \`${command.global}\` once (or \`${command.guild}\` to use them in one server at once)`,
      );
    }
  } catch (error) {
    logger.warn({ err: error }, 'could not check which slash commands are registered');
  }
}
