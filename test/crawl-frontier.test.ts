/**
 * The frontier (paper 004 §4.1) in virtual time: a property test against a model of the
 * politeness rules, the pop-time re-scheduling, and the whole crawler on a virtual clock with
 * an in-memory site, so that 1-second latencies, Crawl-delays and Retry-After can be checked
 * exactly without waiting for them.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { Frontier, type FrontierEntry } from '../src/crawl/frontier.js';
import { VirtualClock } from '../src/crawl/clock.js';
import { crawl } from '../src/crawl/crawler.js';
import type { Fetcher, FetchResponse } from '../src/crawl/fetcher.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-frontier-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const entry = (host: string, i: number, notBefore = 0, kind: FrontierEntry['kind'] = 'page'): FrontierEntry =>
  ({ url: `http://${host}/${i}`, host, depth: 0, kind, notBefore, attempts: 0, via: [], seq: i });

describe('Frontier', () => {
  test('property: polite, each URL once, never early, and never idle while a URL is fetchable', () => {
    const hostArb = fc.constantFrom('a', 'b', 'c', 'd');
    const urlArb = fc.record({ host: hostArb, notBefore: fc.integer({ min: 0, max: 400 }), duration: fc.integer({ min: 0, max: 250 }) });
    fc.assert(fc.property(
      fc.array(urlArb, { minLength: 1, maxLength: 40 }),
      fc.record({ a: fc.integer({ min: 0, max: 300 }), b: fc.integer({ min: 0, max: 300 }), c: fc.integer({ min: 0, max: 300 }), d: fc.integer({ min: 0, max: 300 }) }),
      fc.integer({ min: 1, max: 4 }),
      fc.option(fc.record({ host: hostArb, at: fc.integer({ min: 0, max: 600 }), until: fc.integer({ min: 0, max: 1500 }) })),
      (urls, latencies, concurrency, deferral) => {
        const base = 100;
        const f = new Frontier(base);
        const latency = (h: string): number => Math.max(base, latencies[h as 'a']);
        for (const h of ['a', 'b', 'c', 'd']) f.setLatency(h, latencies[h as 'a']);
        urls.forEach((u, i) => f.push(entry(u.host, i, u.notBefore)));
        // The model: per host, queued not-before times, the end of the last request, deferrals.
        const queued = new Map<string, Set<number>>();
        urls.forEach((u, i) => { if (!queued.has(u.host)) queued.set(u.host, new Set()); queued.get(u.host)!.add(i); });
        const lastEnd = new Map<string, number>();
        const deferUntil = new Map<string, number>();
        const busy = new Set<string>();
        const inflight: Array<{ host: string; end: number; i: number }> = [];
        const starts = new Map<string, number[]>();
        const popped: number[] = [];
        let deferred = false;
        const readyAt = (h: string): number => {
          const nb = Math.min(...[...queued.get(h)!].map((i) => urls[i].notBefore));
          return Math.max(nb, (lastEnd.get(h) ?? -Infinity) + latency(h), deferUntil.get(h) ?? 0);
        };
        let t = 0;
        for (let steps = 0; steps < 10_000; steps++) {
          if (deferral && !deferred && t >= deferral.at) {
            deferred = true;
            f.defer(deferral.host, deferral.until);
            deferUntil.set(deferral.host, deferral.until);
          }
          let until = Infinity;
          while (inflight.length < concurrency) {
            const r = f.next(t);
            if (r.kind !== 'entry') { if (r.kind === 'wait') until = r.until; break; }
            const e = r.entry, i = e.seq;
            assert.ok(!busy.has(e.host), 'one request per host at a time');
            assert.ok(t >= urls[i].notBefore, 'never before its not-before time');
            assert.ok(t >= (lastEnd.get(e.host) ?? -Infinity) + latency(e.host), `host ${e.host} polite`);
            assert.ok(t >= (deferUntil.get(e.host) ?? 0), 'deferral honoured');
            busy.add(e.host);
            queued.get(e.host)!.delete(i);
            popped.push(i);
            inflight.push({ host: e.host, end: t + urls[i].duration, i });
            starts.set(e.host, [...(starts.get(e.host) ?? []), t]);
          }
          // Work-conserving and tight: what the frontier says to wait for is the model's earliest ready time.
          const candidates = [...queued.keys()].filter((h) => !busy.has(h) && queued.get(h)!.size);
          const modelReady = candidates.length ? Math.min(...candidates.map(readyAt)) : Infinity;
          if (inflight.length < concurrency) {
            assert.ok(modelReady > t, 'nothing fetchable was left waiting');
            // Never waits too long; exactly as long as needed unless a deferral made a key stale
            // (then it wakes early and the pop-time check re-schedules: the paper's design).
            assert.ok(until <= modelReady, 'never waits past the time a URL becomes fetchable');
            if (!deferral) assert.equal(until, modelReady, 'waits exactly until the next URL is fetchable');
          }
          const nextEnd = Math.min(...inflight.map((x) => x.end));
          const nextT = Math.min(nextEnd, inflight.length < concurrency ? until : Infinity, deferral && !deferred ? Math.max(t, deferral.at) : Infinity);
          if (nextT === Infinity) break;
          t = Math.max(t, nextT);
          for (const x of inflight.filter((y) => y.end <= t)) {
            inflight.splice(inflight.indexOf(x), 1);
            busy.delete(x.host);
            lastEnd.set(x.host, x.end);
            f.release(x.host, x.end, true);
          }
        }
        assert.deepEqual([...popped].sort((a, b) => a - b), urls.map((_, i) => i), 'each URL popped exactly once');
        assert.equal(f.size, 0);
      }), { numRuns: 300 });
  });

  test('a host deferred after it was queued is re-scheduled at pop (the paper\'s check)', () => {
    const f = new Frontier(1000);
    f.push(entry('a', 0));
    f.push(entry('b', 1));
    f.push(entry('b', 2));
    f.defer('a', 5000); // the key 'a' was queued with (0) is now stale
    const r1 = f.next(0);
    assert.equal(r1.kind === 'entry' && r1.entry.seq, 1, "'a' fails the check at pop and goes back; 'b' goes first");
    assert.equal(f.rescheduled, 1);
    f.release('b', 10, true);
    assert.deepEqual(f.next(100), { kind: 'wait', until: 1010 });
    const r2 = f.next(1010);
    assert.equal(r2.kind === 'entry' && r2.entry.seq, 2);
    f.release('b', 1020, true);
    assert.deepEqual(f.next(1020), { kind: 'wait', until: 5000 });
    const r3 = f.next(5000);
    assert.equal(r3.kind === 'entry' && r3.entry.seq, 0);
    assert.deepEqual(f.next(5000), { kind: 'idle' });
  });

  test('robots.txt first, then sitemaps, then pages by not-before time and depth', () => {
    const f = new Frontier(0);
    f.push({ ...entry('a', 0), depth: 2 });
    f.push({ ...entry('a', 1), depth: 1 });
    f.push(entry('a', 2, 0, 'sitemap'));
    f.push(entry('a', 3, 0, 'robots'));
    f.push({ ...entry('a', 4, 50), depth: 0 });
    const order: number[] = [];
    for (let t = 0; order.length < 5; t += 10) {
      const r = f.next(t);
      if (r.kind === 'entry') { order.push(r.entry.seq); f.release('a', t, true); }
    }
    assert.deepEqual(order, [3, 2, 1, 0, 4]);
  });
});

/** An in-memory site: /page/N links to the next page; robots.txt as given. */
function fakeSite(clock: VirtualClock, opts: { pages: number; robots: string; fetchMs: number; busyOnce?: string; retryAfterS?: number }) {
  const log: Array<{ url: string; start: number; end: number }> = [];
  let busyDone = false;
  const fetcher: Fetcher = async (req) => {
    const start = clock.now();
    await clock.sleep(opts.fetchMs);
    log.push({ url: req.url, start, end: clock.now() });
    const path = new URL(req.url).pathname;
    const ok = (body: string, type = 'text/html'): FetchResponse => ({ url: req.url, status: 200, statusText: 'OK', headers: [['content-type', type]], body: new TextEncoder().encode(body), bodySkipped: false });
    if (path === '/robots.txt') return ok(opts.robots, 'text/plain');
    if (path === opts.busyOnce && !busyDone) {
      busyDone = true;
      return { url: req.url, status: 429, statusText: 'Too Many', headers: [['retry-after', String(opts.retryAfterS)]], body: new Uint8Array(0), bodySkipped: false };
    }
    const m = /^\/page\/(\d+)$/.exec(path);
    if (m && Number(m[1]) < opts.pages) return ok(`<a href="/page/${Number(m[1]) + 1}">next</a>`);
    return { url: req.url, status: 404, statusText: 'Not Found', headers: [], body: new Uint8Array(0), bodySkipped: false };
  };
  return { fetcher, log };
}

