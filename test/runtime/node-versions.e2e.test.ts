/**
 * The bot on another Node.js than the supported line, started as `npm start` starts
 * it (its node-check step, then the bot), with the running version made to read as an older one. On a
 * Node.js that can run kiroku it starts with exactly one warning line naming the supported versions;
 * on one that cannot, it stops before anything loads, with that reason, and exit code 78.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { supportedNode } from '#src/node-support.js';
import { fakesEnv } from '../support/fakes-env.js';
import { type BotProcess, FROM_SOURCE, REPO_ROOT, SOURCE_FLAGS, spawnBot } from '../support/spawn-bot.js';
import { useFakes } from '../support/use-fakes.js';

/** A preload that makes process.versions.node read as `version`, as that Node.js would report it. */
const asNode = (version: string) => [
  '--import',
  `data:text/javascript,Object.defineProperty(process.versions,'node',{value:${JSON.stringify(version)}})`,
];

describe('the start on other Node.js versions', () => {
  const { discord, emulator } = useFakes({ discord: { guilds: 1 } });
  let bot: BotProcess | undefined;
  let dataDir = '';
  afterEach(async () => {
    bot?.kill();
    await bot?.exited;
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const env = async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'kiroku-node-'));
    return { PATH: process.env.PATH, ...fakesEnv(discord, emulator), DATA_DIR: dataDir };
  };

  it('starts on an older Node.js that runs it, with one warning line naming the supported versions', async () => {
    const { major } = supportedNode();
    bot = spawnBot([...asNode('20.20.2'), ...FROM_SOURCE], { cwd: REPO_ROOT, env: await env() });
    await bot.waitFor('kiroku is ready', 60_000);
    const warnings = bot
      .output()
      .split('\n')
      .filter((line) => line.includes('20.20.2 is not supported'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Node.js ${major} LTS`);
  });

  it('starts on the supported line without it', async () => {
    bot = spawnBot([...asNode(supportedNode().from), ...FROM_SOURCE], { cwd: REPO_ROOT, env: await env() });
    await bot.waitFor('kiroku is ready', 60_000);
    expect(bot.output()).not.toContain('is not supported');
  });

  it('refuses a Node.js it cannot run on, with the reason, before anything opens', async () => {
    bot = spawnBot([...asNode('18.19.0'), ...FROM_SOURCE], { cwd: REPO_ROOT, env: await env() });
    expect(await bot.exited).toBe(78);
    expect(bot.stderr().trim()).toMatch(
      /^kiroku cannot start: Node\.js 18\.19\.0 cannot run kiroku: it needs Node\.js 20\.17\.0 or newer/,
    );
    expect(bot.output()).not.toContain('"level"');
    // `npm start` runs the same check on its own first, before node is given the start command's flags.
    const check = spawnSync(
      process.execPath,
      [...asNode('18.19.0'), ...SOURCE_FLAGS, path.join(REPO_ROOT, 'src/node-check.ts')],
      {
        encoding: 'utf8',
      },
    );
    expect(check.status).toBe(78);
    expect(check.stderr).toContain('cannot run kiroku');
  });
});
