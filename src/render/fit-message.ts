/**
 * The last guard before a body leaves for Discord: whatever a renderer produced, the message sent
 * fits every documented limit (content 2000; up to 10 embeds of title 256, description 4096, up to
 * 25 fields of name 256 and value 1024, never empty, footer 2048, author 256, 6000 in all; button
 * labels 80; select options 100) and every embed URL is absolute https. Renderers already fit their
 * text; this catches what slips through instead of letting Discord refuse the whole reply.
 */
import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  type APIEmbedField,
  ComponentType,
} from 'discord-api-types/v10';
import { fitNonEmpty, fitText, wellFormed } from './fit.js';
import { embedUrl, linkButtonUrl } from './url.js';

const MESSAGE_LIMITS = {
  content: 2000,
  embeds: 10,
  embedTotal: 6000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  author: 256,
  buttonLabel: 80,
  selectOptionText: 100,
  selectPlaceholder: 150,
  choiceName: 100,
  choiceValue: 100,
  choices: 25,
} as const;

function fitField(field: APIEmbedField): APIEmbedField {
  return {
    ...field,
    name: fitNonEmpty(field.name, MESSAGE_LIMITS.fieldName),
    value: fitNonEmpty(field.value, MESSAGE_LIMITS.fieldValue),
  };
}

function withUrl<T extends object>(key: string, url: string | undefined, rest: T): T {
  return url ? { ...rest, [key]: url } : rest;
}

function fitParts(embed: APIEmbed): APIEmbed {
  const { url, thumbnail, image, author, footer, fields, title, description, ...rest } = embed;
  let out: APIEmbed = { ...rest };
  if (title?.trim()) out.title = fitText(title, MESSAGE_LIMITS.title);
  if (description?.trim()) out.description = fitText(description, MESSAGE_LIMITS.description);
  out = withUrl('url', embedUrl(url), out);
  const thumb = embedUrl(thumbnail?.url);
  if (thumb) out.thumbnail = { url: thumb };
  const picture = embedUrl(image?.url);
  if (picture) out.image = { url: picture };
  if (author?.name?.trim())
    out.author = withUrl('icon_url', embedUrl(author.icon_url), {
      ...withUrl('url', embedUrl(author.url), {}),
      name: fitText(author.name, MESSAGE_LIMITS.author),
    });
  if (footer?.text?.trim())
    out.footer = withUrl('icon_url', embedUrl(footer.icon_url), {
      text: fitText(footer.text, MESSAGE_LIMITS.footer),
    });
  if (fields?.length) out.fields = fields.slice(0, MESSAGE_LIMITS.fields).map(fitField);
  return out;
}

export function embedLength(embed: APIEmbed): number {
  const fields = (embed.fields ?? []).reduce((sum, f) => sum + f.name.length + f.value.length, 0);
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0) +
    fields
  );
}

type Part = { length: number; shorten: (keep: number) => void };

/** A text of an embed, shortened in place (never below one character: required texts stay). */
function part<K extends string>(holder: Record<K, string>, key: K): Part {
  return {
    length: holder[key].length,
    shorten: (keep) => {
      holder[key] = fitNonEmpty(holder[key], keep);
    },
  };
}

/** Every text of the embeds that may be shortened. */
function parts(embeds: APIEmbed[]): Part[] {
  return embeds.flatMap((embed) => [
    ...(embed.description ? [part(embed as { description: string }, 'description')] : []),
    ...(embed.footer ? [part(embed.footer, 'text')] : []),
    ...(embed.title ? [part(embed as { title: string }, 'title')] : []),
    ...(embed.author ? [part(embed.author, 'name')] : []),
    ...(embed.fields ?? []).flatMap((field) => [part(field, 'value'), part(field, 'name')]),
  ]);
}

const total = (embeds: APIEmbed[]) => embeds.reduce((sum, e) => sum + embedLength(e), 0);

/**
 * The largest length every text may keep so that together they fit `budget` (texts shorter than it
 * keep theirs). Never below one character: at most 10 × (25 × 2 + 4) texts of one character each
 * always fit 6000.
 */
function lengthCap(lengths: readonly number[], budget: number): number {
  const kept = (cap: number) => lengths.reduce((sum, length) => sum + Math.min(length, cap), 0);
  let low = 1;
  let high = Math.max(1, ...lengths);
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (kept(mid) <= budget) low = mid;
    else high = mid - 1;
  }
  return low;
}

