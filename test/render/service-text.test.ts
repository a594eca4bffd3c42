/**
 * Text from the service never forms a Discord token. A title, name or channel such
 * as `<@&…>` (a role), `</name:…>` (a command), `<@…>` or `<#…>` renders as a pill, which pings
 * nobody but looks like kiroku's own UI. Every string field of generated service objects carries such
 * tokens here; every text field Discord renders (content, descriptions, field values) must show them
 * escaped.
 */
import type { APIEmbed } from 'discord-api-types/v10';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { alertMessage } from '#src/jobs/broadcasts/alert-message.js';
import { digestMessage } from '#src/jobs/broadcasts/digest-message.js';
import { feedItem } from '#src/jobs/feed/message.js';
import { activityLine } from '#src/render/activity.js';
import { episodeEmbed } from '#src/render/episode.js';
import { plain } from '#src/render/format.js';
import { personLine } from '#src/render/person.js';
import { programLine } from '#src/render/program.js';
import { recordEmbed, recordLine } from '#src/render/record.js';
import { userEmbed, userLine } from '#src/render/user.js';
import { workEmbed, workLine } from '#src/render/work.js';
import { activity, episode, person, program, record, user, work } from './arbitraries.js';

const ID = '424242424242424242';
const FORGED = ` <@&${ID}> </forged:${ID}> <@${ID}> <#${ID}>`;
/** A forged token Discord would render: one whose `<` has no backslash before it. */
const UNESCAPED = new RegExp(`(?<!\\\\)<(?:@&|/forged:|@|#)${ID}>`);
/** Fields whose values are codes or dates, not text: forging them only hides the text around them. */
const CODES = new Set([
  'action',
  'kind',
  'rating_state',
  'rating_overall_state',
  'started_at',
  'created_at',
  'media',
]);

function forge<T>(value: T, key = ''): T {
  if (typeof value === 'string')
    return (CODES.has(key) || /url$/.test(key) ? value : `${value}${FORGED}`) as T;
  if (Array.isArray(value)) return value.map((item) => forge(item)) as T;
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, forge(v, k)])) as T;
  return value;
}

const sample = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.sample(arbitrary, { numRuns: 30, seed: 38 }).map((v) => forge(v));
const translators = [createTranslator('en'), createTranslator('ja')];

/** The text Discord renders with Markdown and mentions in a message body. */
function renderedText(body: { content?: string; embeds?: APIEmbed[] }): string[] {
  return [
    body.content ?? '',
    ...(body.embeds ?? []).flatMap((embed) => [
      embed.description ?? '',
      ...(embed.fields ?? []).map((f) => f.value),
    ]),
  ];
}

function expectNoForgedTokens(texts: string[]): void {
  for (const text of texts) expect(text).not.toMatch(UNESCAPED);
}

describe('service text shows Discord tokens as text', () => {
  it('plain() escapes `<`, and a backslash the service wrote cannot undo it', () => {
    expect(plain('<@&1> </help:1>')).toBe('\\<@&1> \\</help:1>');
    expect(plain('\\<@&1>')).not.toMatch(/(?<!\\)<@&1>/);
    expect(plain('\\<@&1>')).toMatch(/^(\\\\)+\\<@&1>$/);
  });

  it('in embeds, lines, feed posts, digests and alerts', () => {
    for (const t of translators) {
      const l = t === translators[0] ? 'en' : 'ja';
      for (const w of sample(work)) expectNoForgedTokens(renderedText({ embeds: [workEmbed(w, t, l)] }));
      for (const [e, w] of sample(fc.tuple(episode, work)))
        expectNoForgedTokens(renderedText({ embeds: [episodeEmbed(e, w, t, l)] }));
      for (const u of sample(user))
        expectNoForgedTokens([...renderedText({ embeds: [userEmbed(u, t, l)] }), userLine(u)]);
      for (const r of sample(record))
        expectNoForgedTokens([...renderedText({ embeds: [recordEmbed(r, t)] }), recordLine(r, t)]);
      for (const a of sample(activity)) {
        const item = feedItem(a, t);
        expectNoForgedTokens([
          activityLine(a, t),
          ...(item?.kind === 'embed' ? renderedText({ embeds: [item.embed] }) : [item?.line ?? '']),
        ]);
      }
      for (const p of sample(person)) expectNoForgedTokens([personLine(p, t, l)]);
      const programs = sample(program);
      for (const p of programs)
        expectNoForgedTokens([programLine(p, t), ...renderedText(alertMessage(p, t))]);
      const info = { localDate: '2024-04-01', timezone: 'Asia/Tokyo', at: new Date(0), locale: l } as const;
      expectNoForgedTokens(renderedText(digestMessage(programs, info, t)));
      for (const w of sample(work)) expectNoForgedTokens([workLine(w, t, l)]);
    }
  });
});
