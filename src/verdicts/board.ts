/**
 * The verdicts of a process: posts are tracked when they go out, presses in Discord and records
 * counted from the service become votes, and the post's message is edited in place whenever its
 * line would change. A channel that refuses the edit stops its verdicts and tells the caller (the
 * owner notice, as for subscription posts).
 */
import type { Locale } from '../i18n/locale.js';
import type { Translator } from '../i18n/translator.js';
import type { Logger } from '../logger.js';
import type { ServiceRecord } from '../service/index.js';
import type { Store } from '../store/index.js';
import { commentLine, fitThreadName, verdictLine } from './line.js';
import type { VerdictMember, VerdictMembers } from './members.js';
import { type VerdictPost, VerdictPosts } from './posts.js';
import { tallyVerdict } from './tally.js';
import { VerdictVotes, type VoteRating } from './votes.js';

/** `gone`: the message was deleted (its verdict stops); forbidden / missing: the channel is lost. */
export type EditOutcome = 'ok' | 'gone' | 'forbidden' | 'missing' | 'failed';

/** Edits a posted message's content (its embeds and buttons stay as they are), and its comments thread. */
export interface MessageEditor {
  edit(channelId: string, messageId: string, content: string): Promise<EditOutcome>;
  /** Starts a public thread on the message, or finds the one already there; its id, or why not. */
  openThread(channelId: string, messageId: string, name: string): Promise<{ id: string } | EditOutcome>;
  /** Adds a member to the thread (best effort). */
  addMember(threadId: string, discordUserId: string): Promise<void>;
  /** Posts in the thread; false when it failed. */
  post(threadId: string, content: string): Promise<boolean>;
}

export type CommentsOutcome = { thread: string } | 'no-post' | 'refused' | 'failed';

export interface VerdictBoardDeps {
  store: Store;
  members: VerdictMembers;
  editor: MessageEditor;
  translator(locale: Locale): Translator;
  /** The channel refused an edit (403 or 404): its subscriptions are disabled, its owner told. */
  onChannelLost(channelId: string, reason: 'forbidden' | 'missing'): Promise<void>;
  logger: Logger;
  now: () => Date;
}

export class VerdictBoard {
  readonly posts: VerdictPosts;
  readonly votes: VerdictVotes;
  readonly #deps: VerdictBoardDeps;

  constructor(deps: VerdictBoardDeps) {
    this.#deps = deps;
    this.posts = new VerdictPosts(deps.store);
    this.votes = new VerdictVotes(deps.store, deps.now);
  }

  track(post: VerdictPost): Promise<boolean> {
    return this.posts.track(post);
  }

  /**
   * A member recorded the episode with a post's button or menu in this channel: counted at once.
   * Presses elsewhere (a `/work` reply) count on the channel's post only when there is one.
   */
  async pressed(press: {
    guildId: string;
    channelId: string;
    episodeId: number;
    discordUserId: string;
    rating: VoteRating;
  }): Promise<void> {
    const post = await this.posts.get(press.channelId, press.episodeId);
    if (!post || post.guildId !== press.guildId) return;
    this.#deps.members.joined(press.guildId, press.discordUserId);
    await this.votes.note(press.guildId, press.episodeId, press.discordUserId, press.rating);
    await this.show(post);
  }

  /** The episode's records from the service: those of the server's members become votes. */
  async counted(post: VerdictPost, records: readonly ServiceRecord[]): Promise<void> {
    const members = await this.#deps.members.of(post.guildId);
    const byServiceId = new Map(members.map((m) => [m.serviceUserId, m.discordUserId]));
    // Oldest first, so a later record's rating is the one kept.
    for (const record of [...records].reverse()) {
      const discordUserId = byServiceId.get(record.user?.id ?? -1);
      if (!discordUserId || (record.episode?.id !== undefined && record.episode?.id !== post.episodeId))
        continue;
      const comment = record.comment ?? undefined;
      await this.votes.note(
        post.guildId,
        post.episodeId,
        discordUserId,
        record.rating_state ?? null,
        comment,
      );
    }
    await this.show(post, members);
    const current = await this.posts.get(post.channelId, post.episodeId);
    if (current?.threadId) await this.postComments(current, members);
  }

  /**
   * The Comments button: opens the post's thread (or finds it), adds the presser, and posts the
   * comments of sharing members not posted yet, each behind a spoiler.
   */
  async openComments(press: {
    guildId: string;
    channelId: string;
    episodeId: number;
    discordUserId: string;
  }): Promise<CommentsOutcome> {
    const post = await this.posts.get(press.channelId, press.episodeId);
    if (!post || post.guildId !== press.guildId) return 'no-post';
    const name = fitThreadName(post.title ?? '', this.#deps.translator(post.locale));
    const opened = post.threadId
      ? { id: post.threadId }
      : await this.#deps.editor.openThread(post.channelId, post.messageId, name);
    if (typeof opened === 'string') return opened === 'failed' ? 'failed' : 'refused';
    if (!post.threadId)
      await this.posts.change(post.channelId, post.episodeId, (p) => ({ ...p, threadId: opened.id }));
    await this.#deps.editor.addMember(opened.id, press.discordUserId);
    this.#deps.members.joined(press.guildId, press.discordUserId);
    await this.postComments({ ...post, threadId: opened.id });
    return { thread: opened.id };
  }

  /** Posts, once each, the comments of sharing members in the post's thread (when it has one). */
  async postComments(post: VerdictPost, known?: readonly VerdictMember[]): Promise<void> {
    if (!post.threadId) return;
    const members = known ?? (await this.#deps.members.of(post.guildId));
    const votes = await this.votes.of(
      post.guildId,
      post.episodeId,
      members.map((m) => m.discordUserId),
    );
    const t = this.#deps.translator(post.locale);
    for (const member of members) {
      const vote = votes.get(member.discordUserId);
      // Members who do not share are counted, never quoted.
      if (!member.name || !vote?.comment || vote.commentShown) continue;
      if (!(await this.votes.claimComment(post.guildId, post.episodeId, member.discordUserId))) continue;
      await this.#deps.editor.post(post.threadId, commentLine(member.name, vote.comment, t));
    }
  }

  /** Edits the post when its line changed (someone voted, unlinked or left). */
  async show(post: VerdictPost, known?: readonly VerdictMember[]): Promise<void> {
    const members = known ?? (await this.#deps.members.of(post.guildId));
    const votes = await this.votes.of(
      post.guildId,
      post.episodeId,
      members.map((m) => m.discordUserId),
    );
    const names = new Map(members.map((m) => [m.discordUserId, m.name]));
    const line = verdictLine(
      tallyVerdict(votes, (id) => names.get(id)),
      this.#deps.translator(post.locale),
    );
    const current = await this.posts.get(post.channelId, post.episodeId);
    if (!current || (current.shown ?? '') === line) return;
    const outcome = await this.#deps.editor.edit(post.channelId, post.messageId, line);
    if (outcome === 'ok') {
      await this.posts.change(post.channelId, post.episodeId, (p) => ({ ...p, shown: line }));
      return;
    }
    if (outcome === 'failed') return; // a passing failure: the next vote or refresh edits again
    if (outcome === 'gone') {
      await this.posts.drop(post.channelId, post.episodeId);
      return;
    }
    this.#deps.logger.info({ channelId: post.channelId, outcome }, 'verdict: the channel refused an edit');
    await this.posts.dropChannel(post.channelId);
    await this.#deps.onChannelLost(post.channelId, outcome);
  }
}
