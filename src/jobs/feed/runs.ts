/**
 * A binge in one post: one person's records of consecutive episodes of one work, next to each other
 * in a poll, become one entry ("alice recorded 12 episodes · Frieren Ep 1–12") linked to the last
 * record, with each rating given and the last record's comment. Another activity between them, another
 * work, a gap in the numbers or a comment (its words are not folded away) ends a run.
 */
import type { FeedItem, RecordRunPart } from './message.js';

/** An item with the activities it stands for (several when a run was collapsed). */
export interface GroupedItem<Id> {
  ids: Id[];
  item: FeedItem;
}

function partOf(item: FeedItem): RecordRunPart | undefined {
  return item.kind === 'embed' ? item.run : undefined;
}

function joins(previous: RecordRunPart | undefined, next: RecordRunPart | undefined): boolean {
  return (
    previous !== undefined &&
    next !== undefined &&
    !previous.commented &&
    previous.key === next.key &&
    next.number === previous.number + 1
  );
}

/** Collapses each run of two or more records (in the items' order); every id stays, in order. */
export function collapseRuns<Id>(items: ReadonlyArray<{ id: Id; item: FeedItem }>): GroupedItem<Id>[] {
  const grouped: GroupedItem<Id>[] = [];
  let run: Array<{ id: Id; item: FeedItem; part: RecordRunPart }> = [];
  const close = () => {
    const last = run.at(-1);
    if (last && run.length > 1) {
      const embed = last.part.collapse(run.map((member) => member.part));
      grouped.push({ ids: run.map((member) => member.id), item: { kind: 'embed', embed } });
    } else if (last) grouped.push({ ids: [last.id], item: last.item });
    run = [];
  };
  for (const { id, item } of items) {
    const part = partOf(item);
    if (!joins(run.at(-1)?.part, part)) close();
    if (part) run.push({ id, item, part });
    else grouped.push({ ids: [id], item });
  }
  close();
  return grouped;
}
