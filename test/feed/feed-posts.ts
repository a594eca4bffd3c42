/**
 * The activities a channel's feed messages carry, one entry each, whatever the batching: an embed
 * with an author is one activity, each line of a status embed is one, and a plain-content message
 * (the minimal form, or a catch-up line) is one.
 */
import type { APIEmbed, APIMessage } from 'discord-api-types/v10';

export interface FeedPost {
  /** The embed's author line (records, reviews). */
  author?: string;
  embed?: APIEmbed;
  /** One status line. */
  line?: string;
  /** A plain-content message (minimal form or catch-up summary). */
  content?: string;
  messageId: string;
}

export function feedPosts(messages: readonly APIMessage[]): FeedPost[] {
  return messages.flatMap((message): FeedPost[] => {
    if (message.embeds.length === 0) return [{ content: message.content, messageId: message.id }];
    return message.embeds.flatMap((embed): FeedPost[] =>
      embed.author
        ? [{ author: embed.author.name, embed, messageId: message.id }]
        : (embed.description ?? '').split('\n').map((line) => ({ line, messageId: message.id })),
    );
  });
}

/** Each post's author line, status line or content, in order: what a reader sees, one per activity. */
export function feedHeads(messages: readonly APIMessage[]): string[] {
  return feedPosts(messages).map((post) => post.author ?? post.line ?? post.content ?? '');
}
