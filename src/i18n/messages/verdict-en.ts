/**
 * English texts of a server's verdict on an episode (the line on airing posts and alerts).
 * Spread into the English catalogue.
 */
export const verdictEn = {
  'verdict.watched': (p: { count: string }) => `**${p.count}** of the server watched`,
  'verdict.rating': (p: { rating: string; count: string }) => `${p.rating} ${p.count}`,
  'verdict.names': (p: { names: string }) => `Watched: ${p.names}`,
  'verdict.namesMore': (p: { names: string; more: string }) => `Watched: ${p.names} and ${p.more} more`,
  'verdict.nameSeparator': ', ',
};

export type VerdictMessages = typeof verdictEn;
