import { wellFormed } from './fit.js';

/** Discord's limit on any URL in an embed (url, image, thumbnail, author and footer icons). */
export const EMBED_URL_MAX = 2048;

/** Percent-encodes what RFC 3986 does not allow (whole code points, so no half of a pair alone). */
function rfc3986(text: string): string {
  return wellFormed(text)
    .replace(/[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c))
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
}

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
  // WHATWG URLs keep characters RFC 3986 does not allow outside a host (`[`, `]`, `|`, `^`…);
  // Discord checks the stricter rule, so they are percent-encoded.
  // A `%` that starts no escape is encoded too; the host (which may hold `[::1]`) is left alone,
  // and a `#` inside the fragment is not a delimiter there.
  const hash = url.hash ? `#${rfc3986(url.hash.slice(1)).replaceAll('#', '%23')}` : '';
  const rest = `${rfc3986(url.pathname)}${rfc3986(url.search)}${hash}`;
  const text = `${url.protocol}//${url.host}${rest}`;
  return text.length <= EMBED_URL_MAX ? text : undefined;
}
