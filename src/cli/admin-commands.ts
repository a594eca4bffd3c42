/** The admin commands themselves (parsing and help are in admin.ts). Each writes plain lines to `out`. */

import { DIGEST_STATE_COLLECTION, digestStateSchema } from '../jobs/broadcasts/digest.js';
import { OUTBOX_COLLECTION, outboxEntrySchema } from '../jobs/posting/outbox.js';
import { readSchemaVersions } from '../store/schema-versions.js';
import { STATE_REASONS, type Subscription } from '../subscriptions/model.js';
import { KIROKU_VERSION } from '../version.js';
import type { AdminContext } from './admin-context.js';
import { CliRefusal } from './cli-common.js';

/** The `stateReason` of a pause by the operator: relinking resumes only token pauses, never this one. */
const OPERATOR_PAUSE = STATE_REASONS.operator;

interface ChannelActivity {
  lastPostAt?: string;
  /** Posts written to the outbox and not confirmed yet. */
  backlog: number;
}

const later = (a: string | undefined, b: string | undefined) => (a && b ? (a > b ? a : b) : (a ?? b));

/** Per channel, from the outbox: the last confirmed post and the posts still pending. */
async function channelActivity(context: AdminContext): Promise<Map<string, ChannelActivity>> {
  const activity = new Map<string, ChannelActivity>();
  for await (const [key, entry] of context.store.collection(OUTBOX_COLLECTION, outboxEntrySchema).entries()) {
    const channelId = key.slice(0, key.indexOf(':'));
    const current = activity.get(channelId) ?? { backlog: 0 };
    if (entry.state === 'pending') current.backlog += 1;
    if (entry.state === 'posted') current.lastPostAt = later(current.lastPostAt, entry.postedAt);
    activity.set(channelId, current);
  }
  return activity;
}

interface SubscriptionRow extends Subscription {
  lastPostAt?: string;
  backlog: number;
}

async function subscriptionRows(context: AdminContext, guildId?: string): Promise<SubscriptionRow[]> {
  const activity = await channelActivity(context);
  const digests = context.store.collection(DIGEST_STATE_COLLECTION, digestStateSchema);
  const subscriptions = await context.subscriptions.all(
    (s) => guildId === undefined || s.guildId === guildId,
  );
  const rows: SubscriptionRow[] = [];
  for (const subscription of subscriptions) {
    const channel = activity.get(subscription.channelId) ?? { backlog: 0 };
    const digest = subscription.kind === 'schedule' ? await digests.get(subscription.id) : undefined;
    const lastPostAt = later(channel.lastPostAt, digest?.postedAt);
    rows.push({ ...subscription, backlog: channel.backlog, ...(lastPostAt ? { lastPostAt } : {}) });
  }
  return rows;
}

function describeRow(row: SubscriptionRow): string {
  const state = row.stateReason ? `${row.state} (${row.stateReason})` : row.state;
  return [
    row.id,
    `server ${row.guildId}`,
    `channel ${row.channelId}`,
    row.kind,
    `owner ${row.ownerId}`,
    state,
    `last post ${row.lastPostAt ?? 'never'}`,
    `backlog ${row.backlog}`,
  ].join('  ');
}

export async function listSubscriptions(context: AdminContext, guildId?: string): Promise<void> {
  const rows = await subscriptionRows(context, guildId);
  if (rows.length === 0) context.out(guildId ? `no subscriptions in server ${guildId}` : 'no subscriptions');
  for (const row of rows) context.out(describeRow(row));
}

export async function status(context: AdminContext): Promise<void> {
  const { out } = context;
  const versions = await readSchemaVersions(context.store);
  const rows = await subscriptionRows(context);
  let links = 0;
  for await (const _ of context.vault.userIds()) links += 1;
  const byState = new Map<string, number>();
  for (const row of rows) byState.set(row.state, (byState.get(row.state) ?? 0) + 1);
  const quarantined = await context.quarantine.counts();
  const quarantinedTotal = [...quarantined.values()].reduce((a, b) => a + b, 0);
  out(
    `kiroku ${KIROKU_VERSION}; store: ${context.storeKind}, last upgraded by kiroku ${versions?.writtenBy ?? '(never: start the bot once)'}`,
  );
  out(`servers: ${new Set(rows.map((r) => r.guildId)).size}`);
  out(`linked users: ${links}`);
  out(
    `subscriptions: ${rows.length} (${[...byState].map(([state, n]) => `${n} ${state}`).join(', ') || 'none'})`,
  );
  out(
    `quarantined records: ${quarantinedTotal}${quarantinedTotal ? ` (${[...quarantined].map(([c, n]) => `${c}: ${n}`).join(', ')})` : ''}`,
  );
  for (const row of rows) out(`  ${describeRow(row)}`);
}

async function existing(context: AdminContext, id: string): Promise<Subscription> {
  const subscription = await context.subscriptions.get(id);
  if (!subscription) throw new CliRefusal(`there is no subscription ${id}`);
  return subscription;
}

export async function pause(context: AdminContext, id: string): Promise<void> {
  const subscription = await existing(context, id);
  if (subscription.state === 'paused' && subscription.stateReason === OPERATOR_PAUSE) {
    context.out(`subscription ${id} is already paused by the operator`);
    return;
  }
  await context.subscriptions.update(id, { state: 'paused', stateReason: OPERATOR_PAUSE });
  context.out(`paused subscription ${id} (was ${subscription.state}); only "admin resume" resumes it`);
}

export async function resume(context: AdminContext, id: string): Promise<void> {
  const subscription = await existing(context, id);
  if (subscription.state === 'active') {
    context.out(`subscription ${id} is already active`);
    return;
  }
  await context.subscriptions.update(id, { state: 'active' });
  context.out(
    `resumed subscription ${id} (was ${subscription.state}${subscription.stateReason ? `: ${subscription.stateReason}` : ''})`,
  );
}

export async function remove(context: AdminContext, id: string): Promise<void> {
  await existing(context, id);
  await context.subscriptions.remove(id);
  context.out(`removed subscription ${id}`);
}
