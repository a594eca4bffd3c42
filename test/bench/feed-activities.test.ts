import { describe, expect, it } from 'vitest';
import { activitiesIn } from '../../bench/freshness/phase.js';
import { createTranslator } from '../../src/i18n/translator.js';

const record = (user: string) => ({
  author: { name: createTranslator('en')('jobs.feed.recorded', { user }) },
});

describe('activitiesIn (feed-freshness counts what each post carries)', () => {
  it('counts a run of one person’s episodes as every record in it, in both languages', () => {
    for (const locale of ['en', 'ja'] as const) {
      const run = {
        author: { name: createTranslator(locale)('jobs.feed.recordedMany', { user: 'alice', count: 3 }) },
      };
      expect(activitiesIn({ nonce: 'n', embeds: [record('bob'), run, record('carol')] })).toBe(5);
    }
  });

  it('counts a record embed once, each status line once, and a plain message once', () => {
    expect(activitiesIn({ nonce: 'n', embeds: [record('recorded 12 episodes')] })).toBe(1);
    expect(activitiesIn({ nonce: 'n', embeds: [{ description: 'a\nb\nc' }] })).toBe(3);
    expect(activitiesIn({ nonce: 'n', content: 'minimal' })).toBe(1);
  });
});
