/**
 * URLs from metadata (og:image, canonical, JSON-LD url), made absolute with the WHATWG URL parser
 * against the page's URL. Only http(s) is kept: a `javascript:` or `data:` URL is never a page's
 * image or canonical address.
 *
 * Sources hand raw URLs to the merge (rawUrl); only the winning one is resolved (resolveHttpUrl),
 * since the URL parser is the dearest step of reading a meta tag.
 */

const MAX_URL = 2048;

/** The page's URL parsed once for every source that reads it (host, path, query), or undefined. */
export function parsePageUrl(url: string | URL | undefined): URL | undefined {
  if (url === undefined || typeof url === 'object') return url;
  if (!url) return undefined;
  try { return new URL(url); } catch { return undefined; }
}

/** An absolute http(s) URL needs no base: parsing the base as well would double the work. */
const ABSOLUTE_HTTP = /^https?:\/\//i;

export function resolveHttpUrl(raw: string | undefined | null, base: string | undefined): string | undefined {
  if (!raw) return undefined;
  const s = raw.trim();
  if (!s || s.length > MAX_URL) return undefined;
  let u: URL;
  try { u = base && !ABSOLUTE_HTTP.test(s) ? new URL(s, base) : new URL(s); } catch { return undefined; }
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
}

/** A raw URL as a source proposes it: trimmed, bounded; resolved and checked by the merge. */
export function rawUrl(raw: string | undefined | null): string | undefined {
  if (!raw) return undefined;
  const s = raw.trim();
  return s && s.length <= MAX_URL ? s : undefined;
}
