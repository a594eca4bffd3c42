/** Discord's limit on any URL in an embed (url, image, thumbnail, author and footer icons). */
export const EMBED_URL_MAX = 2048;

/**
 * A URL fit for an embed: absolute `https` that `new URL()` accepts, with a host, and no longer
 * than Discord allows; anything else (http, relative, javascript:, garbage) is left out.
 */
export function embedUrl(candidate: string | null | undefined): string | undefined {
  if (typeof candidate !== 'string' || !/^https:\/\//i.test(candidate.trim())) return undefined;
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || !url.hostname) return undefined;
  const text = url.href;
  return text.length <= EMBED_URL_MAX ? text : undefined;
}
