/**
 * What `/work info` adds for fans: when the person's next episode of the work airs (a Discord
 * timestamp, from their own schedule; one request, only for linked people) and link buttons to the
 * official site, MyAnimeList, Syobocal and Wikipedia when the work has them.
 */
import {
  type APIActionRowComponent,
  type APIButtonComponent,
  ButtonStyle,
  ComponentType,
} from 'discord-api-types/v10';
import type { Context } from '#src/bot/context.js';
import { discordTime, LIMITS, plain, truncate } from '#src/render/format.js';
import { linkButtonUrl } from '#src/render/url.js';
import type { Work } from '#src/service/index.js';
import { shortEpisode } from '#src/viewing/episode-short.js';

const DIGITS = /^\d{1,10}$/;

/** The link buttons (at most four, one row), or undefined when the work has none. */
export function workLinkRow(work: Work, ctx: Context): APIActionRowComponent<APIButtonComponent> | undefined {
  const mal = String(work.mal_anime_id ?? '').trim();
  const syobocal = String(work.syobocal_tid ?? '').trim();
  const links: Array<[string, string | undefined]> = [
    [ctx.t('work.links.official'), work.official_site_url ?? undefined],
    [ctx.t('work.links.mal'), DIGITS.test(mal) ? `https://myanimelist.net/anime/${mal}` : undefined],
    [
      ctx.t('work.links.syobocal'),
      DIGITS.test(syobocal) ? `https://cal.syoboi.jp/tid/${syobocal}` : undefined,
    ],
    [ctx.t('work.links.wikipedia'), work.wikipedia_url ?? undefined],
  ];
  // As the service gives them: normalised (a Wikipedia address in Japanese), http(s) only, else left out.
  const buttons = links.flatMap(([label, candidate]): APIButtonComponent[] => {
    const url = linkButtonUrl(candidate);
    return url ? [{ type: ComponentType.Button, style: ButtonStyle.Link, label, url }] : [];
  });
  return buttons.length > 0 ? { type: ComponentType.ActionRow, components: buttons } : undefined;
}

/** The embed field with the person's next episode of the work, or undefined (not linked, nothing ahead). */
export async function nextEpisodeField(ctx: Context, work: Work) {
  const account = await ctx.linkedAccount();
  if (!account) return undefined;
  const page = await ctx.service.myPrograms(
    {
      filter_work_ids: [work.id],
      filter_started_at_gt: ctx.now(),
      filter_rebroadcast: false,
      sort_started_at: 'asc',
      per_page: 1,
      fields: ['id', 'started_at', 'channel.name', 'episode.id', 'episode.number', 'episode.number_text'],
    },
    { token: account.token, priority: 'interactive', person: ctx.user.id },
  );
  const next = page.items[0];
  if (!next?.started_at) return undefined;
  const episode = next.episode
    ? shortEpisode({ number: next.episode.number, numberText: next.episode.number_text }, ctx.t)
    : '';
  const channel = next.channel?.name ? ` · ${plain(next.channel.name)}` : '';
  const when = `${discordTime(next.started_at, 'f')} (${discordTime(next.started_at, 'R')})`;
  return {
    name: ctx.t('work.nextEpisode'),
    value: truncate(
      ctx.t('work.nextEpisodeAt', { episode: plain(episode), when, channel }),
      LIMITS.fieldValue,
    ),
  };
}
