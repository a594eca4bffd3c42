/** Button labels made from the service's episode text fit Discord's 80 and never split a character. */
import { describe, expect, it } from 'vitest';
import { episodeButtons } from '#src/components/episode-buttons.js';
import { createTranslator } from '#src/i18n/translator.js';
import { graphemes } from '#src/render/fit.js';
import { malformedStrings, messageProblems } from '../fakes/discord/body-limits.js';

const FAMILY = '👨‍👩‍👧';

describe('episode buttons', () => {
  it('cut an emoji episode text by whole characters within 80', () => {
    // Japanese readers see the service's own episode text: here 40 ZWJ families (320 code units).
    const text = FAMILY.repeat(40);
    const components = episodeButtons(
      1,
      {
        id: 2,
        number_text: text,
        prev_episode: { id: 1, number_text: text },
        next_episode: { id: 3, number_text: text },
      },
      createTranslator('ja'),
    );
    expect([...messageProblems({ components }), ...malformedStrings(components)]).toEqual([]);
    const labels = components.flatMap((row) =>
      row.components.map((button) => ('label' in button ? button.label : '')),
    );
    expect(labels).toHaveLength(3);
    for (const label of labels) {
      expect(label?.length).toBeLessThanOrEqual(80);
      // Every family kept is whole: the rest of the label is the button's own words and the ellipsis.
      expect(graphemes(label ?? '').filter((g) => g.includes('\u200d'))).toEqual(
        expect.arrayContaining([FAMILY]),
      );
      expect(graphemes(label ?? '').every((g) => !g.includes('\u200d') || g === FAMILY)).toBe(true);
    }
  });
});
