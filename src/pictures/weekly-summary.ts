/**
 * The weekly server summary, drawn: the week's total, episodes by each member who shares (everyone
 * else only in a total), the mix of ratings as a small bar chart, the most-watched works with their
 * covers, and the most-commented episode.
 */
import { formatNumber, type Translator } from '../i18n/translator.js';
import { localEpisodeLabel, localTitle } from '../render/names.js';
import { RATING_STATES } from '../service/index.js';
import type { CanvasImage } from './canvas.js';
import { coverPanel, coverPanelHeight } from './cover-row.js';
import {
  type Box,
  background,
  bar,
  type Pen,
  panel,
  paragraph,
  pill,
  pillWidth,
  text,
  titledPanel,
} from './draw.js';
import { brandFooter, header } from './header.js';
import type { WeeklySummary } from './model.js';
import { MARGIN, PANEL_PADDING, THEME } from './theme.js';

const WIDTH = 1200;
const INNER = WIDTH - 2 * MARGIN;
/** Members named in the picture; the rest of them count among everyone else. */
const WEEKLY_MEMBER_ROWS = 6;
export const WEEKLY_TOP_WORKS = 5;
/** Top to bottom: the header, members and ratings, the works, the most-commented episode, the footer. */
const ROWS_Y = 222;
const ROWS_HEIGHT = 320;
const WORKS_Y = ROWS_Y + ROWS_HEIGHT + 24;
const WORKS_HEIGHT = coverPanelHeight(INNER, WEEKLY_TOP_WORKS);
const COMMENTED_Y = WORKS_Y + WORKS_HEIGHT + 24;
export const WEEKLY_SIZE = { width: WIDTH, height: COMMENTED_Y + 80 + 66 } as const;

