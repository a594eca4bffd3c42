import { describe, expect, it } from 'vitest';
import { loadCommands } from '#src/bot/loader.js';
import { commandLength, registrationProblems } from '#src/bot/registration-limits.js';

const base = {
  name: 'demo',
  name_localizations: { ja: 'デモ' },
  description: 'A demo',
  description_localizations: { ja: 'デモです' },
};

describe('command registration limits', () => {
  it('holds for every command kiroku registers, in every locale', async () => {
    const commands = await loadCommands();
    for (const command of commands.values()) {
      expect(registrationProblems(command.definition), command.definition.name).toEqual([]);
      expect(commandLength(command.definition)).toBeLessThanOrEqual(4000);
      expect(commandLength(command.definition, 'ja')).toBeLessThanOrEqual(4000);
    }
  });

  it('refuses a localized name Discord would refuse', () => {
    const problems = registrationProblems({ ...base, name_localizations: { ja: 'デ モ' } });
    expect(problems.join()).toMatch(/name_localizations\[ja\]/);
    expect(registrationProblems({ ...base, name_localizations: { xx: 'demo' } }).join()).toMatch(
      /unknown locale/,
    );
  });

  it('refuses a localized description over 100 characters', () => {
    const problems = registrationProblems({ ...base, description_localizations: { ja: 'あ'.repeat(101) } });
    expect(problems.join()).toMatch(/description_localizations\[ja\]/);
  });

  it('counts the 4000-character total per locale', () => {
    const options = Array.from({ length: 25 }, (_, i) => ({
      type: 3,
      name: `o${i}`,
      name_localizations: { ja: `o${i}` },
      description: 'short',
      description_localizations: { ja: 'あ'.repeat(100) },
      choices: Array.from({ length: 2 }, (_, j) => ({
        name: `c${j}`,
        name_localizations: { ja: 'い'.repeat(60) },
        value: `v${j}`,
      })),
    }));
    const definition = { ...base, options };
    expect(commandLength(definition)).toBeLessThan(4000);
    expect(registrationProblems(definition).join()).toMatch(/locale "ja"/);
  });

  it('refuses too many choices, a long choice value and a required option after an optional one', () => {
    const choices = Array.from({ length: 26 }, (_, i) => ({
      name: `c${i}`,
      value: 'v'.repeat(i === 0 ? 101 : 1),
    }));
    const problems = registrationProblems({
      ...base,
      options: [
        { type: 3, name: 'a', description: 'a', choices },
        { type: 3, name: 'b', description: 'b', required: true },
      ],
    });
    expect(problems.join()).toMatch(/more than 25 choices/);
    expect(problems.join()).toMatch(/value/);
    expect(problems.join()).toMatch(/required option follows/);
  });
});
