/**
 * Paper 000 §2 and §6: a DocView's identifier is the page's URL. Two spellings of one resource
 * must give one identifier, so the URL is normalised (RFC 3986 §6.2.2–6.2.3 plus the WHATWG URL
 * parser): scheme and host lower-cased, IDNs to punycode, the scheme's default port dropped, dot
 * segments resolved, an empty path made "/", the fragment dropped (it never reaches the server),
 * credentials dropped (they name a user, not the resource, and do not belong in a stored id), a
 * trailing dot on the host dropped, percent-escapes of unreserved characters decoded and the
 * others' hex upper-cased, an empty query dropped. Query parameters keep their order unless
 * `sortQuery` is set: servers may read them in order.
 *
 * Departure from URLSearchParams: sorting works on the raw `name=value` pairs, so the escapes a
 * server sent are kept (URLSearchParams would re-encode spaces as "+", and more).
 *
 * Pure (the WHATWG `URL` global only), so it runs in a worker or a browser. The crawler's branch
 * has its own normaliser in src/crawl/ (outer ring); corpus/ cannot import from there.
 * TODO(lead): keep one of the two (this one can serve crawl/ too: dependencies point outward).
 */

export interface UrlNormalizeOptions {
  /** Sort query parameters by name (stable: equal names keep their order). Default false. */
  sortQuery?: boolean;
  /** Resolve a relative URL against this one. */
  base?: string;
}

const HEX = '0123456789ABCDEF';

function isUnreserved(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)
    || c === 0x2d || c === 0x2e || c === 0x5f || c === 0x7e;
}

function hexValue(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x41 && c <= 0x46) return c - 0x37;
  if (c >= 0x61 && c <= 0x66) return c - 0x57;
  return -1;
}

/** RFC 3986 §6.2.2.1–2: %7e → ~, %2f stays %2F. */
export function normalizeEscapes(s: string): string {
  if (!s.includes('%')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '%' && i + 2 < s.length) {
      const hi = hexValue(s.charCodeAt(i + 1)), lo = hexValue(s.charCodeAt(i + 2));
      if (hi >= 0 && lo >= 0) {
        const byte = hi * 16 + lo;
        out += isUnreserved(byte) ? String.fromCharCode(byte) : '%' + HEX[hi] + HEX[lo];
        i += 2;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

function sortQueryPairs(search: string): string {
  const pairs = search.slice(1).split('&').filter((p) => p !== '');
  const keyed = pairs.map((p, i) => {
    const eq = p.indexOf('=');
    return { p, i, k: eq < 0 ? p : p.slice(0, eq) };
  });
  keyed.sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : a.i - b.i));
  return keyed.length ? '?' + keyed.map((x) => x.p).join('&') : '';
}

/**
 * The normal form of `input`, or undefined when it is not an absolute URL (after resolving
 * against `base`). Idempotent.
 */
export function normalizeUrl(input: string, options: UrlNormalizeOptions = {}): string | undefined {
  let u: URL;
  try {
    u = options.base !== undefined ? new URL(input.trim(), options.base) : new URL(input.trim());
  } catch {
    return undefined;
  }
  // Setting a component re-encodes what its setter requires: repeat until a pass changes
  // nothing, so the result is a fixpoint (normalizeUrl(normalizeUrl(x)) === normalizeUrl(x)).
  let href = u.href;
  for (let pass = 0; pass < 4; pass++) {
    normalizeParts(u, options.sortQuery === true);
    const next = u.href.endsWith('?') ? u.href.slice(0, -1) : u.href;
    if (next === href) break;
    href = next;
    u = new URL(href);
  }
  return href;
}

function normalizeParts(u: URL, sortQuery: boolean): void {
  u.hash = '';
  if (u.username || u.password) { u.username = ''; u.password = ''; }
  if (u.hostname.endsWith('.') && /[^.]/.test(u.hostname)) u.hostname = u.hostname.replace(/\.+$/, '');
  u.pathname = normalizeEscapes(u.pathname);
  let search = normalizeEscapes(u.search);
  if (sortQuery && search.length > 1) search = sortQueryPairs(search);
  u.search = search === '?' ? '' : search;
}

/** The DocView identifier: the normalised URL when there is one, else the caller's id as given. */
export function docId(url: string | undefined, fallback: string): string {
  return (url !== undefined && normalizeUrl(url)) || fallback;
}
