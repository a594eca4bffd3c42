/**
 * End to end in both languages: `/review post|edit|delete` (the overall rating
 * required, the parts the same unless chosen, the words in a form that opens at once), works without
 * episodes pointing there from /record and /work info, and reviews shown in /work info.
 */
import { describe, expect, it } from 'vitest';
import type { InteractionReply } from '../fakes/discord/interaction-reply.js';
import { DEMO_USERS, DEMO_WORKS } from '../fakes/emulator/seed.js';
import { slashAsAlice, USERS, useStack } from '../support/stack.js';

const TIMEOUT = 15_000;
const MOVIE = DEMO_WORKS.soraNoteMovie;
const EN_TITLE = 'Sky Blue Notebook the Movie: The Promised Summer';
/** A command named in a reply: a clickable mention once the bot knows the command's id. */
const REVIEW_POST = /<\/review post:\d+>|`\/review post`/;

describe('/review: reviews of whole works', () => {
  const stack = useStack({ emulatorRateLimit: false }, { link: ['alice'] });
  const slash = slashAsAlice(() => stack);
  const alicesReviews = (workId: number) =>
    [...stack.emulator.data.reviews.values()].filter(
      (r) => r.userId === DEMO_USERS.alice.id && r.workId === workId,
    );
  const submit = async (form: InteractionReply, body: string, locale = 'en-US') =>
    (
      await stack.discord.modal({
        customId: form.modal?.custom_id ?? '',
        fields: { body },
        user: { ...USERS.alice, locale },
        locale,
      })
    ).reply(TIMEOUT);
  const chooseReview = async (typed: string, locale: string) =>
    (
      await (
        await stack.discord.autocomplete({
          name: 'review',
          subcommand: 'edit',
          options: { review: typed },
          focused: 'review',
          user: { ...USERS.alice, locale },
          locale,
        })
      ).reply(TIMEOUT)
    ).choices ?? [];

  it('a film has no episode to record: /record and /work info point to /review post', async () => {
    const record = await (await slash('record', 'post', { work: String(MOVIE), episode: '1' })).reply(
      TIMEOUT,
    );
    expect(record.content).toMatch(REVIEW_POST);
    // Without an episode, the same: not "which episode?".
    const next = await (await slash('record', 'post', { work: String(MOVIE) }, 'ja')).reply(TIMEOUT);
    expect(next.content).toMatch(REVIEW_POST);
    expect(next.content).toContain('エピソードがないため');
    const info = await (await slash('work', 'info', { work: String(MOVIE) }, 'ja')).reply(TIMEOUT);
    const fields = info.embeds[0]?.fields ?? [];
    expect(fields.find((f) => f.name === 'エピソードなし')?.value).toMatch(REVIEW_POST);
    // bob's review with words, behind a spoiler; dave's rating without words is not listed.
    const reviews = fields.find((f) => f.name === '感想')?.value ?? '';
    expect(reviews).toMatch(/^\*\*.+\*\* · 全体: とても良い\n\|\|TV版を見た人へのご褒美/);
    expect(reviews.split('\n')).toHaveLength(2);
  });

  it('posts a review: the form opens at once, parts left out are the same as overall', async () => {
    stack.emulator.resetStats();
    const form = await (
      await slash('review', 'post', {
        work: String(MOVIE),
        overall: 'great',
        music: 'good',
        character: 'none',
      })
    ).reply(TIMEOUT);
    expect(form.type).toBe(9);
    expect(stack.emulator.stats.requests).toBe(0);
    // Spaces alone are no review: nothing is posted, and the reply says why.
    const blank = await submit(form, '   \n ');
    expect(blank.content).toContain('A review needs some words');
    expect(alicesReviews(MOVIE)).toHaveLength(0);
    const essay = `${'夏の空が🌈きれい。'.repeat(399)}終`;
    const posted = await submit(form, essay);
    expect(posted.content).toBe(`Posted your review of **${EN_TITLE}**.`);
    expect(posted.embeds[0]?.description).toContain('Overall: Great');
    expect(posted.embeds[0]?.description).toContain('Music: Good');
    const [stored] = alicesReviews(MOVIE);
    expect(stored).toMatchObject({
      body: essay,
      ratingOverallState: 'great',
      ratingAnimationState: 'great',
      ratingStoryState: 'great',
      ratingMusicState: 'good',
      ratingCharacterState: null,
    });
    // /work info shows it among the work's reviews at once, the essay cut to fit behind its spoiler.
    const info = await (await slash('work', 'info', { work: String(MOVIE) })).reply(TIMEOUT);
    const reviews = info.embeds[0]?.fields?.find((f) => f.name === 'Reviews')?.value ?? '';
    expect(reviews).toContain('· Overall: Great\n||夏の空が🌈きれい。');
    expect(reviews.length).toBeLessThanOrEqual(1024);
  });

  it('edits in Japanese: the list names your reviews, the form holds the words, an empty form keeps them', async () => {
    const choices = await chooseReview('', 'ja');
    const movie = choices.find((c) => c.name.startsWith('劇場版 空色ノート'));
    expect(movie?.name).toBe('劇場版 空色ノート 〜約束の夏〜 · とても良い · 今');
    const stored = alicesReviews(MOVIE)[0];
    expect(movie?.value).toBe(String(stored?.id));

    const form = await (
      await slash('review', 'edit', { review: String(movie?.value), story: 'bad' }, 'ja')
    ).reply(TIMEOUT);
    expect(form.type).toBe(9);
    const field = form.modal?.components?.[0];
    expect(field && 'components' in field ? field.components[0] : undefined).toMatchObject({
      value: stored?.body,
      required: false,
    });
    const edited = await submit(form, '', 'ja');
    expect(edited.content).toBe('**劇場版 空色ノート 〜約束の夏〜**の感想を更新しました。');
    expect(alicesReviews(MOVIE)[0]).toMatchObject({
      body: stored?.body,
      ratingOverallState: 'great',
      ratingStoryState: 'bad',
      ratingMusicState: 'good',
      ratingCharacterState: null,
    });
  });

  it('words longer than a form holds are not put in the form, and an empty form keeps them whole', async () => {
    const long = `${'長い感想。'.repeat(1000)}おわり`;
    stack.emulator.data.createReview({
      userId: DEMO_USERS.alice.id,
      workId: DEMO_WORKS.houkagoDragon,
      body: long,
      ratingOverallState: 'good',
    });
    const choice = (await chooseReview('竜', 'ja')).find((c) => c.name.includes('良い'));
    const form = await (
      await slash('review', 'edit', { review: String(choice?.value), music: 'great' }, 'ja')
    ).reply(TIMEOUT);
    const field = form.modal?.components?.[0];
    expect(field && 'components' in field ? field.components[0] : {}).not.toHaveProperty('value');
    await submit(form, '', 'ja');
    const stored = alicesReviews(DEMO_WORKS.houkagoDragon).find((r) => r.id === Number(choice?.value));
    expect(stored).toMatchObject({ body: long, ratingOverallState: 'good', ratingMusicState: 'great' });
  });

  it('someone else’s review, or a typed id, is not found and nothing changes', async () => {
    const bobs = [...stack.emulator.data.reviews.values()].find((r) => r.userId === DEMO_USERS.bob.id);
    const asked = await (await slash('review', 'delete', { review: String(bobs?.id) })).reply(TIMEOUT);
    expect(asked.content).toContain('could not find that review among yours');
    expect(asked.components ?? []).toHaveLength(0);
    const typed = await (await slash('review', 'edit', { review: 'great movie' })).reply(TIMEOUT);
    expect(typed.content).toContain('could not find that review among yours');
    // A form sent back for someone else's review changes nothing either.
    const forged = await (
      await stack.discord.modal({
        customId: `review:edit:sssss:${bobs?.id}`,
        fields: { body: 'mine now' },
        user: USERS.alice,
      })
    ).reply(TIMEOUT);
    expect(forged.content).toContain('could not find that review among yours');
    expect(stack.emulator.data.reviews.get(bobs?.id ?? 0)?.body).not.toBe('mine now');
  });

  it('someone unlinked is told to link before any form, in their language', async () => {
    const asked = await (
      await stack.discord.slash({
        name: 'review',
        subcommand: 'post',
        options: { work: String(MOVIE), overall: 'good' },
        user: { ...USERS.stranger, locale: 'ja' },
        locale: 'ja',
      })
    ).reply(TIMEOUT);
    expect(asked.type).not.toBe(9);
    expect(asked.content).toContain('/account link');
    expect(asked.content).toContain('連携');
  });

  it('deletes after asking', async () => {
    const [choice] = await chooseReview('Sky', 'en-US');
    const asked = await (await slash('review', 'delete', { review: String(choice?.value) })).reply(TIMEOUT);
    expect(asked.content).toBe(`Delete your review of **${EN_TITLE}**? This cannot be undone.`);
    const remove = asked.components
      .flatMap((row): unknown[] => ('components' in row ? [...row.components] : []))
      .find((b): b is { custom_id: string } => JSON.stringify(b).includes('"label":"Delete review"'));
    const done = await (
      await stack.discord.button({
        customId: remove?.custom_id ?? '',
        user: USERS.alice,
        ...(asked.message ? { message: asked.message } : {}),
      })
    ).reply(TIMEOUT);
    expect(done.content).toBe(`Deleted your review of **${EN_TITLE}**.`);
    expect(alicesReviews(MOVIE)).toHaveLength(0);
  });
});
