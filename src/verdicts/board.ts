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
import { verdictLine } from './line.js';
import type { VerdictMembers } from './members.js';
import { type VerdictPost, VerdictPosts } from './posts.js';
import { tallyVerdict } from './tally.js';
import { VerdictVotes, type VoteRating } from './votes.js';

/** `gone`: the message was deleted (its verdict stops); forbidden / missing: the channel is lost. */
export type EditOutcome = 'ok' | 'gone' | 'forbidden' | 'missing' | 'failed';

/** Edits a posted message's content (its embeds and buttons stay as they are). */
export interface MessageEditor {
  edit(channelId: string, messageId: string, content: string): Promise<EditOutcome>;
}

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
      await this.votes.note(post.guildId, post.episodeId, discordUserId, record.rating_state ?? null);
    }
    await this.show(post, members);
  }

  /** Edits the post when its line changed (someone voted, unlinked or left). */
  async show(post: VerdictPost, known?: Awaited<ReturnType<VerdictMembers['of']>>): Promise<void> {
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