/** `Nov 16 – 22, 2026` / `2026/11/16～2026/11/22`, from the week's calendar dates. */
export function weekRange(week: WeeklySummary['week'], t: Translator): string {
  const format = new Intl.DateTimeFormat(t.locale === 'ja' ? 'ja-JP' : 'en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return format.formatRange(new Date(`${week.start}T00:00:00Z`), new Date(`${week.end}T00:00:00Z`));
}

/** Episodes recorded by members who do not share (never negative, whatever the counts say). */
export function othersEpisodes(summary: WeeklySummary): number {
  const named = summary.sharers.reduce((sum, member) => sum + member.episodes, 0);
  return Math.max(0, summary.totals.episodes - named);
}

function totals(pen: Pen, summary: WeeklySummary, t: Translator): void {
  const right = WEEKLY_SIZE.width - MARGIN;
  const episodes = formatNumber(t.locale, summary.totals.episodes);
  text(pen, episodes, right, 128, 300, { size: 76, weight: 800, align: 'right' });
  text(pen, t('picture.weekly.episodesLabel', { count: episodes }), right, 160, 300, {
    size: 20,
    color: THEME.secondary,
    align: 'right',
  });
  const members = formatNumber(t.locale, summary.totals.members);
  text(pen, t('picture.weekly.byMembers', { count: members }), right, 188, 300, {
    size: 18,
    color: THEME.muted,
    align: 'right',
  });
}

function members(pen: Pen, summary: WeeklySummary, t: Translator, box: Box): void {
  const { left, inner } = titledPanel(pen, t('picture.weekly.members'), box);
  const rows = summary.sharers.slice(0, WEEKLY_MEMBER_ROWS);
  const most = Math.max(1, ...rows.map((row) => row.episodes));
  rows.forEach((row, index) => {
    const y = box.y + 96 + index * 34;
    text(pen, row.name, left, y, 170, { size: 19, color: THEME.text });
    bar(pen, left + 190, y - 15, { width: inner - 190 - 70, height: 16, filled: row.episodes / most }, [
      THEME.accent,
      THEME.accentTo,
    ]);
    text(pen, formatNumber(t.locale, row.episodes), left + inner, y, 64, {
      size: 19,
      weight: 700,
      align: 'right',
    });
  });
  const others =
    othersEpisodes(summary) + summary.sharers.slice(WEEKLY_MEMBER_ROWS).reduce((s, m) => s + m.episodes, 0);
  const bottom = box.y + box.height - 26;
  if (rows.length === 0) {
    paragraph(
      pen,
      t('picture.weekly.noSharers'),
      left,
      box.y + 100,
      { maxWidth: inner, maxLines: 3, lineHeight: 30 },
      {
        size: 19,
        color: THEME.secondary,
      },
    );
  }
  if (others > 0) {
    text(pen, t('picture.weekly.others', { episodes: formatNumber(t.locale, others) }), left, bottom, inner, {
      size: 17,
      color: THEME.muted,
    });
  }
}

function ratings(pen: Pen, summary: WeeklySummary, t: Translator, box: Box): void {
  const { left, inner } = titledPanel(pen, t('picture.weekly.ratings'), box);
  const states = [...RATING_STATES].reverse();
  const most = Math.max(1, ...states.map((state) => summary.ratings[state]));
  const column = inner / states.length;
  const chartTop = box.y + 108;
  const chartHeight = box.height - 108 - 64;
  states.forEach((state, index) => {
    const value = summary.ratings[state];
    const barWidth = Math.min(52, column - 24);
    const x = left + index * column + (column - barWidth) / 2;
    const height = Math.max(6, (chartHeight * value) / most);
    const top = chartTop + chartHeight - height;
    const { ctx } = pen;
    ctx.beginPath();
    ctx.roundRect(x, chartTop, barWidth, chartHeight, 10);
    ctx.fillStyle = THEME.track;
    ctx.fill();
    ctx.beginPath();
    ctx.roundRect(x, top, barWidth, height, 10);
    ctx.fillStyle = value > 0 ? THEME.ratings[state] : THEME.track;
    ctx.fill();
    const center = left + index * column + column / 2;
    text(pen, formatNumber(t.locale, value), center, top - 10, column, {
      size: 18,
      weight: 700,
      align: 'center',
    });
    text(pen, t(`rating.${state}`), center, chartTop + chartHeight + 32, column - 4, {
      size: 16,
      color: THEME.secondary,
      align: 'center',
    });
  });
}

function topWorks(
  pen: Pen,
  summary: WeeklySummary,
  t: Translator,
  covers: ReadonlyMap<string, CanvasImage>,
  y: number,
): void {
  const tiles = summary.topWorks.slice(0, WEEKLY_TOP_WORKS).map((work) => ({
    title: localTitle({ title: work.title, title_en: work.titleEn }, t),
    image: covers.get(work.coverUrl ?? ''),
    caption: t('picture.weekly.workStats', {
      episodes: formatNumber(t.locale, work.episodes),
      members: formatNumber(t.locale, work.members),
    }),
  }));
  const texts = { heading: t('picture.weekly.topWorks'), empty: t('picture.weekly.noWorks') };
  coverPanel(pen, texts, tiles, {
    x: MARGIN,
    y,
    width: INNER,
    height: WORKS_HEIGHT,
    slots: WEEKLY_TOP_WORKS,
  });
}

function mostCommented(pen: Pen, summary: WeeklySummary, t: Translator, y: number): void {
  const entry = summary.mostCommented;
  if (!entry) return;
  panel(pen, MARGIN, y, INNER, 80);
  const left = MARGIN + PANEL_PADDING;
  const label = `💬 ${t('picture.weekly.mostCommented')}`;
  const labelWidth = text(pen, label, left, y + 49, 330, { size: 19, weight: 700, color: THEME.accent });
  const comments = t('picture.weekly.comments', { count: formatNumber(t.locale, entry.comments) });
  const right = MARGIN + INNER - PANEL_PADDING;
  const countStyle = { size: 16, fill: 'rgba(139, 155, 255, 0.18)', color: THEME.text };
  const countWidth = pillWidth(pen, comments, countStyle.size);
  pill(pen, comments, right - countWidth, y + 26, countStyle);
  const episode = localEpisodeLabel(
    {
      number: entry.episode.number ?? null,
      number_text: entry.episode.numberText ?? null,
      title: entry.episode.title ?? null,
    },
    t,
  );
  const work = localTitle({ title: entry.work.title, title_en: entry.work.titleEn }, t);
  const start = left + labelWidth + 24;
  text(pen, `${work} ${episode}`, start, y + 49, right - countWidth - 24 - start, { size: 19 });
}

/** Draws the summary on a fresh canvas of WEEKLY_SIZE. */
export function drawWeeklySummary(
  pen: Pen,
  summary: WeeklySummary,
  t: Translator,
  covers: ReadonlyMap<string, CanvasImage>,
  range: string,
): void {
  background(pen, WEEKLY_SIZE.width, WEEKLY_SIZE.height);
  header(pen, {
    eyebrow: t('picture.weekly.eyebrow'),
    title: summary.server.name,
    subtitle: range,
    width: 720,
  });
  totals(pen, summary, t);
  members(pen, summary, t, { x: MARGIN, y: ROWS_Y, width: 640, height: ROWS_HEIGHT });
  ratings(pen, summary, t, { x: MARGIN + 664, y: ROWS_Y, width: INNER - 664, height: ROWS_HEIGHT });
  topWorks(pen, summary, t, covers, WORKS_Y);
  mostCommented(pen, summary, t, COMMENTED_Y);
  brandFooter(pen, t, WEEKLY_SIZE);
}
