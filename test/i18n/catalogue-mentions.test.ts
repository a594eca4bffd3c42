/**
 * The commands the catalogues write (`` `/record post` ``, which replies turn into clickable
 * mentions) are checked against the command registry when compiling: the `Unregistered*` types
 * below must be `never`, or `npm run typecheck` fails naming the text's unregistered paths. The
 * texts written inside functions are plain strings to the compiler: test/bot/command-mentions.test.ts
 * reads every text at run time, as replies do.
 */
import { describe, expect, it } from 'vitest';
import type { CommandPath, UnregisteredWrittenPaths, WrittenPaths } from '#src/components/command-names.js';
import type { en } from '#src/i18n/messages/en.js';
import type { ja } from '#src/i18n/messages/ja.js';

/** A catalogue's plain texts, as the literal types `as const` keeps. */
type PlainTexts<C> = { [K in keyof C]: C[K] extends string ? C[K] : never }[keyof C];
/** Keys whose plain text lost its literal type (a catalogue spread in without `as const`): unchecked. */
type Widened<C> = {
  [K in keyof C]: C[K] extends string ? (string extends C[K] ? K : never) : never;
}[keyof C];

/** `true` when nothing is left over, and otherwise the leftovers, so that the error names them. */
type Nothing<T> = [T] extends [never] ? true : T;

const everyTextKeepsItsLiteral: [Nothing<Widened<typeof en>>, Nothing<Widened<typeof ja>>] = [true, true];
const everyWrittenCommandIsRegistered: [
  Nothing<UnregisteredWrittenPaths<PlainTexts<typeof en>>>,
  Nothing<UnregisteredWrittenPaths<PlainTexts<typeof ja>>>,
] = [true, true];

describe('commands written in the catalogues', () => {
  it('are registered paths, checked when compiling', () => {
    expect([everyTextKeepsItsLiteral, everyWrittenCommandIsRegistered]).toEqual([
      [true, true],
      [true, true],
    ]);
    // A renamed sub-command in a text would not compile:
    // @ts-expect-error `/record posts` is not a registered path
    const renamed: Nothing<UnregisteredWrittenPaths<'Try `/record posts` or `/help`.'>> = true;
    const written: WrittenPaths<'Link with `/account link method:token`, then `/work search` (`2024-autumn`).'> =
      'work search';
    const path: CommandPath = written;
    expect([renamed, path]).toEqual([true, 'work search']);
  });
});
