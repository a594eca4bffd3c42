import { describe, expect, it } from 'vitest';
import { command as subscription } from '../../commands/subscription.js';
import { PAGER_PREFIX, pagerButtonId, parsePagerId } from '../../src/bot/paging.js';
import { rateSelectId, watchedButtonId } from '../../src/components/alert-ids.js';
import { customId, parseCustomId } from '../../src/components/custom-id.js';

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
});
