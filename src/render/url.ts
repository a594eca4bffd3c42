import { wellFormed } from './fit.js';

/** Discord's limit on any URL in an embed (url, image, thumbnail, author and footer icons). */
const EMBED_URL_MAX = 2048;
/** Discord's limit on a link button's URL. */
const LINK_BUTTON_URL_MAX = 512;

/** Percent-encodes what RFC 3986 does not allow (whole code points, so no half of a pair alone). */
function rfc3986(text: string): string {
  return wellFormed(text)
    .replace(/[^A-Za-z0-9\-._~:/?#@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c))
    .replace(/%(?![0-9A-Fa-f]{2})/g, '%25');
}

/**
 * Every URL kiroku sends to Discord goes through here: an absolute http(s) URL that `new URL()`
 * accepts, with a host, normalised (the host in ASCII, as `href` gives it; no user name or password)
 * and percent-encoded where RFC 3986 wants it, as Discord's API description checks URIs: a work's
 * Wikipedia address in Japanese, as the service gives it, becomes one Discord takes. Anything else
 * (another scheme, relative, unparsable, longer than `max`) is left out: undefined.
 */
export function sendableUrl(
  candidate: string | null | undefined,
  { schemes = ['http:', 'https:'], max = EMBED_URL_MAX }: { schemes?: readonly string[]; max?: number } = {},
): string | undefined {
  if (typeof candidate !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(candidate.trim());
  } catch {
    return undefined;
  }
  if (!schemes.includes(url.protocol) || !url.hostname) return undefined;
  // WHATWG URLs keep characters RFC 3986 does not allow outside a host (`[`, `]`, `|`, `^`…);
  // Discord checks the stricter rule, so they are percent-encoded.
  // A `%` that starts no escape is encoded too; the host (which may hold `[::1]`) is left alone,
  // and a `#` inside the fragment is not a delimiter there.
  const hash = url.hash ? `#${rfc3986(url.hash.slice(1)).replaceAll('#', '%23')}` : '';
  const text = `${url.protocol}//${url.host}${rfc3986(url.pathname)}${rfc3986(url.search)}${hash}`;
  return text.length <= max ? text : undefined;
}

/** A URL fit for an embed (its url, image, thumbnail, icons): https only. */
export function embedUrl(candidate: string | null | undefined): string | undefined {
  return sendableUrl(candidate, { schemes: ['https:'] });
}

/** A URL fit for a link button: http or https, at most 512 characters. */
export function linkButtonUrl(candidate: string | null | undefined): string | undefined {
  return sendableUrl(candidate, { max: LINK_BUTTON_URL_MAX });
}

/** Annict's rule for usernames in its URLs (`/@<username>/...`); anything else would make a broken link. */
const SERVICE_USERNAME = /^[A-Za-z0-9_]{1,64}$/;

/** The username when it can stand in a link to the service's web site, else undefined. */
export function linkableUsername(username: unknown): string | undefined {
  return typeof username === 'string' && SERVICE_USERNAME.test(username) ? username : undefined;
}
