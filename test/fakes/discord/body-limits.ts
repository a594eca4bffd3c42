/**
 * Discord's documented limits on the bodies a bot sends, enforced by the fake on every body it
 * receives: messages (content, embeds, components), autocomplete choices, modals and command
 * registration. Written from Discord's documentation, apart from kiroku's own fitting code, so a
 * slip there shows up here as the 400 Discord would answer.
 */
import { registrationSetProblems } from '#src/bot/registration-limits.js';

export interface Problem {
  path: string;
  code: string;
  message: string;
}

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

class Collector {
  readonly problems: Problem[] = [];
  max(path: string, value: unknown, limit: number): void {
    const length = typeof value === 'string' || Array.isArray(value) ? value.length : 0;
    if (length > limit)
      this.problems.push({
        path,
        code: 'BASE_TYPE_MAX_LENGTH',
        message: `Must be ${limit} or fewer in length.`,
      });
  }
  required(path: string, value: unknown, limit: number): void {
    if (typeof value !== 'string' || value.trim().length === 0)
      this.problems.push({ path, code: 'BASE_TYPE_REQUIRED', message: 'This field is required' });
    else this.max(path, value, limit);
  }
  url(path: string, value: unknown, schemes: readonly string[]): void {
    if (value === undefined || value === null) return;
    let ok = false;
    try {
      ok = typeof value === 'string' && schemes.includes(new URL(value).protocol);
    } catch {
      ok = false;
    }
    if (!ok) this.problems.push({ path, code: 'URL_TYPE_INVALID_URL', message: 'Not a well formed URL.' });
    this.max(path, value, 2048);
  }
  fail(path: string, message: string): void {
    this.problems.push({ path, code: 'BASE_TYPE_BAD_LENGTH', message });
  }
}

const WEB = ['http:', 'https:'] as const;
const MEDIA = ['http:', 'https:', 'attachment:'] as const;

function embedTotal(embed: Body): number {
  const fields = list(embed.fields).filter(isObject);
  return [
    text(embed.title),
    text(embed.description),
    isObject(embed.footer) ? text(embed.footer.text) : undefined,
    isObject(embed.author) ? text(embed.author.name) : undefined,
    ...fields.flatMap((f) => [text(f.name), text(f.value)]),
  ].reduce((sum, part) => sum + (part?.length ?? 0), 0);
}

function checkEmbed(c: Collector, at: string, embed: Body): void {
  c.max(`${at}.title`, embed.title, 256);
  c.max(`${at}.description`, embed.description, 4096);
  c.url(`${at}.url`, embed.url, WEB);
  const fields = list(embed.fields);
  c.max(`${at}.fields`, fields, 25);
  for (const [i, field] of fields.entries()) {
    const f = isObject(field) ? field : {};
    c.required(`${at}.fields.${i}.name`, f.name, 256);
    c.required(`${at}.fields.${i}.value`, f.value, 1024);
  }
  if (isObject(embed.footer)) {
    c.required(`${at}.footer.text`, embed.footer.text, 2048);
    c.url(`${at}.footer.icon_url`, embed.footer.icon_url, MEDIA);
  }
  if (isObject(embed.author)) {
    c.required(`${at}.author.name`, embed.author.name, 256);
    c.url(`${at}.author.url`, embed.author.url, WEB);
    c.url(`${at}.author.icon_url`, embed.author.icon_url, MEDIA);
  }
  for (const key of ['image', 'thumbnail'] as const) {
    const media = embed[key];
    if (isObject(media)) c.url(`${at}.${key}.url`, media.url, MEDIA);
  }
}

function checkButton(c: Collector, at: string, button: Body): void {
  c.max(`${at}.label`, button.label, 80);
  if (button.style === 5) c.url(`${at}.url`, button.url, ['http:', 'https:', 'discord:']);
  else if (button.style !== 6) c.required(`${at}.custom_id`, button.custom_id, 100);
}

function checkSelect(c: Collector, at: string, select: Body): void {
  c.required(`${at}.custom_id`, select.custom_id, 100);
  c.max(`${at}.placeholder`, select.placeholder, 150);
  if (select.type !== 3) return;
  const options = list(select.options);
  if (options.length < 1 || options.length > 25)
    c.fail(`${at}.options`, 'Must be between 1 and 25 in length.');
  for (const [i, option] of options.entries()) {
    const o = isObject(option) ? option : {};
    c.required(`${at}.options.${i}.label`, o.label, 100);
    c.required(`${at}.options.${i}.value`, o.value, 100);
    c.max(`${at}.options.${i}.description`, o.description, 100);
  }
}

