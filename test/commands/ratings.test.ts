import { describe, expect, it } from 'vitest';
import { createTranslator } from '#src/i18n/translator.js';
import { actionMatches } from '#src/jobs/feed/message.js';
import { activityLine } from '#src/render/activity.js';
import { recordRatingText } from '#src/render/format.js';
import type { Activity } from '#src/service/index.js';
import { command as record } from '../../commands/record/index.js';

const en = createTranslator('en');
const ja = createTranslator('ja');

describe('four-level ratings', () => {
  it('show rating_state in the service’s own words, the numeric rating only without a state', () => {
    expect(recordRatingText({ rating: 4.5, rating_state: 'great' }, en)).toBe('Great');
    expect(recordRatingText({ rating: null, rating_state: 'bad' }, ja)).toBe('良くない');
    expect(recordRatingText({ rating: 3, rating_state: null }, en)).toBe('★★★☆☆ 3.0');
    expect(recordRatingText({ rating: null, rating_state: null }, en)).toBeUndefined();
  });

  it('/record post and edit offer `rating` as the four levels, and no longer the legacy number', () => {
    for (const name of ['post', 'edit']) {
      const sub = (record.definition.options ?? []).find((o) => o.name === name) as {
        options?: Array<{
          name: string;
          choices?: Array<{ value: string; name_localizations?: { ja?: string } }>;
        }>;
      };
      const state = sub.options?.find((o) => o.name === 'rating');
      expect(state?.choices?.map((c) => [c.value, c.name_localizations?.ja])).toEqual([
        ['great', 'とても良い'],
        ['good', '良い'],
        ['average', '普通'],
        ['bad', '良くない'],
      ]);
      expect(sub.options?.map((o) => o.name)).not.toContain('rating_state');
      expect(sub.options?.map((o) => o.name)).toEqual(
        expect.arrayContaining(['share_on_x', 'share_on_facebook', 'comment']),
      );
    }
  });
});

describe('activities', () => {
  const review: Activity = {
    id: 9,
    action: 'create_review',
    user: { username: 'carol' },
    work: { id: 3, title: '放課後の竜' },
    review: { body: 'すごく良い', rating_overall_state: 'great' },
  };

  it('a review line: work, overall state, link, body behind a spoiler', () => {
    expect(activityLine(review, ja)).toBe(
      '**carol**が**放課後の竜**の感想を書きました · 全体: とても良い · [この作品の感想](<https://annict.com/works/3/records>)\n||すごく良い||',
    );
  });

  it('old "all" subscriptions get reviews; a records-only one does not', () => {
    expect(actionMatches(['create_record', 'create_multiple_records', 'create_status'], review)).toBe(true);
    expect(actionMatches(['create_record', 'create_multiple_records'], review)).toBe(false);
    expect(actionMatches(['create_review'], review)).toBe(true);
    expect(actionMatches([], review)).toBe(true);
  });
});
