/**
 * An in-memory web site on a virtual clock, for the crawler tests (not a test file itself):
 * `route(path, k, url)` answers a path asked k times before (the whole URL too, for a site of
 * several hosts), each request takes `fetchMs` of virtual time and is logged.
 */
import type { VirtualClock } from '../src/crawl/clock.js';
import type { Fetcher, FetchResponse } from '../src/crawl/fetcher.js';

export interface Hit { url: string; path: string; start: number; end: number; headers: Array<[string, string]> }
export type Answer = { status?: number; body?: string; type?: string; headers?: Array<[string, string]> };

export function site(clock: VirtualClock, route: (path: string, k: number, url: URL) => Answer, fetchMs = 10): { fetcher: Fetcher; log: Hit[] } {
  const log: Hit[] = [];
  const asked = new Map<string, number>();
  const fetcher: Fetcher = async (req) => {
    const start = clock.now();
    await clock.sleep(fetchMs);
    const u = new URL(req.url);
    const path = u.pathname;
    const k = asked.get(path) ?? 0;
    asked.set(path, k + 1);
    log.push({ url: req.url, path, start, end: clock.now(), headers: req.headers });
    const a = route(path, k, u);
    const body = new TextEncoder().encode(a.body ?? '');
    // Cut at the request's cap, as the real fetcher does.
    const cut = body.length > req.maxBytes;
    const res: FetchResponse = {
      url: req.url, status: a.status ?? 200, statusText: '', body: cut ? body.subarray(0, req.maxBytes) : body, bodySkipped: false,
      headers: [['content-type', a.type ?? 'text/html'], ...(a.headers ?? [])], ...(cut ? { truncated: 'length' as const } : {}),
    };
    return res;
  };
  return { fetcher, log };
}

/** /page/N links to /page/N+1 up to `last`. */
export const chain = (path: string, last: number): Answer => {
  const m = /^\/page\/(\d+)$/.exec(path);
  if (m && Number(m[1]) <= last) return { body: Number(m[1]) < last ? `<a href="/page/${Number(m[1]) + 1}">next</a>` : 'end' };
  return { status: 404, body: 'no' };
};