function checkComponents(c: Collector, at: string, rows: unknown[]): void {
  c.max(at, rows, 5);
  for (const [r, row] of rows.entries()) {
    const children = list(isObject(row) ? row.components : undefined).filter(isObject);
    const where = `${at}.${r}.components`;
    if (children.length < 1 || children.length > 5) c.fail(where, 'Must be between 1 and 5 in length.');
    if (children.some((child) => child.type !== 2) && children.length > 1)
      c.fail(where, 'A select menu must be alone in its row.');
    for (const [i, child] of children.entries()) {
      if (child.type === 2) checkButton(c, `${where}.${i}`, child);
      else checkSelect(c, `${where}.${i}`, child);
    }
  }
}

/** A message body (reply, edit, follow-up, channel post). */
export function messageProblems(body: Body): Problem[] {
  const c = new Collector();
  c.max('content', body.content, 2000);
  const embeds = list(body.embeds);
  c.max('embeds', embeds, 10);
  for (const [i, embed] of embeds.entries()) if (isObject(embed)) checkEmbed(c, `embeds.${i}`, embed);
  const total = embeds.filter(isObject).reduce((sum, embed) => sum + embedTotal(embed), 0);
  if (total > 6000) c.fail('embeds', `Embed size exceeds maximum size of 6000 (is ${total})`);
  checkComponents(c, 'components', list(body.components));
  return c.problems;
}

export function choiceProblems(data: Body): Problem[] {
  const c = new Collector();
  const choices = list(data.choices);
  c.max('data.choices', choices, 25);
  for (const [i, choice] of choices.entries()) {
    const ch = isObject(choice) ? choice : {};
    c.required(`data.choices.${i}.name`, ch.name, 100);
    for (const [locale, name] of Object.entries(isObject(ch.name_localizations) ? ch.name_localizations : {}))
      c.required(`data.choices.${i}.name_localizations.${locale}`, name, 100);
    if (typeof ch.value === 'string') c.required(`data.choices.${i}.value`, ch.value, 100);
  }
  return c.problems;
}

export function modalProblems(data: Body): Problem[] {
  const c = new Collector();
  c.required('data.title', data.title, 45);
  c.required('data.custom_id', data.custom_id, 100);
  const rows = list(data.components);
  if (rows.length < 1 || rows.length > 5) c.fail('data.components', 'Must be between 1 and 5 in length.');
  for (const [r, row] of rows.entries()) {
    for (const [i, input] of list(isObject(row) ? row.components : undefined).entries()) {
      const at = `data.components.${r}.components.${i}`;
      const field = isObject(input) ? input : {};
      c.required(`${at}.custom_id`, field.custom_id, 100);
      c.max(`${at}.label`, field.label, 45);
      c.max(`${at}.placeholder`, field.placeholder, 100);
      c.max(`${at}.value`, field.value, 4000);
    }
  }
  return c.problems;
}

/** A PUT of the whole command set. */
export function registrationProblemsOf(body: unknown): Problem[] {
  const definitions = list(body).filter(isObject) as unknown as Parameters<typeof registrationSetProblems>[0];
  return registrationSetProblems(definitions).map((message) => ({
    path: '',
    code: 'APPLICATION_COMMAND_INVALID',
    message,
  }));
}

/** Every string in a body that is not well-formed Unicode (a lone surrogate), by path. */
export function malformedStrings(value: unknown, path = ''): Problem[] {
  if (typeof value === 'string')
    // A lone surrogate does not survive the round trip through UTF-8.
    return Buffer.from(value, 'utf8').toString('utf8') === value
      ? []
      : [
          {
            path,
            code: 'BASE_TYPE_BAD_STRING',
            message: 'String value did not match validator: not representable in utf8',
          },
        ];
  if (Array.isArray(value))
    return value.flatMap((item, i) => malformedStrings(item, path ? `${path}.${i}` : String(i)));
  if (isObject(value))
    return Object.entries(value).flatMap(([key, item]) =>
      malformedStrings(item, path ? `${path}.${key}` : key),
    );
  return [];
}
