/**
 * Property tests: generated text (emoji, ZWJ sequences, flags, keycaps, combining marks, RTL, CJK,
 * Markdown and `||` runs, mentions, essays, empty and blank strings, lone surrogates) pushed
 * through every renderer; each body must fit Discord's documented limits, be well-formed Unicode
 * and match Discord's OpenAPI description, as the fake Discord checks them.
 */
import { type APIEmbed, ButtonStyle, ComponentType } from 'discord-api-types/v10';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packedPage, pageLines } from '#src/bot/paging.js';
import { episodeButtons } from '#src/components/episode-buttons.js';
import { createTranslator } from '#src/i18n/translator.js';
import { airingMessage } from '#src/jobs/broadcasts/airing-message.js';
import { alertMessage } from '#src/jobs/broadcasts/alert-message.js';
import { digestMessage } from '#src/jobs/broadcasts/digest-message.js';
import { reminderMessage } from '#src/jobs/broadcasts/reminders.js';
import { packFeedBatches } from '#src/jobs/feed/batch.js';
import { feedItem } from '#src/jobs/feed/message.js';
import { activityLine } from '#src/render/activity.js';
import { episodeEmbed } from '#src/render/episode.js';
import { escapeUserText } from '#src/render/escape.js';
import { fitChoices, fitComponents, fitContent, fitEmbeds } from '#src/render/fit-message.js';
import { plain, spoiler, truncate } from '#src/render/format.js';
import { personLine } from '#src/render/person.js';
import { programLine } from '#src/render/program.js';
import { recordEmbed, recordLine } from '#src/render/record.js';
import { userEmbed, userLine } from '#src/render/user.js';
import { workEmbed, workLine } from '#src/render/work.js';
import { choiceProblems, malformedStrings, messageProblems } from '../fakes/discord/body-limits.js';
import { specProblems } from '../fakes/discord/openapi/validate.js';
import { activity, episode, messyText, person, program, record, user, work } from './arbitraries.js';
import { PROPERTY_TEST_TIMEOUT_MS, runs } from './property-runs.js';

const translators = { en: createTranslator('en'), ja: createTranslator('ja') } as const;
const locale = fc.constantFrom('en', 'ja') as fc.Arbitrary<'en' | 'ja'>;
const RUNS = runs(40);

/** What the fake Discord would refuse in a channel message with this body. */
function refusals(body: { content?: string; embeds?: APIEmbed[]; components?: unknown[] }): unknown[] {
  return [
    ...malformedStrings(body),
    ...messageProblems(body as Record<string, unknown>),
    ...specProblems('POST', ['channels', '1', 'messages'], body),
  ];
}

function expectSendable(body: { content?: string; embeds?: APIEmbed[]; components?: unknown[] }): void {
  expect(refusals(body)).toEqual([]);
}

