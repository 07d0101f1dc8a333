/**
 * URLs from metadata (og:image, canonical, JSON-LD url), made absolute with the WHATWG URL parser
 * against the page's URL. Only http(s) is kept: a `javascript:` or `data:` URL is never a page's
 * image or canonical address.
 */

const MAX_URL = 2048;

export function resolveHttpUrl(raw: string | undefined | null, base: string | undefined): string | undefined {
  if (!raw) return undefined;
  const s = raw.trim();
  if (!s || s.length > MAX_URL) return undefined;
  let u: URL;
  try { u = base ? new URL(s, base) : new URL(s); } catch { return undefined; }
  return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : undefined;
}
