/**
 * The crawler in virtual time against in-memory sites whose answers change from one request to
 * the next: robots.txt expiring and asked again, a Retry-After that holds its host across a stop
 * and resume, a robots.txt answering 503 with a long Retry-After, robots.txt redirects stored hop
 * by hop, a failing sitemap that must not stall the pages of its host, and the progress figures.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VirtualClock } from '../src/crawl/clock.js';
import { crawl, Crawler } from '../src/crawl/crawler.js';
import { readWarc, type WarcRecordData } from '../src/io/warc.js';
import { progressLine } from '../src/cli/crawl.js';
import { chain, site } from './virtual-site.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-virtual-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const out = (): string => join(dir, `v${n++}.warc`);


async function records(path: string): Promise<WarcRecordData[]> {
  const recs: WarcRecordData[] = [];
  for await (const it of readWarc(path)) { assert.ok(it.ok); recs.push(it.record); }
  return recs;
}

test('robots.txt older than its time to live is asked for again, and its new rules apply', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path, k) => {
    if (path === '/robots.txt') return { type: 'text/plain', body: k === 0 ? 'User-agent: *\nDisallow: /nothing\n' : 'User-agent: *\nDisallow: /page/9\n' };
    return chain(path, 12);
  });
  const sum = await crawl({ seeds: ['http://site.test/page/0'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, robotsOptions: { ttlMs: 5000 } });
  const robots = s.log.filter((h) => h.path === '/robots.txt');
  // About 13 virtual seconds of crawling: asked at the start, then each time 5 s have passed.
  assert.equal(robots.length, 3, s.log.map((h) => h.path).join(' '));
  for (let k = 1; k < robots.length; k++) {
    const age = robots[k].start - robots[k - 1].end;
    assert.ok(age > 5000 && age < 5000 + 2 * 1010, `asked again ${age} ms later: as soon as it expired`);
  }
  const paths = s.log.map((h) => h.path);
  assert.ok(paths.includes('/page/8'));
  assert.ok(!paths.includes('/page/9'), 'the new Disallow is obeyed');
  assert.equal(sum.skipped.robots, 1);
  for (let k = 1; k < s.log.length; k++) assert.equal(s.log[k].start - s.log[k - 1].end, 1000, 'the refresh is as polite as any request');
});

test('a Retry-After holds its host across a stop and a resume', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path, k) => {
    if (path === '/robots.txt') return { status: 404 };
    if (path === '/page/1' && k === 0) return { status: 429, headers: [['retry-after', '120']] };
    return chain(path, 5);
  });
  const seeds = [0, 1, 2, 3, 4, 5].map((i) => `http://site.test/page/${i}`);
  const file = out();
  const stop = new AbortController();
  const first = await crawl({ seeds, out: file, clock, fetcher: s.fetcher, sitemaps: false, signal: stop.signal, onEvent: (e) => { if (e.status === 429) stop.abort(); } });
  assert.equal(first.stopped, true);
  const at429 = s.log.find((h) => h.path === '/page/1')!.end;
  const before = s.log.length;
  const second = await crawl({ seeds, out: file, clock, fetcher: s.fetcher, sitemaps: false });
  assert.equal(second.resumed, true);
  assert.equal(second.total.queued, 0);
  const next = s.log[before];
  assert.ok(next.start - at429 >= 120_000, `the resumed crawl asked ${next.path} ${next.start - at429} ms after the 429`);
  assert.equal(new Set(s.log.map((h) => h.path)).size, s.log.length - 1, 'only the 429 page is asked twice');
});

test('robots.txt answering 503 with a Retry-After longer than the robots retry interval is asked again no sooner', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path, k) => {
    if (path === '/robots.txt') return k === 0 ? { status: 503, headers: [['retry-after', '1800']] } : { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' };
    return chain(path, 1);
  });
  await crawl({ seeds: ['http://site.test/page/0'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, maxRetryAfterMs: 3_600_000 });
  assert.deepEqual(s.log.map((h) => h.path), ['/robots.txt', '/robots.txt', '/page/0', '/page/1']);
  assert.ok(s.log[1].start - s.log[0].end >= 1_800_000, `${s.log[1].start - s.log[0].end} ms`);
});

test('robots.txt redirects: each hop is stored under its own URL; the request records name the headers sent', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path) => {
    if (path === '/robots.txt') return { status: 301, headers: [['location', '/moved/robots.txt']] };
    if (path === '/moved/robots.txt') return { type: 'text/plain', body: 'User-agent: *\nDisallow: /page/1\n' };
    return chain(path, 2);
  });
  const file = out();
  await crawl({ seeds: ['http://site.test/page/0'], out: file, clock, fetcher: s.fetcher, sitemaps: false });
  assert.deepEqual(s.log.map((h) => h.path), ['/robots.txt', '/moved/robots.txt', '/page/0']);
  assert.equal(s.log[1].start - s.log[0].end, 1000, 'a hop to the same host waits its latency');
  const recs = await records(file);
  const responses = recs.filter((r) => r.type === 'response').map((r) => [new URL(r.url!).pathname, r.http?.status]);
  assert.deepEqual(responses, [['/robots.txt', 301], ['/moved/robots.txt', 200], ['/page/0', 200]]);
  const moved = recs.find((r) => r.type === 'response' && r.url!.endsWith('/moved/robots.txt'))!;
  assert.match(new TextDecoder().decode(moved.payload), /Disallow: \/page\/1/);
  const requests = recs.filter((r) => r.type === 'request');
  assert.equal(requests.length, 3);
  requests.forEach((r, i) => {
    assert.equal(r.url, s.log[i].url);
    const sent = s.log[i].headers.map(([k, v]) => `${k}: ${v}`);
    const stored = r.http!.headers.map(([k, v]) => `${k}: ${v}`);
    for (const h of sent) assert.ok(stored.includes(h), `${h} in the request record of ${r.url}`);
    assert.ok(stored.includes('host: site.test'));
  });
});

test('a sitemap waiting for its retry does not hold back the pages of its host', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path) => {
    if (path === '/robots.txt') return { status: 404 };
    if (path === '/sitemap.xml') return { status: 503 };
    return chain(path, 8);
  });
  const sum = await crawl({ seeds: ['http://site.test/page/0'], out: out(), clock, fetcher: s.fetcher, maxRetries: 2, retryBaseMs: 5000 });
  assert.equal(s.log.filter((h) => h.path === '/sitemap.xml').length, 3);
  assert.equal(sum.faults['http-5xx'], 3);
  // The pages go one a second right after the first sitemap answer; the retries, 5 s and 10 s
  // later, take their turns between them (or after them) and never sooner than their back-off.
  const order = s.log.map((h) => h.path);
  assert.deepEqual(order.slice(0, 3), ['/robots.txt', '/sitemap.xml', '/page/0']);
  const pages = s.log.filter((h) => h.path.startsWith('/page/'));
  assert.equal(pages.length, 9);
  const sitemapTries = s.log.filter((h) => h.path === '/sitemap.xml');
  assert.ok(pages[8].start < sitemapTries[0].end + 1000 * 9 + 10 * 9 + 1000 * 2 + 20, `pages done by ${pages[8].start - s.log[0].start} ms`);
  assert.ok(sitemapTries[1].start - sitemapTries[0].end >= 5000);
  assert.ok(sitemapTries[2].start - sitemapTries[1].end >= 10_000);
  for (let k = 1; k < s.log.length; k++) assert.ok(s.log[k].start - s.log[k - 1].end >= 1000, 'polite');
});

test('progress: fetched, queued, errors and the rate per host', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path) => (path === '/robots.txt' ? { status: 404 } : chain(path, 20)), 0);
  const seen: string[] = [];
  const c: Crawler = new Crawler({
    seeds: ['http://site.test/page/0'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, scope: { maxPages: 15 },
    onEvent: () => { seen.push(progressLine(c.progress(), 200)); },
  });
  await c.run();
  const p = c.progress();
  assert.equal(p.fetched, 16, 'robots.txt and 15 pages');
  assert.equal(p.queued, 0);
  assert.equal(p.errors, 0);
  assert.equal(p.hosts.length, 1);
  assert.equal(p.hosts[0].host, 'site.test');
  // One request a second: the last 10 s hold 11 requests 10 s apart.
  assert.ok(Math.abs(p.hosts[0].ratePerSec - 1) < 1e-9, String(p.hosts[0].ratePerSec));
  assert.match(seen[5], /^fetched 6 · queued 1 · in flight 1 · errors 0 · skipped 0 · site\.test 1\.0\/s$/);
  assert.match(progressLine(p, 30), /^.{29}$/, 'cut to the terminal width');
});

test('a crawl state written before hosts had deferred_until opens, and the column is added', async () => {
  const Database = (await import('better-sqlite3')).default;
  const path = join(dir, 'old.state.sqlite');
  const db = new Database(path);
  db.exec(`CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL); INSERT INTO meta VALUES ('version', '1');
    CREATE TABLE hosts (host TEXT PRIMARY KEY, last_end REAL NOT NULL DEFAULT 0, latency_ms REAL NOT NULL DEFAULT 0);
    INSERT INTO hosts VALUES ('site.test', 5, 2500);`);
  db.close();
  const { CrawlStore } = await import('../src/crawl/store.js');
  const store = new CrawlStore(path);
  try {
    assert.deepEqual(store.hosts(), [{ host: 'site.test', lastEnd: 5, latencyMs: 2500, deferredUntil: 0 }]);
    store.settle({ url: 'http://site.test/', state: 'done', attempts: 1, host: { host: 'site.test', lastEnd: 9, latencyMs: 2500, deferredUntil: 70 } }, 9, { page: 0, sitemap: 0 });
    assert.deepEqual(store.hosts(), [{ host: 'site.test', lastEnd: 9, latencyMs: 2500, deferredUntil: 70 }]);
  } finally {
    store.close();
  }
});

test('a sitemap trap (each sitemap index names a new one) is bounded by maxSitemaps', async () => {
  const clock = new VirtualClock();
  const s = site(clock, (path) => {
    if (path === '/robots.txt') return { status: 404 };
    const m = /^\/(?:sitemap|sm\/(\d+))\.xml$/.exec(path);
    if (m) {
      const k = Number(m[1] ?? 0);
      return { type: 'application/xml', body: `<sitemapindex><sitemap><loc>http://site.test/sm/${k + 1}.xml</loc></sitemap></sitemapindex>` };
    }
    return { body: 'a page' };
  }, 1);
  const sum = await crawl({ seeds: ['http://site.test/'], out: out(), clock, fetcher: s.fetcher, latencyMs: 10, scope: { maxSitemaps: 5 } });
  assert.equal(sum.total.queued, 0);
  assert.deepEqual(s.log.map((h) => h.path).filter((p) => p.endsWith('.xml')), ['/sitemap.xml', '/sm/1.xml', '/sm/2.xml', '/sm/3.xml', '/sm/4.xml']);
});
