/** `/account visibility`: opt in or out of being found from a right-click on one's Discord account. */
import type { CommandInput, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { booleanOption, subcommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';

const options = [
  booleanOption(
    'shared',
    '公開',
    { en: 'True: others may look it up (off by default)', ja: 'Trueで公開（既定は非公開）' },
    { required: true },
  ),
] as const;

export const visibilitySubcommand = () =>
  subcommand(
    'visibility',
    '公開設定',
    {
      en: 'Let others see your viewing record from your name',
      ja: '名前から視聴記録を見られるようにする',
    },
    options,
  );

/** Opt in or out of being found from a right-click on one's Discord account ("Viewing record"). */
export async function visibility(ctx: Context, raw: CommandInput['options']): Promise<MessageReply> {
  const { shared } = readOptions(options, raw, { reasons: { shared: 'reason.required' } });
  if (shared && !(await ctx.linkedAccount()))
    return { kind: 'message', content: ctx.t('account.visibilityNeedsLink') };
  await ctx.preferences.setDiscoverable(ctx.user.id, shared);
  return {
    kind: 'message',
    content: ctx.t(shared ? 'account.visibilityOn' : 'account.visibilityOff'),
  };
}
