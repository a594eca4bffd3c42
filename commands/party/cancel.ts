/** `/party cancel party`: the host calls a party off; its event leaves Discord and its message says so. */
import type { AutocompleteChoice, CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { stringOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import type { Party } from '#src/parties/model.js';
import { fitText } from '#src/render/fit.js';
import { plain } from '#src/render/format.js';

/** Discord's limit on an autocomplete choice's name. */
const CHOICE_MAX = 100;

const options = [
  stringOption(
    'party',
    'パーティー',
    { en: 'Your party: pick from the list', ja: 'あなたの視聴会: 一覧から選ぶ' },
    { required: true, autocomplete: true, maxLength: 40 },
  ),
] as const;

export const cancelSubcommand = () =>
  subcommand(
    'cancel',
    '中止',
    { en: 'Call off a watch party you planned', ja: '予定した同時視聴会を中止する' },
    options,
  );

const isLive = (party: Party) => party.state === 'scheduled' || party.state === 'open';

/** The invoker's live parties in this server, soonest first. */
export async function partyChoices(ctx: Context, typed: string): Promise<AutocompleteChoice[]> {
  const needle = typed.trim().toLowerCase();
  const mine = await ctx.parties.store.all(
    (p) => p.guildId === ctx.guildId && p.hostId === ctx.user.id && isLive(p),
  );
  return mine
    .filter((p) => `${p.workTitle} ${p.episodeLabel}`.toLowerCase().includes(needle) || p.id === typed.trim())
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt))
    .slice(0, 25)
    .map((p) => ({
      name: fitText(
        `${p.startsAt.slice(0, 16).replace('T', ' ')} UTC · ${p.workTitle} ${p.episodeLabel}`,
        CHOICE_MAX,
      ),
      value: p.id,
    }));
}

export async function cancelParty(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const given = readOptions(options, raw, { reasons: { party: 'reason.required' } });
  const party = await ctx.parties.store.get(given.party.trim());
  // Someone else's party reads as unknown: its id says nothing to them.
  if (!party || party.guildId !== ctx.guildId || party.hostId !== ctx.user.id || !isLive(party))
    throw new UserFacingError('party.unknown');
  const cancelled = await ctx.parties.store.cancel(party.id, ctx.now());
  if (!cancelled) throw new UserFacingError('party.unknown');
  if (party.eventId) {
    await ctx.parties.events.remove(party.guildId, party.eventId).catch((error: unknown) => {
      ctx.logger.warn({ err: error, party: party.id }, 'party: the event could not be removed');
    });
  }
  await ctx.parties.board.refresh(party.id);
  return {
    kind: 'message',
    content: ctx.t('party.cancelled', { work: plain(party.workTitle), episode: plain(party.episodeLabel) }),
  };
}
