/**
 * The shape of every custom id kiroku puts on a button, select menu or modal:
 * `<family>:<action>:<arg>...`. The family is the command that handles it (or `pg` for the pager),
 * so the router finds the handler from the first two segments alone. This module sits below
 * src/bot and src/jobs so that both a handler and a job posting its components build ids one way.
 */

import type { CommandName } from './command-names.js';

const SEPARATOR = ':';
/** Discord's limit on a custom id. */
const MAX_LENGTH = 100;

/** Joins custom id segments; Discord allows 100 characters. */
export function customId(...segments: Array<string | number>): string {
  const id = segments.join(SEPARATOR);
  if (id.length > MAX_LENGTH) throw new Error(`custom id too long (${id.length} characters)`);
  return id;
}

export interface ParsedCustomId {
  /** The family: a command's name, or the pager's prefix. */
  prefix: string;
  action: string;
  /** The segments after the action, unchecked: a client can forge them. */
  args: string[];
}

/** Splits a custom id built by `customId`; missing segments read as empty strings. */
export function parseCustomId(id: string): ParsedCustomId {
  const [prefix = '', action = '', ...args] = id.split(SEPARATOR);
  return { prefix, action, args };
}

/** One action of a family: builds its custom id and reads the id's arguments back, by name. */
export interface CustomIdAction<P extends readonly string[]> {
  /** The family segment: the command that answers the id. */
  readonly family: CommandName;
  /** The action segment, the key of the handler in a command's `components` or `modals`. */
  readonly action: string;
  /** `<family>:<action>:<arg>...`, the arguments in the order the action names them. */
  build(...args: { readonly [I in keyof P]: string | number }): string;
  /** The arguments by name; a missing segment reads as ''. Unchecked: a client can forge them. */
  read(args: readonly string[]): { readonly [K in P[number]]: string };
}

/**
 * A family's custom ids, stated once beside the handlers that answer them: each action names its
 * arguments, and both the reply that posts a component and the handler that answers it use the
 * same builder and reader, so the two cannot drift apart.
 */
export function customIds<const A extends Readonly<Record<string, readonly string[]>>>(
  family: CommandName,
  actions: A,
): { readonly [K in keyof A]: CustomIdAction<A[K]> } {
  const entries = Object.entries(actions).map(([action, names]) => {
    const handle: CustomIdAction<readonly string[]> = {
      family,
      action,
      build: (...args) => customId(family, action, ...args),
      read: (args) => Object.fromEntries(names.map((name, index) => [name, args[index] ?? ''])),
    };
    return [action, handle] as const;
  });
  return Object.fromEntries(entries) as { readonly [K in keyof A]: CustomIdAction<A[K]> };
}
