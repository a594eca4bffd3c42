/**
 * `admin export` and `admin forget`: one person's stored data, found through the one list of what is
 * stored about a person (the store's registry, src/app/stored-records.ts), the same list `/account unlink` forgets by.
 */
import type { UnlinkOutcome } from '../accounts/accounts.js';
import { type PersonRow, rowsAbout } from '../accounts/forget-person.js';
import { STORE_COLLECTIONS } from '../app/stored-records.js';
import type { CollectionName } from '../store/collections.js';
import { VaultError } from '../vault/index.js';
import { KIROKU_VERSION } from '../version.js';
import type { AdminContext } from './admin-context.js';

const WITHHELD = '[withheld]';

/** The row as an export shows it: what the list says is secret (a key, a sealed value, sealed fields) withheld. */
function shown(row: PersonRow): { key: string; value: unknown } {
  const withhold = STORE_COLLECTIONS[row.collection]?.withhold;
  const key = withhold?.key ? WITHHELD : row.key;
  if (withhold?.value) return { key, value: WITHHELD };
  const fields = withhold?.fields ?? [];
  if (fields.length === 0 || typeof row.value !== 'object' || row.value === null)
    return { key, value: row.value };
  const value: Record<string, unknown> = { ...row.value };
  for (const field of fields) if (field in value) value[field] = WITHHELD;
  return { key, value };
}

/** The link as the person sees it in /account status: everything but the token. */
async function linkOf(context: AdminContext, userId: string): Promise<Record<string, unknown>> {
  try {
    const stored = await context.vault.get(userId);
    if (!stored) return { linked: false };
    const { token: _token, ...rest } = stored;
    return { linked: true, ...rest };
  } catch (error) {
    if (error instanceof VaultError) return { linked: true, unreadable: error.reason };
    throw error;
  }
}

/**
 * Everything stored for one Discord user, as JSON: every collection the list names a person's rows in
 * (empty ones too, so the reader sees what was looked at), tokens and OAuth states never.
 */
export async function exportUser(context: AdminContext, userId: string): Promise<void> {
  const stored: Partial<Record<CollectionName, Array<{ key: string; value: unknown }>>> = {};
  for (const [name, rows] of Object.entries(STORE_COLLECTIONS)) if (rows.in !== 'nothing') stored[name] = [];
  for await (const row of rowsAbout(context.store, STORE_COLLECTIONS, userId))
    stored[row.collection]?.push(shown(row));
  const data = {
    discordUserId: userId,
    exportedAt: new Date().toISOString(),
    exportedBy: `kiroku ${KIROKU_VERSION}`,
    link: await linkOf(context, userId),
    stored,
  };
  context.out(JSON.stringify(data, null, 2));
}

const TOKEN_LINE: Record<UnlinkOutcome, string> = {
  revoked: 'revoked at the service and deleted',
  'revoke-failed':
    'deleted (revoking it at the service failed or no OAuth application is configured: the person should revoke it)',
  'personal-token': "deleted (a personal token: the person revokes it in the service's settings)",
  none: 'none stored',
};

/** The same unlink as `/account unlink`, then a report of what it removed. */
export async function forget(context: AdminContext, userId: string): Promise<void> {
  const { out } = context;
  const report = await context.accounts.unlink(userId);
  const { found, revoked } = report.pendingLinks;
  out(`forgot Discord user ${userId}:`);
  out(`  token: ${TOKEN_LINE[report.token]}`);
  out(
    `  pending OAuth links: ${found === 0 ? 'none' : `${found} deleted, ${revoked} of their tokens revoked at the service`}${found > revoked ? ' (the rest could not be revoked: the person should revoke them in the service’s settings)' : ''}`,
  );
  const ids = report.subscriptions;
  out(`  subscriptions removed: ${ids.length}${ids.length ? ` (${ids.join(', ')})` : ''}`);
  const rows = Object.entries(report.rows).map(([collection, count]) => `${collection} ${count}`);
  out(`  other stored rows deleted: ${rows.length ? rows.join(', ') : 'none'}`);
}
