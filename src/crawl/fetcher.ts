/**
 * One HTTP request, through Node's fetch (undici): a deadline for the whole exchange (connect,
 * headers and body: a trickling body cannot hold a slot forever), a cap on body bytes (after
 * content decoding, so a compression bomb is capped too), redirects not followed (the crawler
 * schedules each hop politely and detects loops), and the body left unread when the caller
 * does not want it (a content type it does not crawl).
 */
import type { HeaderList } from '../io/warc.js';
import { MAX_TIMER_MS } from './clock.js';

export interface FetchRequest {
  url: string;
  /** Headers to send (User-Agent, Accept, ...). */
  headers: HeaderList;
  timeoutMs: number;
  maxBytes: number;
  /** Asked once the headers are in: false leaves the body unread. */
  wantBody?: (status: number, headers: Headers) => boolean;
  signal?: AbortSignal;
}

export interface FetchResponse {
  url: string;
  status: number;
  statusText: string;
  headers: HeaderList;
  body: Uint8Array;
  /** The body was not read (wantBody said no). */
  bodySkipped: boolean;
  /** The body was cut at maxBytes. */
  truncated?: 'length';
}

export type FetchFailureKind = 'timeout' | 'network' | 'aborted';

export class FetchFailure extends Error {
  constructor(readonly kind: FetchFailureKind, message: string) {
    super(message);
    this.name = 'FetchFailure';
  }
}

export type Fetcher = (req: FetchRequest) => Promise<FetchResponse>;

function describe(e: unknown): string {
  const err = e as { message?: string; cause?: { code?: string; message?: string } };
  const cause = err.cause?.code ?? err.cause?.message;
  return cause ? `${err.message ?? String(e)} (${cause})` : err.message ?? String(e);
}

/** The real fetcher: Node's global fetch. */
export const httpFetcher: Fetcher = async (req) => {
  // A deadline past the timer limit would fire after 1 ms (or throw past 2^32 ms): clamped.
  const timeout = AbortSignal.timeout(Math.min(req.timeoutMs, MAX_TIMER_MS));
  const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
  const fail = (e: unknown): never => {
    if (timeout.aborted) throw new FetchFailure('timeout', `no complete answer within ${req.timeoutMs} ms`);
    if (req.signal?.aborted) throw new FetchFailure('aborted', 'the crawl was stopped');
    throw new FetchFailure('network', describe(e));
  };
  let res: Response;
  try {
    res = await fetch(req.url, { headers: req.headers, redirect: 'manual', signal });
  } catch (e) {
    return fail(e);
  }
  const headers: HeaderList = [];
  res.headers.forEach((v, k) => { if (k !== 'set-cookie') headers.push([k, v]); });
  for (const c of res.headers.getSetCookie()) headers.push(['set-cookie', c]);
  const base = { url: req.url, status: res.status, statusText: res.statusText, headers };
  if (!res.body || (req.wantBody && !req.wantBody(res.status, res.headers))) {
    await res.body?.cancel().catch(() => undefined);
    return { ...base, body: new Uint8Array(0), bodySkipped: Boolean(res.body) };
  }
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let truncated: 'length' | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.length > req.maxBytes) {
        chunks.push(value.subarray(0, req.maxBytes - size));
        size = req.maxBytes;
        truncated = 'length';
        await reader.cancel().catch(() => undefined);
        break;
      }
      chunks.push(value);
      size += value.length;
    }
  } catch (e) {
    return fail(e);
  }
  const body = new Uint8Array(size);
  let o = 0;
  for (const c of chunks) { body.set(c, o); o += c.length; }
  return { ...base, body, bodySkipped: false, ...(truncated ? { truncated } : {}) };
};

/** Retry-After (delta-seconds or an HTTP date) as ms from `now`; undefined when absent or unusable. */
export function retryAfterMs(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const t = Date.parse(v);
  return Number.isNaN(t) ? undefined : Math.max(0, t - now);
}

export function header(headers: HeaderList, name: string): string | undefined {
  const n = name.toLowerCase();
  for (const [k, v] of headers) if (k.toLowerCase() === n) return v;
  return undefined;
}

/**
 * The response headers as stored in the WARC: fetch hands over the body with its transfer and
 * content codings undone, so the headers that described them would now lie. They are dropped,
 * the Content-Length is that of the stored body, and the coding the server used is kept as
 * X-Thresher-Content-Encoding.
 */
export function storedHeaders(headers: HeaderList, bodyLength: number): HeaderList {
  const out: HeaderList = [];
  let coding: string | undefined;
  for (const [k, v] of headers) {
    const n = k.toLowerCase();
    if (n === 'content-encoding') { coding = v; continue; }
    if (n === 'transfer-encoding' || n === 'content-length') continue;
    out.push([k, v]);
  }
  if (coding) out.push(['x-thresher-content-encoding', coding]);
  out.push(['content-length', String(bodyLength)]);
  return out;
}
