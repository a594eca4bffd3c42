/**
 * `/remind minutes`: a DM that many minutes before each of the person's programs first airs
 * (src/jobs/broadcasts/reminders.ts). Off by default; `minutes:0` and the Stop button in every reminder turn
 * it off. Works in servers, in DMs with kiroku and for user installs.
 */
import { defineCommand } from '#src/bot/command.js';
import { integerOption, slashCommand } from '#src/bot/definition.js';
import { readOptions } from '#src/bot/options.js';
import { UserFacingError } from '#src/bot/user-facing-error.js';
import { REMIND_STOP, remindIds } from '#src/components/remind-ids.js';
import { MAX_REMIND_MINUTES } from '#src/viewing/reminders.js';

const options = [
  integerOption(
    'minutes',
    '分前',
    { en: 'How many minutes before (0 = off)', ja: '何分前に知らせるか（0でオフ）' },
    { required: true, min: 0, max: MAX_REMIND_MINUTES },
  ),
] as const;

export const command = defineCommand({
  definition: slashCommand(
    'remind',
    'リマインダー',
    {
      en: 'A DM before each of your programs airs (0 turns it off)',
      ja: '各番組の放送前にDMでお知らせ（0でオフ）',
    },
    options,
  ),
  ephemeral: () => true,

  async execute(ctx, input) {
    const { minutes } = readOptions(options, input.options, { reasons: { minutes: 'reason.required' } });
    if (minutes === 0) {
      const wasOn = await ctx.reminders.turnOff(ctx.user.id);
      return { kind: 'message', content: ctx.t(wasOn ? 'remind.off' : 'remind.alreadyOff') };
    }
    // The reminders read the person's own programs with their own token.
    await ctx.ownCall();
    await ctx.reminders.turnOn(ctx.user.id, minutes, ctx.locale, ctx.now());
    return { kind: 'message', content: ctx.t('remind.on', { minutes }) };
  },

  ids: remindIds,
  components: {
    [REMIND_STOP]: {
      answers: 'message',
      async handle(ctx, input) {
        // Only the person the reminder was for: a forwarded DM's button does nothing for others.
        if (input.args[0] !== ctx.user.id) throw new UserFacingError('error.notYourComponent');
        await ctx.reminders.turnOff(ctx.user.id);
        return { kind: 'message', content: ctx.t('remind.stopped') };
      },
    },
  },
});
