/** /review's ratings as they travel in a form's id: overall required, parts the same, kept or blank. */
import { describe, expect, it } from 'vitest';
import { decodeRatings, encodeRatings } from '../../commands/review/ratings.js';

describe('review ratings in a form id', () => {
  it('five letters: chosen levels, Not rated, and s for one left out', () => {
    expect(encodeRatings({ overall: 'great', music: 'good', character: 'none' })).toBe('4s3s0');
    expect(encodeRatings({})).toBe('sssss');
  });

  it('posting: a part left out is the overall rating; Not rated is blank', () => {
    expect(decodeRatings(encodeRatings({ overall: 'great', music: 'good', character: 'none' }))).toEqual({
      rating_overall_state: 'great',
      rating_animation_state: 'great',
      rating_music_state: 'good',
      rating_story_state: 'great',
      rating_character_state: undefined,
    });
  });

  it('editing: what is left out stays as the review has it (the service would clear it)', () => {
    const current = {
      rating_overall_state: 'good',
      rating_animation_state: 'great',
      rating_music_state: null,
      rating_story_state: 'bad',
      rating_character_state: 'average',
    } as const;
    expect(decodeRatings(encodeRatings({ story: 'good' }), current)).toEqual({
      rating_overall_state: 'good',
      rating_animation_state: 'great',
      rating_music_state: undefined,
      rating_story_state: 'good',
      rating_character_state: 'average',
    });
  });

  it('a forged or cut id reads as left out, never as a value the service refuses', () => {
    expect(decodeRatings('9x')).toEqual({
      rating_overall_state: undefined,
      rating_animation_state: undefined,
      rating_music_state: undefined,
      rating_story_state: undefined,
      rating_character_state: undefined,
    });
  });
});
