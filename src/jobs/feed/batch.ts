/**
 * A poll's activities for one channel in as few messages as fit: oldest first, up to 10 embeds and
 * 6,000 characters of embed text per message (Discord's limits), one embed per record or review, and
 * consecutive status lines sharing one embed's description (4,096 characters).
 */
import type { APIEmbed } from 'discord-api-types/v10';
import type { OutgoingMessage } from '../posting/poster.js';
import type { FeedItem } from './message.js';
import { collapseRuns } from './runs.js';

export const BATCH_LIMITS = { embeds: 10, totalChars: 6_000, description: 4_096 } as const;

/** One message of a batch: the activities it carries (oldest first) and its body. */
export interface FeedBatch<Id> {
  members: Id[];
  message: OutgoingMessage;
}

/** The characters Discord counts against a message's 6,000 (title, description, fields, footer, author). */
export function embedChars(embed: APIEmbed): number {
  const fields = (embed.fields ?? []).reduce((sum, field) => sum + field.name.length + field.value.length, 0);
  return (
    (embed.title?.length ?? 0) +
    (embed.description?.length ?? 0) +
    fields +
    (embed.footer?.text.length ?? 0) +
    (embed.author?.name.length ?? 0)
  );
}

interface Building<Id> {
  members: Id[];
  embeds: APIEmbed[];
  chars: number;
  /** The last embed holds status lines, and more may join it. */
  linesOpen: boolean;
}

function fresh<Id>(): Building<Id> {
  return { members: [], embeds: [], chars: 0, linesOpen: false };
}

/** Adds a line to the open line embed when it fits there; false when it needs an embed of its own. */
function joinLine<Id>(current: Building<Id>, ids: Id[], line: string): boolean {
  const last = current.embeds.at(-1);
  if (!current.linesOpen || !last) return false;
  const added = line.length + 1;
  const description = last.description ?? '';
  if (description.length + added > BATCH_LIMITS.description) return false;
  if (current.chars + added > BATCH_LIMITS.totalChars) return false;
  last.description = `${description}\n${line}`;
  current.chars += added;
  current.members.push(...ids);
  return true;
}

/**
 * Packs items (oldest first) into messages; every item lands in exactly one message, in order. A run
 * of one person's consecutive episodes of a work is one entry (runs.ts): its activities share it.
 */
export function packFeedBatches<Id>(items: ReadonlyArray<{ id: Id; item: FeedItem }>): FeedBatch<Id>[] {
  const batches: FeedBatch<Id>[] = [];
  let current = fresh<Id>();
  const close = () => {
    if (current.members.length > 0)
      batches.push({ members: current.members, message: { embeds: current.embeds } });
    current = fresh<Id>();
  };
  for (const { ids, item } of collapseRuns(items)) {
    if (item.kind === 'line' && joinLine(current, ids, item.line)) continue;
    const embed: APIEmbed =
      item.kind === 'embed' ? item.embed : { color: item.color, description: item.line };
    const chars = embedChars(embed);
    if (current.embeds.length >= BATCH_LIMITS.embeds || current.chars + chars > BATCH_LIMITS.totalChars)
      close();
    current.embeds.push(embed);
    current.members.push(...ids);
    current.chars += chars;
    current.linesOpen = item.kind === 'line';
  }
  close();
  return batches;
}
