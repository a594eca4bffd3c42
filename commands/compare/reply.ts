/**
 * A comparison as Discord shows it, privately: one embed with the counts, the agreement and a first
 * few titles of each list (each list opens whole, paged, from its button), then a **Plan to Watch**
 * button for each of the first Great works missing from the asker's list. Every text is fitted to
 * Discord's limits whatever the titles are.
 */
import { type APIEmbed, ButtonStyle, ComponentType } from 'discord-api-types/v10';
import type { MessageComponents, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { formatNumber } from '#src/i18n/translator.js';
import { seasonWords } from '#src/lookups/seasons.js';
import { LIMITS, lines, plain, truncate } from '#src/render/format.js';
import { localTitle } from '#src/render/names.js';
import { agreementPercent } from './compare.js';
import { COMPARE_PAGES, type WorkRef } from './gather.js';
import { compareIds, type ListPart } from './ids.js';
import type { ComparedView } from './view.js';

/** Great works offered with a button (one row of five). */
export const WANT_BUTTONS = 5;
/** Discord's button label limit. */
const BUTTON_LABEL = 80;
/** A member's name as shown in titles and labels. */
const NAME_ROOM = 40;
const PER_PAGE = 50;

type Show = Pick<Context, 't' | 'locale'>;

export function workLine(ctx: Show, work: WorkRef): string {
  return `**${plain(localTitle(work, ctx.t))}**`;
}

function count(ctx: Show, value: number): string {
  return formatNumber(ctx.locale, value);
}

export function memberShown(name: string): string {
  return plain(truncate(name, NAME_ROOM));
}

/** The works of one list, for a page or a field. */
export function partWorks(view: ComparedView, part: ListPart): WorkRef[] {
  const { comparison } = view;
  return {
    both: comparison.both,
    mine: comparison.onlyMine,
    theirs: comparison.onlyTheirs,
    great: comparison.theirGreat,
  }[part];
}

/** A list's heading with its count: "Only bob (3)". */
export function partHeading(ctx: Show, view: ComparedView, part: ListPart): string {
  const member = memberShown(view.memberName);
  const n = count(ctx, partWorks(view, part).length);
  const heading = {
    both: () => ctx.t('compare.both', { count: n }),
    mine: () => ctx.t('compare.onlyMine', { count: n }),
    theirs: () => ctx.t('compare.onlyTheirs', { member, count: n }),
    great: () => ctx.t('compare.theirGreat', { member, count: n }),
  }[part]();
  return truncate(heading, LIMITS.fieldName);
}

export function comparisonTitle(ctx: Show, view: ComparedView, season: string | undefined): string {
  const when = season ? seasonWords(season, ctx.t) : ctx.t('compare.allTime');
  return truncate(
    ctx.t('compare.title', { member: memberShown(view.memberName), season: when }),
    LIMITS.title,
  );
}

function summaryEmbed(ctx: Show, view: ComparedView, season: string | undefined): APIEmbed {
  const percent = agreementPercent(view.comparison);
  const agreement =
    percent === undefined
      ? ctx.t('compare.noAgreement')
      : ctx.t('compare.agreement', {
          agreed: count(ctx, view.comparison.agreed),
          rated: count(ctx, view.comparison.rated),
          percent: count(ctx, percent),
        });
  const parts: ListPart[] = ['both', 'mine', 'theirs', 'great'];
  return {
    title: comparisonTitle(ctx, view, season),
    description: agreement,
    fields: parts.map((part) => ({
      name: partHeading(ctx, view, part),
      value:
        lines(
          partWorks(view, part).map((work) => workLine(ctx, work)),
          { limit: LIMITS.fieldValue, more: (more) => ctx.t('paging.more', { count: more }) },
        ) || ctx.t('compare.none'),
    })),
    ...(view.comparison.truncated
      ? { footer: { text: ctx.t('compare.truncated', { count: count(ctx, COMPARE_PAGES * PER_PAGE) }) } }
      : {}),
  };
}

function listButtons(ctx: Show, view: ComparedView, memberId: string, season: string | undefined) {
  const member = memberShown(view.memberName);
  const labels: Record<ListPart, string> = {
    both: ctx.t('compare.openBoth'),
    mine: ctx.t('compare.openMine'),
    theirs: ctx.t('compare.openTheirs', { member }),
    great: ctx.t('compare.openGreat', { member }),
  };
  return (Object.keys(labels) as ListPart[]).map((part) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Secondary as const,
    label: truncate(labels[part], BUTTON_LABEL),
    custom_id: compareIds.list.build(part, memberId, season ?? ''),
    disabled: partWorks(view, part).length === 0,
  }));
}

function wantButtons(ctx: Context, view: ComparedView) {
  return view.comparison.theirGreat.slice(0, WANT_BUTTONS).map((work) => ({
    type: ComponentType.Button as const,
    style: ButtonStyle.Primary as const,
    // Button labels are plain text: no Markdown escaping, only the length.
    label: truncate(ctx.t('compare.want', { title: localTitle(work, ctx.t) }), BUTTON_LABEL),
    custom_id: compareIds.want.build(ctx.user.id, String(work.id)),
  }));
}

/** The private reply: the summary embed, the list buttons, the Plan to Watch buttons. */
export function comparisonReply(
  ctx: Context,
  view: ComparedView,
  memberId: string,
  season: string | undefined,
): MessageReply {
  const want = wantButtons(ctx, view);
  const components: MessageComponents = [
    { type: ComponentType.ActionRow, components: listButtons(ctx, view, memberId, season) },
    ...(want.length > 0 ? [{ type: ComponentType.ActionRow as const, components: want }] : []),
  ];
  return { kind: 'message', embeds: [summaryEmbed(ctx, view, season)], components };
}