/**
 * Shortens the longest texts until the embeds together fit 6000 characters: every text longer
 * than one common cap is cut to it, in one pass. (Cutting one text at a time used to stop after a
 * fixed number of cuts, before hundreds of long field texts fitted.)
 */
function fitTotal(embeds: APIEmbed[]): APIEmbed[] {
  const out = embeds.map((embed) => ({
    ...embed,
    ...(embed.fields ? { fields: embed.fields.map((f) => ({ ...f })) } : {}),
    ...(embed.footer ? { footer: { ...embed.footer } } : {}),
    ...(embed.author ? { author: { ...embed.author } } : {}),
  }));
  if (total(out) <= MESSAGE_LIMITS.embedTotal) return out;
  const texts = parts(out);
  const cap = lengthCap(
    texts.map((text) => text.length),
    MESSAGE_LIMITS.embedTotal,
  );
  for (const text of texts) if (text.length > cap) text.shorten(cap);
  return out;
}

/** An embed with no text, image or thumbnail gets a dash: Discord refuses an empty embed. */
function withSomethingToShow(embed: APIEmbed): APIEmbed {
  return embedLength(embed) > 0 || embed.image || embed.thumbnail ? embed : { ...embed, description: '—' };
}

/**
 * Every embed within Discord's limits. The dash of an empty embed is placed before the 6000 in all
 * are counted: added after, it made a body that just fitted one character too long.
 */
export function fitEmbeds(embeds: readonly APIEmbed[]): APIEmbed[] {
  return fitTotal(embeds.slice(0, MESSAGE_LIMITS.embeds).map(fitParts).map(withSomethingToShow));
}

/** Message content within 2000 characters and well-formed. */
export function fitContent(content: string): string {
  return fitText(wellFormed(content), MESSAGE_LIMITS.content);
}

interface ChoiceLike {
  name: string;
  value: string | number;
}

/** At most 25 autocomplete choices, names 1–100, string values at most 100 (longer ones left out). */
export function fitChoices<T extends ChoiceLike>(choices: readonly T[]): T[] {
  return choices
    .filter(
      (choice) =>
        typeof choice.value !== 'string' ||
        (choice.value.length > 0 &&
          choice.value.length <= MESSAGE_LIMITS.choiceValue &&
          choice.value === wellFormed(choice.value)),
    )
    .slice(0, MESSAGE_LIMITS.choices)
    .map((choice) => ({
      ...choice,
      name: fitNonEmpty(choice.name, MESSAGE_LIMITS.choiceName, String(choice.value)),
    }));
}

type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

/** A component within Discord's limits; undefined for a link button whose URL cannot be sent. */
function fitComponent(component: APIComponentInMessageActionRow): APIComponentInMessageActionRow | undefined {
  if (component.type === ComponentType.Button) {
    const url = 'url' in component ? linkButtonUrl(component.url) : undefined;
    if ('url' in component && !url) return undefined;
    const linked = url ? { ...component, url } : component;
    return 'label' in linked && linked.label !== undefined
      ? { ...linked, label: fitText(linked.label, MESSAGE_LIMITS.buttonLabel) }
      : linked;
  }
  if (component.type !== ComponentType.StringSelect)
    return component.placeholder === undefined
      ? component
      : { ...component, placeholder: fitText(component.placeholder, MESSAGE_LIMITS.selectPlaceholder) };
  return {
    ...component,
    ...(component.placeholder === undefined
      ? {}
      : { placeholder: fitText(component.placeholder, MESSAGE_LIMITS.selectPlaceholder) }),
    options: component.options.map(({ description, ...option }) => ({
      ...option,
      label: fitNonEmpty(option.label, MESSAGE_LIMITS.selectOptionText),
      ...(description?.trim() ? { description: fitText(description, MESSAGE_LIMITS.selectOptionText) } : {}),
    })),
  };
}

/**
 * Button labels, select placeholders and option texts within Discord's limits (ids and values are
 * kiroku's own); link buttons' URLs normalised, a button whose URL cannot be sent left out (and a row
 * left empty with it).
 */
export function fitComponents(rows: readonly Row[]): Row[] {
  return rows
    .map((row) => ({ ...row, components: row.components.flatMap((c) => fitComponent(c) ?? []) }))
    .filter((row) => row.components.length > 0);
}

/** One embed within every limit, 6000 in all included (renderers end with this). */
export function fitEmbed(embed: APIEmbed): APIEmbed {
  return fitEmbeds([embed])[0] ?? embed;
}
