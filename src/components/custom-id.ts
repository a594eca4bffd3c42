/**
 * The shape of every custom id kiroku puts on a button, select menu or modal:
 * `<family>:<action>:<arg>...`. The family is the command that handles it (or `pg` for the pager),
 * so the router finds the handler from the first two segments alone. This module sits below
 * src/bot and src/jobs so that both a handler and a job posting its components build ids one way.
 */

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
