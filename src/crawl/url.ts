/**
 * URL normalisation for de-duplication: two spellings of one resource become one string.
 * The WHATWG URL parser already lowercases the scheme and host, converts IDNs to punycode,
 * drops default ports and resolves dot segments; on top of that: the fragment and any
 * credentials go, a trailing dot on the host goes, percent-escapes of unreserved characters
 * are decoded and the others uppercased (RFC 3986 §6.2.2), and an empty query goes.
 * Query parameters keep their order unless asked (`sortQuery`): order can matter to a server.
 */

export interface NormalizeOptions {
  /** Sort query parameters by name (stable). Default false. */
  sortQuery?: boolean;
  /** Drop query parameters whose name matches (e.g. /^utm_/, /^sessionid$/i). */
  dropParams?: RegExp[];
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Decode escapes of unreserved characters, uppercase the hex of the others. */
function normalizeEscapes(s: string): string {
  if (!s.includes('%')) return s;
  return s.replace(/%([0-9a-fA-F]{2})/g, (m, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : `%${hex.toUpperCase()}`;
  });
}

/**
 * RFC 3986 §5.2.4 on an absolute path. The URL parser does this too, but not for every
 * spelling (a trailing "/." survives it in Node 20), and decoded "%2e" segments appear only
 * after normalizeEscapes.
 */
function removeDotSegments(path: string): string {
  if (!/(?:^|\/)\.\.?(?:\/|$)/.test(path)) return path;
  const segs = path.split('/').slice(1);
  const out: string[] = [];
  segs.forEach((seg, i) => {
    const last = i === segs.length - 1;
    if (seg === '.' || seg === '..') {
      if (seg === '..') out.pop();
      if (last) out.push('');
    } else out.push(seg);
  });
  return '/' + out.join('/');
}

/**
 * The normal form of `input` (resolved against `base`), or null when it is not an http(s) URL.
 * Idempotent: normalizeUrl(normalizeUrl(x)) === normalizeUrl(x).
 */
export function normalizeUrl(input: string, base?: string | URL, opts: NormalizeOptions = {}): string | null {
  let u: URL;
  try {
    u = new URL(input.trim(), base);
  } catch {
    return null;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  if (!u.hostname) return null;
  u.hash = '';
  u.username = '';
  u.password = '';
  if (u.hostname.endsWith('.')) u.hostname = u.hostname.replace(/\.+$/, '');
  if (!u.hostname) return null;
  u.pathname = removeDotSegments(normalizeEscapes(u.pathname));
  if (!u.search) u.search = ''; // a lone "?" (an empty, non-null query) goes too
  if (u.search) {
    if (opts.sortQuery || opts.dropParams?.length) {
      const params = [...u.searchParams].filter(([k]) => !opts.dropParams?.some((re) => re.test(k)));
      if (opts.sortQuery) params.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
      u.search = new URLSearchParams(params).toString();
    }
    u.search = normalizeEscapes(u.search);
    if (u.search === '?') u.search = '';
  }
  // A second pass through the parser settles anything the edits above made re-encodable.
  const once = u.href;
  const again = new URL(once).href;
  return again;
}

/** The politeness key of a URL: host and port (one server, as far as we can tell). */
export function hostKey(url: string): string {
  return new URL(url).host;
}

/** scheme://host[:port] of a URL. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