describe('every renderer makes a body Discord accepts, whatever the text', {
  timeout: PROPERTY_TEST_TIMEOUT_MS,
}, () => {
  it('work, episode, user and record embeds', () => {
    fc.assert(
      fc.property(work, episode, user, record, locale, (w, e, u, r, l) => {
        const t = translators[l];
        expectSendable({ embeds: [workEmbed(w, t, l)] });
        expectSendable({ embeds: [episodeEmbed(e, w, t, l)] });
        expectSendable({ embeds: [userEmbed(u, t, l)] });
        expectSendable({ embeds: [recordEmbed(r, t)] });
        // The public post with the poster's name as the account gives it (any text: left out when not a username).
        expectSendable({ embeds: [recordEmbed(r, t, u.username ?? undefined)] });
      }),
      RUNS,
    );
  });

  it('feed posts, digests and alerts', () => {
    fc.assert(
      fc.property(
        fc.array(activity, { minLength: 1, maxLength: 12, size: 'max' }),
        fc.array(program, { maxLength: 12, size: 'max' }),
        locale,
        (activities, programs, l) => {
          const t = translators[l];
          // A poll's activities for one channel, batched as the feed posts them: every message fits.
          const items = activities.flatMap((a, id) => {
            const item = feedItem(a, t);
            return item ? [{ id, item }] : [];
          });
          const batches = packFeedBatches(items);
          for (const batch of batches) expectSendable(batch.message);
          // No activity is lost between the items and the messages.
          expect(batches.flatMap((b) => b.members)).toEqual(items.map((i) => i.id));
          const info = { localDate: '2024-04-01', timezone: 'Asia/Tokyo', at: new Date(0), locale: l };
          expectSendable(digestMessage(programs, info, t));
          if (programs[0]) expectSendable(alertMessage(programs[0], t));
          // A reminder DM: the plain content line, the embed and the controls, whatever the titles.
          if (programs[0]) expectSendable(reminderMessage(programs[0], 1440, '310000000000000001', t));
          const aired = programs.find((p) => typeof p.episode?.id === 'number');
          if (aired?.episode && typeof aired.episode.id === 'number')
            expectSendable(
              airingMessage({ ...aired, episode: { ...aired.episode, id: aired.episode.id } }, t),
            );
        },
      ),
      RUNS,
    );
  });

  it('list pages of every kind of line', () => {
    const lineOf = fc.oneof(
      fc.tuple(work, locale).map(([w, l]) => workLine(w, translators[l], l)),
      user.map(userLine),
      fc.tuple(record, locale).map(([r, l]) => recordLine(r, translators[l])),
      fc.tuple(activity, locale).map(([a, l]) => activityLine(a, translators[l])),
      fc.tuple(person, locale).map(([p, l]) => personLine(p, translators[l], l)),
      fc.tuple(program, locale).map(([p, l]) => programLine(p, translators[l])),
    );
    fc.assert(
      fc.property(
        fc.array(lineOf, { maxLength: 30, size: 'max' }),
        messyText,
        locale,
        (entries, title, l) => {
          const ctx = { t: translators[l] };
          expectSendable({ embeds: [{ title: truncate(title, 256), description: pageLines(ctx, entries) }] });
          const page = packedPage(entries, 1, { title: truncate(title, 256) });
          if (entries.length > 0) expectSendable({ embeds: [page.embed] });
        },
      ),
      runs(25),
    );
  });

  it('spoilers of any comment stay closed and fit', () => {
    fc.assert(
      fc.property(messyText, fc.integer({ min: 8, max: 4096 }), (comment, max) => {
        const out = spoiler(comment, max);
        expect(out.length).toBeLessThanOrEqual(max);
        // Discord ends a spoiler at the first raw `||`: the only one must be the closing one.
        expect(out.slice(2).indexOf('||')).toBe(out.length - 4);
        expect(malformedStrings(out)).toEqual([]);
      }),
      runs(300),
    );
  });

  it('error replies and autocomplete choices', () => {
    fc.assert(
      fc.property(messyText, fc.array(messyText, { maxLength: 40, size: 'max' }), (input, names) => {
        const t = translators.en;
        const content = fitContent(t('match.noWork', { query: plain(truncate(input, 100)) }).repeat(30));
        expectSendable({ content });
        const choices = fitChoices(names.map((name, i) => ({ name, value: String(i) })));
        expect([...choiceProblems({ choices }), ...malformedStrings(choices)]).toEqual([]);
      }),
      RUNS,
    );
  });

  it('episode buttons of any episode text', () => {
    fc.assert(
      fc.property(episode, episode, episode, locale, (e, previous, next, l) => {
        const components = episodeButtons(
          1,
          { ...e, prev_episode: previous, next_episode: next },
          translators[l],
        );
        expectSendable({ components });
      }),
      RUNS,
    );
  });

  it('the responder’s last guard makes any button and select text sendable', () => {
    const button = fc.record({
      type: fc.constant(ComponentType.Button as const),
      style: fc.constant(ButtonStyle.Secondary as const),
      custom_id: fc.constant('x:y'),
      label: messyText,
    });
    const select = fc.record({
      type: fc.constant(ComponentType.StringSelect as const),
      custom_id: fc.constant('x:z'),
      placeholder: messyText,
      options: fc.array(
        fc.record(
          { label: messyText, value: fc.constant('v'), description: messyText },
          { requiredKeys: ['label', 'value'] },
        ),
        { minLength: 1, maxLength: 25, size: 'max' },
      ),
    });
    const row = fc.oneof(
      fc.array(button, { minLength: 1, maxLength: 5, size: 'max' }),
      select.map((menu) => [menu]),
    );
    fc.assert(
      fc.property(fc.array(row, { minLength: 1, maxLength: 5 }), (rows) => {
        const components = rows.map((children) => ({
          type: ComponentType.ActionRow as const,
          components: children,
        }));
        expectSendable({ components: fitComponents(components) });
      }),
      RUNS,
    );
  });

  it('the responder’s last guard makes any embed sendable', () => {
    const anyEmbed = fc.record(
      {
        title: messyText,
        description: messyText,
        url: messyText,
        footer: fc.record({ text: messyText }),
        author: fc.record({ name: messyText }),
        thumbnail: fc.record({ url: messyText }),
        fields: fc.array(fc.record({ name: messyText, value: messyText }), { maxLength: 27, size: 'max' }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(anyEmbed, { maxLength: 11, size: 'max' }), (embeds) => {
        expectSendable({ embeds: fitEmbeds(embeds as APIEmbed[]) });
      }),
      RUNS,
    );
  });
});

describe('a list never loses an entry without saying so', { timeout: PROPERTY_TEST_TIMEOUT_MS }, () => {
  const MARK = /\[#(\d+)\]/g;
  it('shows every entry, or says how many more there are', () => {
    fc.assert(
      fc.property(fc.array(messyText, { maxLength: 120, size: 'max' }), locale, (texts, l) => {
        const t = translators[l];
        const entries = texts.map((text, i) => `[#${i}] ${escapeUserText(text)}`);
        const out = pageLines({ t }, entries);
        expect(out.length).toBeLessThanOrEqual(4096);
        const shown = new Set(Array.from(out.matchAll(MARK), (m) => Number(m[1])));
        const more = out.match(l === 'en' ? /…and (\d+) more$/ : /…ほか(\d+)件$/);
        // Entries shown are the first ones, whole in number; the rest is counted out loud.
        expect(shown.size + Number(more?.[1] ?? 0)).toBe(entries.length);
        for (let i = 0; i < shown.size; i++) expect(shown.has(i)).toBe(true);
      }),
      runs(150),
    );
  });

  it('pages of a whole list hold every entry once', () => {
    fc.assert(
      fc.property(fc.array(messyText, { maxLength: 80, size: 'max' }), (texts) => {
        const entries = texts.map((text, i) => `[#${i}] ${escapeUserText(text)}`);
        let seen = 0;
        for (let page = 1; ; page++) {
          const view = packedPage(entries, page, { title: 'x' });
          const description = view.embed.description ?? '';
          expect(description.length).toBeLessThanOrEqual(4096);
          seen += Array.from(description.matchAll(MARK)).length;
          if (!view.hasNext) {
            expect(view.page).toBe(view.pages);
            break;
          }
        }
        expect(seen).toBe(entries.length);
      }),
      runs(30),
    );
  });
});
