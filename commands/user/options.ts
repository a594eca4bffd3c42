/** The one option every /user sub-command takes, and how its value is read. */
import { z } from 'zod';
import { stringOption } from '#src/bot/definition.js';

/** A username on the service: what its sign-up accepts, with an optional leading @. */
export const USERNAME = /^@?[A-Za-z0-9_]{1,50}$/;

export const usernameQuery = z.object({
  username: z.string().trim().regex(USERNAME, 'reason.username'),
});

export const usernameOption = () =>
  stringOption(
    'username',
    'ユーザー名',
    { en: 'Their username on Annict', ja: 'Annictでのユーザー名' },
    {
      required: true,
      maxLength: 51,
    },
  );
