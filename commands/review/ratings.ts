/**
 * The five ratings of a review as /review's options state them, and how they travel in a form's
 * custom id: one letter each (overall, then animation, music, story, character). The overall rating
 * is required when posting; a part left out is the same as the overall one (post) or stays as it was
 * (edit), and "Not rated" leaves it blank.
 */
import { stringOption } from '#src/bot/definition.js';
import { RATING_STATES, type RatingState, type Review } from '#src/service/index.js';

const REVIEW_PARTS = ['animation', 'music', 'story', 'character'] as const;
type ReviewPart = (typeof REVIEW_PARTS)[number];

const LEVELS = [
  { value: 'great', name: { en: 'Great', ja: 'とても良い' } },
  { value: 'good', name: { en: 'Good', ja: '良い' } },
  { value: 'average', name: { en: 'Average', ja: '普通' } },
  { value: 'bad', name: { en: 'Bad', ja: '良くない' } },
] as const;

export const overallOption = <R extends boolean>(required: R) =>
  stringOption(
    'overall',
    '全体',
    { en: 'Your rating of the whole work', ja: '作品全体の評価' },
    { choices: [...LEVELS], required },
  );

const PART_NAMES: Record<ReviewPart, [ja: string, en: string, jaDescription: string]> = {
  animation: ['映像', 'Animation', '映像の評価'],
  music: ['音楽', 'Music', '音楽の評価'],
  story: ['ストーリー', 'Story', 'ストーリーの評価'],
  character: ['キャラクター', 'Character', 'キャラクターの評価'],
};

/** A part's rating: the four levels or Not rated; left out, as the description says. */
export function partOption<const N extends ReviewPart>(name: N, whenLeftOut: { en: string; ja: string }) {
  const [ja, en, jaDescription] = PART_NAMES[name];
  return stringOption(
    name,
    ja,
    { en: `${en}: ${whenLeftOut.en}`, ja: `${jaDescription}（${whenLeftOut.ja}）` },
    { choices: [...LEVELS, { value: 'none', name: { en: 'Not rated', ja: '評価しない' } }] },
  );
}

/** What a form's id carries per rating: a level, blank (Not rated), or "as the command says" (s). */
const CODES: Record<RatingState | 'none', string> = {
  great: '4',
  good: '3',
  average: '2',
  bad: '1',
  none: '0',
};
const SAME = 's';

type Chosen = { overall?: string | undefined } & Partial<Record<ReviewPart, string | undefined>>;

/** Five letters: overall then the parts; `s` for one the person left out. */
export function encodeRatings(chosen: Chosen): string {
  const code = (value: string | undefined) =>
    value && value in CODES ? CODES[value as keyof typeof CODES] : SAME;
  return [code(chosen.overall), ...REVIEW_PARTS.map((part) => code(chosen[part]))].join('');
}

type StateField = `rating_${'overall' | ReviewPart}_state`;
type ReviewStates = Record<StateField, RatingState | undefined>;

function decode(letter: string | undefined): RatingState | 'none' | undefined {
  const found = Object.entries(CODES).find(([, code]) => code === letter);
  return found ? (found[0] as RatingState | 'none') : undefined;
}

/**
 * The five states to send, from a form's letters (forged ones read as left out) and what a left-out
 * one becomes: the review's current states when editing, else the overall rating.
 */
export function decodeRatings(letters: string, current?: Partial<Review>): ReviewStates {
  const [overallLetter, ...partLetters] = [...letters];
  const known = (state: string | null | undefined) =>
    (RATING_STATES as readonly string[]).includes(state ?? '') ? (state as RatingState) : undefined;
  const overallChoice = decode(overallLetter);
  const overall =
    overallChoice === undefined || overallChoice === 'none'
      ? known(current?.rating_overall_state)
      : overallChoice;
  const states = { rating_overall_state: overall } as ReviewStates;
  REVIEW_PARTS.forEach((part, index) => {
    const field = `rating_${part}_state` as const;
    const choice = decode(partLetters[index]);
    if (choice === 'none') states[field] = undefined;
    else if (choice) states[field] = choice;
    else states[field] = current ? known(current[field]) : overall;
  });
  return states;
}
