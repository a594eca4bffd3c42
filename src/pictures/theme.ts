/** The look shared by every picture: a dark card, one accent, a colour per rating. */
import type { RatingState } from '../service/index.js';

export const THEME = {
  background: '#12152a',
  panel: '#1a1e36',
  panelBorder: 'rgba(255, 255, 255, 0.08)',
  text: '#f4f5fb',
  secondary: '#a6acc6',
  muted: '#6f7592',
  accent: '#8b9bff',
  accentTo: '#ff8fb8',
  track: 'rgba(255, 255, 255, 0.07)',
  shadow: 'rgba(0, 0, 0, 0.45)',
  ratings: {
    great: '#ff7eb3',
    good: '#ffb86b',
    average: '#7cc7ff',
    bad: '#9097b0',
  } satisfies Record<RatingState, string>,
} as const;

/** Outer margin and panel padding, in pixels. */
export const MARGIN = 56;
export const PANEL_PADDING = 32;
export const PANEL_RADIUS = 22;
export const COVER_RADIUS = 14;
