/**
 * Fetches a client's URL for `thresher serve` without letting the client reach what the server
 * can reach (SSRF). Each hop resolves its host once (dns.lookup, all addresses), checks every
 * address against the AddressPolicy, and then connects to the checked address itself (the
 * request's `lookup` hands back that address), so a name that resolves to a public address for
 * the check and to 127.0.0.1 for the connection (DNS rebinding) gets nowhere. Redirects are
 * followed by hand, at most MAX_REDIRECTS, each hop checked the same way. One deadline covers the
 * whole exchange, redirects and body included, and the body is capped after content decoding
 * (a compression bomb stops at the cap).
 *
 * node:http rather than fetch(): fetch resolves names itself and offers no hook to pin the
 * connection to the checked address without the separate undici package.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ThresherError } from '../errors.js';
import type { AddressPolicy } from './address-policy.js';

export const MAX_REDIRECTS = 5;

export interface FetchPageOptions {
  policy: AddressPolicy;
  timeoutMs: number;
  /** Most body bytes, after content decoding. */
  maxBytes: number;
  /** Aborts the fetch (the client went away). */
  signal?: AbortSignal;
  userAgent?: string;
  /** Resolves a host name to its addresses (default dns.lookup, all of them); a test injects names. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
}

export interface FetchedPage {
  /** The URL the page came from, after redirects. */
  url: string;
  status: number;
  contentType?: string;
  body: Uint8Array;
  /** Each URL requested, in order. */
  hops: string[];
}

/** Content types extract() reads; anything else is refused before its body is read. */
const PAGE_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain|application\/xml|text\/xml)\b/i;

/** Fetches `url` under the policy; throws ThresherError E_FETCH_REFUSED, E_FETCH, E_FETCH_TIMEOUT, E_INPUT_TOO_LARGE, E_UNSUPPORTED_MEDIA. */
export async function fetchPage(url: string, options: FetchPageOptions): Promise<FetchedPage> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const hops: string[] = [];
  let current = parseTarget(url);
  try {
    for (;;) {
      hops.push(current.href);
      const res = await request(current, options, signal);
      const location = res.headers.location;
      if (res.statusCode && res.statusCode >= 300 && res.statusCode < 400 && location) {
        res.resume();
        if (hops.length > MAX_REDIRECTS) throw new ThresherError('E_FETCH', `more than ${MAX_REDIRECTS} redirects from ${url}`, { hops });
        current = parseTarget(new URL(location, current).href);
        continue;
      }
      return await readPage(res, current.href, hops, options, signal);
    }
  } catch (e) {
    if (e instanceof ThresherError) throw e;
    if (timeout.aborted) throw new ThresherError('E_FETCH_TIMEOUT', `no complete answer from ${url} within ${options.timeoutMs} ms`, { hops });
    if (options.signal?.aborted) throw new ThresherError('E_FETCH', 'the request was abandoned', { hops });
    const err = e as { code?: string; message?: string };
    throw new ThresherError('E_FETCH', `fetching ${hops[hops.length - 1] ?? url} failed: ${err.message ?? String(e)}${err.code ? ` (${err.code})` : ''}`, { hops });
  }
}

const systemResolve = (host: string) => dnsLookup(host, { all: true, verbatim: true });

/** An http(s) URL, or E_FETCH_REFUSED (other schemes would read files or talk to other services). */
function parseTarget(raw: string): URL {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new ThresherError('E_BAD_OPTION', `not an absolute URL: ${JSON.stringify(raw)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ThresherError('E_FETCH_REFUSED', `only http and https URLs are fetched, not ${u.protocol}`);
  return u;
}

/** The addresses to connect to for `host`, each allowed by the policy; refuses when any is not. */
async function checkedAddress(u: URL, policy: AddressPolicy, resolve: NonNullable<FetchPageOptions['resolve']>): Promise<{ address: string; family: 4 | 6 }> {
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  const port = Number(u.port || (u.protocol === 'https:' ? 443 : 80));
  const literal = isIP(host);
  let addrs: { address: string; family: number }[];
  if (literal) addrs = [{ address: host, family: literal }];
  else {
    try {
      addrs = await resolve(host);
    } catch (e) {
      throw new ThresherError('E_FETCH', `cannot resolve ${host}: ${(e as { code?: string }).code ?? (e as Error).message}`);
    }
  }
  if (!addrs.length) throw new ThresherError('E_FETCH', `${host} has no address`);
  // Every address must pass: a name with one public and one private address would be a coin toss.
  for (const a of addrs) {
    const reason = policy(a.address, a.family === 6 ? 6 : 4, port);
    if (reason !== null) {
      throw new ThresherError('E_FETCH_REFUSED', `${u.href} is refused: ${literal ? '' : `${host} resolves to `}${a.address}, ${reason}; this server fetches public addresses only`, { host, address: a.address, reason });
    }
  }
  return { address: addrs[0].address, family: addrs[0].family === 6 ? 6 : 4 };
}

async function request(u: URL, options: FetchPageOptions, signal: AbortSignal): Promise<http.IncomingMessage> {
  const pinned = await checkedAddress(u, options.policy, options.resolve ?? systemResolve);
  signal.throwIfAborted();
  // The connection goes to the checked address whatever the resolver would say now.
  const lookup: LookupFunction = (_host, opts, cb) => {
    if ((opts as { all?: boolean }).all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else cb(null, pinned.address, pinned.family);
  };
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request(u, {
      method: 'GET', lookup, signal, agent: false,
      headers: { 'user-agent': options.userAgent ?? 'thresher-serve', accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1', 'accept-encoding': 'gzip, deflate, br' },
    }, resolve);
    req.on('error', reject);
    req.end();
  });
}

async function readPage(res: http.IncomingMessage, url: string, hops: string[], options: FetchPageOptions, signal: AbortSignal): Promise<FetchedPage> {
  const status = res.statusCode ?? 0;
  const contentType = res.headers['content-type'];
  if (status < 200 || status >= 300) {
    res.resume();
    throw new ThresherError('E_FETCH', `${url} answered ${status}${status >= 300 && status < 400 ? ' without a Location' : ''}`, { status, hops });
  }
  if (contentType && !PAGE_TYPES.test(contentType)) {
    res.resume();
    throw new ThresherError('E_UNSUPPORTED_MEDIA', `${url} is ${contentType}, not a page`, { contentType, hops });
  }
  const declared = Number(res.headers['content-length']);
  if (!res.headers['content-encoding'] && declared > options.maxBytes) {
    res.destroy();
    throw new ThresherError('E_INPUT_TOO_LARGE', `${url} is ${declared} bytes, over the ${options.maxBytes}-byte limit`, { hops });
  }
  const body = await readCapped(decoded(res), options.maxBytes, url, signal);
  return { url, status, ...(contentType ? { contentType } : {}), body, hops };
}

function decoded(res: http.IncomingMessage): Readable {
  const enc = (res.headers['content-encoding'] ?? '').trim().toLowerCase();
  const z = enc === 'gzip' || enc === 'x-gzip' ? zlib.createGunzip() : enc === 'deflate' ? zlib.createInflate() : enc === 'br' ? zlib.createBrotliDecompress() : null;
  if (!z) return res;
  // pipe() does not forward errors: a connection cut (or aborted at the deadline) must end the read.
  res.on('error', (e) => z.destroy(e));
  return res.pipe(z);
}

async function readCapped(stream: Readable, maxBytes: number, url: string, signal: AbortSignal): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    signal.throwIfAborted();
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      stream.destroy();
      throw new ThresherError('E_INPUT_TOO_LARGE', `${url} is over the ${maxBytes}-byte limit`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
