import type { Context } from '../bot/context.js';
import { UserFacingError } from '../bot/user-facing-error.js';
import { plain, truncate } from '../render/format.js';
import { USER_FIELDS } from '../render/user.js';
import type { User } from '../service/index.js';

/** Finds a user by exact username (`search_users` with filter_usernames). */
export async function userByName(ctx: Context, username: string): Promise<User> {
  const call = await ctx.catalogueCall();
  const name = username.trim().replace(/^@/, '');
  const user = await ctx.cache.getOrLoad(`user:${name.toLowerCase()}`, async () => {
    const page = await ctx.service.searchUsers(
      { filter_usernames: [name], fields: USER_FIELDS, per_page: 1 },
      call,
    );
    return page.items[0] ?? null;
  });
  if (!user)
    throw new UserFacingError('match.noUser', (t) =>
      t('match.noUser', { username: plain(truncate(name, 50)) }),
    );
  return user;
}