describe('the crawler in virtual time', () => {
  test('default latency: each request starts exactly 1 s after the previous one ended', async () => {
    const clock = new VirtualClock();
    const site = fakeSite(clock, { pages: 15, robots: 'User-agent: *\nDisallow:\n', fetchMs: 37 });
    const wallStart = Date.now();
    const s = await crawl({ seeds: ['http://site.test/page/0'], out: join(dir, 'v1.warc'), clock, fetcher: site.fetcher, sitemaps: false });
    assert.equal(s.total.queued, 0);
    assert.equal(site.log.length, 1 + 16, 'robots.txt and pages 0..15');
    for (let k = 1; k < site.log.length; k++) assert.equal(site.log[k].start - site.log[k - 1].end, 1000, `gap before ${site.log[k].url}`);
    assert.ok(Date.now() - wallStart < 5000, '17 virtual seconds take far less real time');
  });

  test('a longer robots.txt Crawl-delay wins; a Retry-After holds the host', async () => {
    const clock = new VirtualClock();
    const site = fakeSite(clock, { pages: 6, robots: 'User-agent: *\nCrawl-delay: 2.5\n', fetchMs: 10, busyOnce: '/page/3', retryAfterS: 120 });
    await crawl({ seeds: ['http://site.test/page/0'], out: join(dir, 'v2.warc'), clock, fetcher: site.fetcher, sitemaps: false, retryBaseMs: 1000 });
    const gapsMs = site.log.slice(1).map((x, k) => x.start - site.log[k].end);
    const i429 = site.log.findIndex((x) => x.url.endsWith('/page/3'));
    gapsMs.forEach((g, k) => {
      if (k + 1 === i429 + 1) assert.equal(g, 120_000, 'Retry-After: 120 s');
      else assert.equal(g, 2500, `Crawl-delay gap ${k}`);
    });
    assert.equal(site.log.filter((x) => x.url.endsWith('/page/3')).length, 2);
  });

  test('robots.txt is per origin: http and https of one host each have their own', async () => {
    const clock = new VirtualClock();
    const requested: string[] = [];
    const page = (url: string, body: string, type = 'text/html'): FetchResponse => ({ url, status: 200, statusText: 'OK', headers: [['content-type', type]], body: new TextEncoder().encode(body), bodySkipped: false });
    const fetcher: Fetcher = async (req) => {
      requested.push(req.url);
      await clock.sleep(1);
      const u = new URL(req.url);
      if (u.pathname === '/robots.txt') return page(req.url, u.protocol === 'http:' ? 'User-agent: *\nDisallow: /x\n' : 'User-agent: *\nDisallow: /y\n', 'text/plain');
      return page(req.url, '<a href="http://site.test/x">1</a><a href="https://site.test/x">2</a><a href="http://site.test/y">3</a><a href="https://site.test/y">4</a>');
    };
    await crawl({ seeds: ['http://site.test/', 'https://site.test/'], out: join(dir, 'v4.warc'), clock, fetcher, sitemaps: false, latencyMs: 10 });
    assert.deepEqual(requested.filter((u) => !u.endsWith('/')).sort(), [
      'http://site.test/robots.txt', 'http://site.test/y', 'https://site.test/robots.txt', 'https://site.test/x',
    ]);
  });

  test('our own latency wins when it is the longer one', async () => {
    const clock = new VirtualClock();
    const site = fakeSite(clock, { pages: 4, robots: 'User-agent: *\nCrawl-delay: 1\n', fetchMs: 5 });
    await crawl({ seeds: ['http://site.test/page/0'], out: join(dir, 'v3.warc'), clock, fetcher: site.fetcher, sitemaps: false, latencyMs: 3000 });
    for (let k = 1; k < site.log.length; k++) assert.equal(site.log[k].start - site.log[k - 1].end, 3000);
  });
});
