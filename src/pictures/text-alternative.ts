/**
 * Every picture's text alternative, in the reader's language: the same facts as the picture, as
 * sentences. `alt` is the attachment's description (Discord: at most 1,024 characters, read by
 * screen readers, no Markdown); `text` is a message of its own (at most 2,000), posted beside the
 * picture or, when it cannot be drawn, instead of it, with what people wrote escaped.
 */
import { formatNumber, type Translator } from '../i18n/translator.js';
import { fitText } from '../render/fit.js';
import { plain } from '../render/format.js';
import { localEpisodeLabel, localTitle } from '../render/names.js';
import { RATING_STATES } from '../service/index.js';
import type { SeasonCard, WeeklySummary } from './model.js';
import { completionPercent, seasonLabel } from './season-card.js';
import { othersEpisodes, WEEKLY_TOP_WORKS, weekRange } from './weekly-summary.js';

export interface TextAlternative {
  alt: string;
  text: string;
}

/** Discord's limits: an attachment's description, and a message's content. */
export const ALT_MAX = 1024;
export const TEXT_MAX = 2000;
/** Members named in the text; more go into "everyone else". */
const TEXT_MEMBERS = 15;

/** Sentences whose names and titles are marked, so that `text` can escape them and `alt` not. */
type Sentence = (name: (value: string) => string) => string;

/** Japanese sentences follow each other without a space (`…カード。86話を…`), as the service writes. */
function finish(sentences: Sentence[], t: Translator): TextAlternative {
  const alt = sentences.map((sentence) => sentence((value) => value)).join(t.locale === 'ja' ? '' : ' ');
  const text = sentences.map((sentence) => sentence(plain)).join('\n');
  return { alt: fitText(alt, ALT_MAX), text: fitText(text, TEXT_MAX) };
}

function membersSentence(summary: WeeklySummary, t: Translator): Sentence | undefined {
  const named = summary.sharers.slice(0, TEXT_MEMBERS);
  const rest =
    othersEpisodes(summary) + summary.sharers.slice(TEXT_MEMBERS).reduce((sum, m) => sum + m.episodes, 0);
  if (named.length === 0) return undefined;
  return (name) => {
    const parts = named.map((member) =>
      t('picture.weekly.alt.member', {
        name: name(member.name),
        episodes: formatNumber(t.locale, member.episodes),
      }),
    );
    if (rest > 0) parts.push(t('picture.weekly.alt.others', { episodes: formatNumber(t.locale, rest) }));
    return t('picture.weekly.alt.members', { list: parts.join(t.locale === 'ja' ? '、' : ', ') });
  };
}

function worksSentence(summary: WeeklySummary, t: Translator): Sentence | undefined {
  const works = summary.topWorks.slice(0, WEEKLY_TOP_WORKS);
  if (works.length === 0) return () => t('picture.weekly.noWorks');
  return (name) =>
    t('picture.weekly.alt.topWorks', {
      list: works
        .map((work) =>
          t('picture.weekly.alt.work', {
            title: name(localTitle({ title: work.title, title_en: work.titleEn }, t)),
            episodes: formatNumber(t.locale, work.episodes),
            members: formatNumber(t.locale, work.members),
          }),
        )
        .join(t.locale === 'ja' ? '、' : '; '),
    });
}

function commentedSentence(summary: WeeklySummary, t: Translator): Sentence | undefined {
  const entry = summary.mostCommented;
  if (!entry) return undefined;
  const episode = localEpisodeLabel(
    {
      number: entry.episode.number ?? null,
      number_text: entry.episode.numberText ?? null,
      title: entry.episode.title ?? null,
    },
    t,
  );
  return (name) =>
    t('picture.weekly.alt.mostCommented', {
      work: name(localTitle({ title: entry.work.title, title_en: entry.work.titleEn }, t)),
      episode: name(episode),
      comments: formatNumber(t.locale, entry.comments),
    });
}

export function weeklySummaryText(summary: WeeklySummary, t: Translator): TextAlternative {
  const ratings = [...RATING_STATES]
    .reverse()
    .map((state) => `${t(`rating.${state}`)} ${formatNumber(t.locale, summary.ratings[state])}`)
    .join(t.locale === 'ja' ? '、' : ', ');
  const sentences: Array<Sentence | undefined> = [
    (name) =>
      t('picture.weekly.alt.title', { server: name(summary.server.name), week: weekRange(summary.week, t) }),
    () =>
      t('picture.weekly.alt.total', {
        episodes: formatNumber(t.locale, summary.totals.episodes),
        members: formatNumber(t.locale, summary.totals.members),
      }),
    membersSentence(summary, t),
    worksSentence(summary, t),
    () => t('picture.weekly.alt.ratings', { list: ratings }),
    commentedSentence(summary, t),
  ];
  return finish(
    sentences.filter((sentence) => sentence !== undefined),
    t,
  );
}

export function seasonCardText(card: SeasonCard, t: Translator): TextAlternative {
  const season = seasonLabel(card.season, t);
  const sentences: Sentence[] = [
    (name) => t('picture.season.alt.title', { user: name(card.user.name), season }),
    () =>
      t('picture.season.alt.stats', {
        episodes: formatNumber(t.locale, card.episodes),
        finished: formatNumber(t.locale, Math.min(card.works.finished, card.works.watched)),
        watched: formatNumber(t.locale, card.works.watched),
        percent: String(completionPercent(card.works)),
      }),
    card.topRated.length === 0
      ? () => t('picture.season.noTopRated')
      : (name) =>
          t('picture.season.alt.topRated', {
            list: card.topRated
              .map((work) =>
                t('picture.season.alt.work', {
                  title: name(localTitle({ title: work.title, title_en: work.titleEn }, t)),
                  rating: t(`rating.${work.rating}`),
                }),
              )
              .join(t.locale === 'ja' ? '、' : '; '),
          }),
  ];
  return finish(sentences, t);
}
