import pLimit from 'p-limit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from '#src/i18n/messages/en.js';
import { ja } from '#src/i18n/messages/ja.js';
import type { InteractionResult } from '../fakes/discord/fake-discord.js';
import { DEMO_OAUTH_CLIENT, DEMO_TOKENS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { classifyAnswer } from '../support/faults/answers.js';
import { suiteSeed } from '../support/faults/crash-checks.js';
import { reportFigures } from '../support/faults/figures.js';
import { type ProcessFailures, watchProcessFailures } from '../support/faults/process-failures.js';
import { directorySources, findLeaks, restSources } from '../support/faults/secrets.js';
import { type Stack, startStack, USERS } from '../support/stack.js';
import { describeCase, type FuzzCase, type FuzzTargets, randomCase } from './fuzz-interactions.js';
import { createRng } from './fuzz-random.js';
import { prepareVictim, victimSnapshot } from './victim.js';

const CASES = Number(process.env.RELIABILITY_FUZZ_CASES ?? 1_000);
const CONCURRENCY = 12;
/** The fake refuses a first answer later than 3 s (10062), as Discord does: waiting longer is pointless. */
const FIRST_ANSWER_TIMEOUT = 3_500;
const REPLY_TIMEOUT = 10_000;
const ATTACKER_2 = { id: '310000000000000004', username: 'attacker_two' };
const notYours = new Set<string>([en['error.notYourComponent'], ja['error.notYourComponent']]);

/** Choices Discord would refuse (and then show the user nothing). */
function badChoices(choices: ReadonlyArray<{ name: string; value: string | number }>): string | undefined {
  if (choices.length > 25) return `${choices.length} choices`;
  for (const choice of choices) {
    if (choice.name.length < 1 || choice.name.length > 100)
      return `a choice name of ${choice.name.length} characters`;
    if (typeof choice.value === 'string' && choice.value.length > 100)
      return `a choice value of ${choice.value.length} characters`;
  }
  return undefined;
}

function dispatch(stack: Stack, fuzzCase: FuzzCase): Promise<InteractionResult> {
  const d = stack.discord;
  if (fuzzCase.kind === 'slash') return d.slash(fuzzCase.options);
  if (fuzzCase.kind === 'autocomplete') return d.autocomplete(fuzzCase.options);
  if (fuzzCase.kind === 'button') return d.button(fuzzCase.options);
  if (fuzzCase.kind === 'select') return d.select(fuzzCase.options);
  return d.modal(fuzzCase.options);
}

/**
 * 1,000 hostile interactions from a seeded generator (RELIABILITY_SEED reproduces a run), 12 at a
 * time, by two linked attackers and two unlinked users: every one is answered, none crashes the
 * bot, none changes anything of the victim's.
 */
describe('hostile input', () => {
  let stack: Stack;
  let failures: ProcessFailures;
  let targets: FuzzTargets;
  const seed = suiteSeed(424242);

  beforeAll(async () => {
    failures = watchProcessFailures();
    stack = await startStack({
      env: { SERVICE_RATE_PER_SECOND: '50' },
      emulatorRateLimit: false,
      oauth: true,
    });
    await stack.link(USERS.bob.id, 'bob');
    await stack.link(ATTACKER_2.id, 'dave');
    const victim = await prepareVictim(stack);
    const data = stack.emulator.data;
    targets = {
      commands: stack.discord.registeredCommands(),
      users: [USERS.bob, ATTACKER_2, USERS.stranger, { id: '310000000000000077', username: 'random_user' }],
      guildId: stack.discord.guildIds[0] ?? '',
      channels: stack.discord.guildIds.flatMap((guildId) => stack.discord.channelIds(guildId)),
      workIds: [...Object.values(DEMO_WORKS), 1001, 1120],
      episodeIds: [...data.episodes.keys()].slice(0, 20),
      victim,
      typedTokens: [],
    };
  });
  afterAll(async () => {
    failures?.dispose();
    await stack?.close();
  });

  it(`answers ${CASES} hostile interactions, crashes on none, and acts for no one else`, {
    timeout: 90_000,
  }, async () => {
    const before = await victimSnapshot(stack, targets.victim);
    const rng = createRng(seed);
    const cases: FuzzCase[] = Array.from({ length: CASES }, () => randomCase(rng, targets));
    const problems: string[] = [];
    const figures = {
      seed,
      inputs: 0,
      answered: 0,
      clearErrors: 0,
      internalErrors: 0,
      forgeriesRefused: 0,
    };
    const kinds: Record<string, number> = {};
    const problem = (index: number, fuzzCase: FuzzCase, text: string): void => {
      problems.push(`${describeCase(index, fuzzCase)}: ${text}`);
    };

    const run = async (fuzzCase: FuzzCase, index: number): Promise<void> => {
      figures.inputs += 1;
      kinds[fuzzCase.kind] = (kinds[fuzzCase.kind] ?? 0) + 1;
      let result: InteractionResult;
      try {
        result = await dispatch(stack, fuzzCase);
      } catch (error) {
        problem(index, fuzzCase, `not dispatched: ${String(error)}`);
        return;
      }
      try {
        // Discord wants a first answer within 3 s; the visible answer may come later (deferred).
        await result.waitFor(
          () => result.callbacks.length > 0 || result.errors.length > 0,
          FIRST_ANSWER_TIMEOUT,
        );
        const reply = await result.reply(REPLY_TIMEOUT);
        figures.answered += 1;
        if (result.errors.length > 0) problem(index, fuzzCase, result.errors.join('; '));
        if (fuzzCase.kind === 'autocomplete') {
          const bad = reply.type === 8 ? badChoices(reply.choices ?? []) : `callback type ${reply.type}`;
          if (bad) problem(index, fuzzCase, `autocomplete answered with ${bad}`);
          return;
        }
        const kind = classifyAnswer(reply);
        if (kind === 'service-error') figures.clearErrors += 1;
        if (kind === 'internal-error') {
          figures.internalErrors += 1;
          problem(index, fuzzCase, `internal error (${reply.content})`);
        }
        if (notYours.has(reply.content ?? '')) figures.forgeriesRefused += 1;
      } catch (error) {
        problem(index, fuzzCase, `no answer: ${String(error).slice(0, 400)}`);
      }
    };
    await pLimit(CONCURRENCY).map([...cases.entries()], ([index, fuzzCase]) => run(fuzzCase, index));

    // Still up, and answering normally.
    const sanity = await (
      await stack.discord.slash({
        name: 'work',
        subcommand: 'info',
        options: { work: String(DEMO_WORKS.soraNote) },
      })
    ).reply(REPLY_TIMEOUT);
    expect(sanity.embeds[0]?.title).toBeTruthy();

    const leaks = findLeaks(
      [
        ...Object.values(DEMO_TOKENS),
        DEMO_OAUTH_CLIENT.secret,
        stack.discord.botToken,
        ...targets.typedTokens,
      ],
      [
        { name: 'logs', content: stack.logs() },
        ...restSources(stack.discord.restCalls),
        ...(await directorySources(stack.dataDir)),
      ],
    );
    reportFigures('fuzz', { ...figures, ...kinds, crashes: failures.count(), leaks: leaks.length });
    expect(problems.slice(0, 20), `seed ${seed}: ${problems.length} problems`).toEqual([]);
    expect(await victimSnapshot(stack, targets.victim)).toEqual(before);
    expect(failures.describe()).toEqual([]);
    expect(leaks).toEqual([]);
    expect(figures.answered).toBe(figures.inputs);
  });
});
