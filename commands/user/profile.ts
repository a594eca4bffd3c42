/** `/user profile`: one person's profile; also what the "Open…" menu of followers/following shows. */
import type { ComponentHandler, MessageReply } from '#src/bot/command.js';
import type { Context } from '#src/bot/context.js';
import { subcommand } from '#src/bot/definition.js';
import { customIds } from '#src/components/custom-id.js';
import { userByName } from '#src/lookups/users.js';
import { userEmbed } from '#src/render/user.js';
import { usernameOption, usernameQuery } from './options.js';

export const profileSubcommand = () =>
  subcommand('profile', 'プロフィール', { en: 'Show a user’s profile', ja: 'ユーザーのプロフィール' }, [
    usernameOption(),
  ]);

/** The "Open…" menu under followers and following: its value is the picked username. */
export const userIds = customIds('user', { open: [] });

export async function showProfile(ctx: Context, username: string): Promise<MessageReply> {
  const user = await userByName(ctx, username);
  return { kind: 'message', embeds: [userEmbed(user, ctx.t, ctx.locale)] };
}

/** A person picked in an "Open…" menu of followers or following: their profile, privately. */
export const openProfile: ComponentHandler = {
  answers: 'message',
  async handle(ctx, input) {
    const { username } = usernameQuery.parse({ username: input.values[0] });
    return showProfile(ctx, username);
  },
};
