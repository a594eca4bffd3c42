/**
 * How a typed title is compared with the service's English titles: case- and accent-insensitive
 * ("frieren" finds "Frieren", "cafe" finds "Café"), and only for Latin-script input (Japanese input
 * goes to the service, which matches the Japanese title and its reading).
 */

/** Lower case without accents: NFKD splits "é" into "e" and a combining mark, which is dropped. */
export function foldTitle(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** True for text with a Latin letter and no Japanese (or other non-Latin) letters. */
export function isLatinQuery(text: string): boolean {
  const letters = text.match(/\p{L}/gu) ?? [];
  return letters.length > 0 && letters.every((letter) => /\p{Script=Latin}/u.test(letter));
}
