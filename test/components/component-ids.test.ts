import { describe, expect, it } from 'vitest';
import { PAGER_PREFIX, pagerButtonId, parsePagerId } from '#src/bot/paging.js';
import { rateSelectId, watchedButtonId } from '#src/components/alert-ids.js';
import { customId, parseCustomId } from '#src/components/custom-id.js';
import { accountIds } from '../../commands/account/ids.js';
import { deleteIds } from '../../commands/record/delete.js';
import { command as subscription } from '../../commands/subscription/index.js';
import { watchIds } from '../../commands/watch/page.js';
import { workIds } from '../../commands/work/ids.js';

describe('custom ids', () => {
  it('parses what it builds, and reads missing segments as empty', () => {
    expect(parseCustomId(customId('record', 'delete', 42, 'u1'))).toEqual({
      prefix: 'record',
      action: 'delete',
      args: ['42', 'u1'],
    });
    expect(parseCustomId('lonely')).toEqual({ prefix: 'lonely', action: '', args: [] });
  });

  it('refuses an id over Discord’s 100 characters', () => {
    expect(() => customId('x', 'y'.repeat(100))).toThrow(/too long/);
  });

  it('builds the alert job’s ids so that they reach /subscription’s handlers', () => {
    for (const id of [watchedButtonId(7), rateSelectId(7)]) {
      const { prefix, action, args } = parseCustomId(id);
      expect(prefix).toBe(subscription.definition.name);
      expect(Object.keys(subscription.components)).toContain(action);
      expect(args).toEqual(['7']);
    }
  });

  it('reads pager buttons back, and only whole pages from 1', () => {
    expect(parsePagerId(parseCustomId(pagerButtonId('k3y', 2)))).toEqual({ key: 'k3y', page: 2 });
    expect(parsePagerId(parseCustomId(`${PAGER_PREFIX}:k3y:0`))).toEqual({ key: 'k3y', page: undefined });
    expect(parsePagerId(parseCustomId(`${PAGER_PREFIX}:k3y:1.5`))?.page).toBeUndefined();
    expect(parsePagerId(parseCustomId(watchedButtonId(7)))).toBeUndefined();
  });

  it('builds, from the typed statements, the very strings buttons already posted carry', () => {
    expect(deleteIds.delete.build(42, 'u1')).toBe('record:delete:42:u1');
    expect(deleteIds.cancel.build('u1')).toBe('record:cancel:u1');
    expect(accountIds.tokenform.build()).toBe('account:tokenform');
    expect(accountIds.entercode.build('st4te')).toBe('account:entercode:st4te');
    expect(accountIds.code.build('st4te')).toBe('account:code:st4te');
    expect(accountIds.unlink.build('u1')).toBe('account:unlink:u1');
    expect(workIds.open.build()).toBe('work:open');
    expect(workIds.status.build(7)).toBe('work:status:7');
    expect(watchIds.rec.build('k3yk3y', 9, 2)).toBe('watch:rec:k3yk3y:9:2');
    expect(watchIds.note.build('k3yk3y', 9, 2)).toBe('watch:note:k3yk3y:9:2');
    expect(watchIds.page.build('k3yk3y', 3, 'n')).toBe('watch:page:k3yk3y:3:n');
  });
});
