/**
 * The crawler against real HTTP servers of the tests' own on 127.0.0.1 (test/crawl-site.ts):
 * politeness read off the servers' request logs, robots.txt rules, every fault counted and
 * survived, the calendar trap bounded by the scope limits, several hosts at once, a graceful
 * stop that resumes, and the WARC it writes.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl, Crawler, type CrawlEvent, type CrawlSummary } from '../src/crawl/crawler.js';
import { readWarc, type WarcRecordData } from '../src/io/warc.js';
import { gaps, startSite, type TestSite } from './crawl-site.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-crawl-'));
after(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const outFile = (): string => join(dir, `c${n++}.warc.gz`);

async function responses(path: string): Promise<WarcRecordData[]> {
  const out: WarcRecordData[] = [];
  for await (const it of readWarc(path)) {
    assert.ok(it.ok, it.ok ? '' : `unreadable record: ${it.reason}`);
    if (it.record.type === 'response') out.push(it.record);
  }
  return out;
}

const paths = (site: TestSite): string[] => site.log.map((r) => r.path);
const count = (xs: string[], x: string): number => xs.filter((y) => y === x).length;

describe('crawling the test site: faults, robots, politeness', () => {
  let site: TestSite;
  let summary: CrawlSummary;
  let out: string;
  const events: CrawlEvent[] = [];
  const crawlDelayMs = 60;

  test('the crawl finishes with nothing left queued', async () => {
    // 8 pages: all within depth 3 of the home page (the depth limit bounds the trap).
    site = await startSite({ crawlDelay: crawlDelayMs / 1000, retryAfter: 1, pages: 8 });
    after(() => site.close());
    out = outFile();
    summary = await crawl({
      seeds: [`${site.origin}/`], out, latencyMs: 10, timeoutMs: 350, maxBytes: 512 * 1024, maxRetries: 2, retryBaseMs: 50,
      scope: { maxDepth: 3 }, onEvent: (e) => events.push(e),
    });
    assert.equal(summary.stopped, false);
    assert.equal(summary.queued, 0);
    assert.equal(summary.total.queued, 0);
  });

  test('politeness: no two requests closer than the robots.txt Crawl-delay (longer than --delay)', () => {
    const g = gaps(site.log);
    assert.ok(g.length > 25, `${site.log.length} requests`);
    assert.ok(Math.min(...g) >= crawlDelayMs, `smallest gap ${Math.min(...g)} ms`);
  });

  test('Retry-After of a 429 holds back the whole host', () => {
    const i = site.log.findIndex((r) => r.path === '/busy');
    assert.ok(i >= 0 && i + 1 < site.log.length);
    assert.ok(site.log[i + 1].t - site.log[i].t >= 1000, `next request ${site.log[i + 1].t - site.log[i].t} ms after the 429`);
  });

  test('robots.txt: fetched once, first; disallowed paths never requested; our user agent sent', () => {
    const p = paths(site);
    assert.equal(p[0], '/robots.txt');
    assert.equal(count(p, '/robots.txt'), 1);
    assert.ok(!p.some((x) => x.startsWith('/private/')), 'no /private/ request');
    assert.equal(summary.skipped.robots, 2, 'the linked and the sitemap-listed private URLs');
    assert.ok(site.log.every((r) => /^thresher\/\S+ \(\+https?:\/\/\S+\)$/.test(r.ua)), site.log[0].ua);
  });

  test('every fault is counted and survived', () => {
    const f = summary.faults;
    assert.equal(f.timeout, 3, 'the trickling body, tried three times (maxRetries 2)');
    assert.equal(f.network, 3, 'the connection reset, tried three times');
    assert.equal(f['http-5xx'], 2, 'the flaky page fails twice, then answers');
    assert.equal(f['http-429'], 1);
    assert.equal(f['too-large'], 1);
    assert.equal(f['redirect-loop'], 1);
    assert.equal(summary.errors, 11);
    const p = paths(site);
    assert.equal(count(p, '/slow'), 3);
    assert.equal(count(p, '/reset'), 3);
    assert.equal(count(p, '/flaky'), 3);
    assert.equal(count(p, '/busy'), 2);
    assert.equal(count(p, '/loop/a'), 1);
    assert.equal(count(p, '/loop/b'), 1);
    const failed = events.filter((e) => e.outcome === 'failed').map((e) => new URL(e.url).pathname).sort();
    assert.deepEqual(failed, ['/reset', '/slow']);
    assert.deepEqual(summary.total.faults, summary.faults);
  });

  test('retries back off: the second try waits at least the back-off base', () => {
    const t = site.log.filter((r) => r.path === '/slow').map((r) => r.t);
    assert.ok(t[1] - t[0] >= 350 + 50, `${t[1] - t[0]} ms between tries`);
  });

  test('non-HTML: skipped by content type after the headers, or by extension without a request', () => {
    const p = paths(site);
    assert.equal(count(p, '/data'), 1);
    assert.equal(summary.skipped['content-type'], 1);
    assert.equal(count(p, '/image.png'), 0);
  });

  test('links: nofollow, script text, mailto and fragments are not followed; dot segments resolve', () => {
    const p = paths(site);
    for (const x of ['/nofollowed', '/in-script']) assert.equal(count(p, x), 0, x);
    assert.equal(count(p, '/page/2'), 1, '/page/2#section and the redirect to /page/2 are one URL');
    assert.equal(count(p, '/page/3'), 1, '/PAGE/../page/3 is /page/3');
  });

  test('the calendar trap is bounded by maxDepth', () => {
    const cal = paths(site).filter((x) => x.startsWith('/calendar/'));
    // Home is depth 0; calendar pages at depth 1, 2 and 3: one, then two new per level.
    assert.equal(cal.length, 5, cal.join(' '));
  });

  test('the WARC holds each stored page once, the huge body cut and flagged, the sitemap-only page found', async () => {
    const recs = await responses(out);
    const ok = recs.filter((r) => r.http?.status === 200 && r.url && !/robots\.txt|sitemap\.xml/.test(r.url));
    const urls = ok.map((r) => r.url!);
    assert.equal(new Set(urls).size, urls.length, 'no URL stored twice with 200');
    for (const u of site.expectedPages) assert.ok(urls.includes(u), `${u} stored`);
    const huge = ok.find((r) => r.url!.endsWith('/huge'))!;
    assert.equal(huge.payload.length, 512 * 1024);
    assert.ok(huge.headers.some(([k, v]) => k === 'WARC-Truncated' && v === 'length'));
    const home = ok.find((r) => r.url === `${site.origin}/`)!;
    assert.match(new TextDecoder().decode(home.payload), /Welcome to the test site/);
    assert.ok(recs.some((r) => r.http?.status === 301), 'redirects are stored');
  });
});

describe('several hosts, robots.txt availability, maxPages, stop and resume', () => {
  test('hosts are crawled concurrently, each at its own pace', async () => {
    const sites = await Promise.all([0, 1, 2].map(() => startSite({ faults: false, trap: false, pages: 6 })));
    const latency = 80;
    const t0 = Date.now();
    const s = await crawl({ seeds: sites.map((x) => `${x.origin}/`), out: outFile(), latencyMs: latency, concurrency: 3 });
    const took = Date.now() - t0;
    for (const site of sites) {
      assert.ok(Math.min(...gaps(site.log)) >= latency, `${site.host}: smallest gap ${Math.min(...gaps(site.log))}`);
      for (const u of site.expectedPages) assert.ok(site.log.some((r) => `${site.origin}${r.path}` === u), u);
    }
    const perHost = Math.max(...sites.map((x) => x.log.length));
    const all = sites.reduce((a, x) => a + x.log.length, 0);
    // One host at a time would need (all - 1) gaps; three at once about a third of that.
    assert.ok(took < (all - 1) * latency * 0.6, `${took} ms for ${all} requests (${perHost} on the busiest host)`);
    const merged = sites.flatMap((x, i) => x.log.map((r) => ({ t: r.t, i }))).sort((a, b) => a.t - b.t);
    assert.ok(merged.some((r, k) => k > 0 && r.i !== merged[k - 1].i && r.t - merged[k - 1].t < latency), 'requests to different hosts overlap');
    assert.equal(s.total.queued, 0);
    await Promise.all(sites.map((x) => x.close()));
  });

  test('robots.txt answering 5xx: the host is held back, asked again, then given up', async () => {
    const site = await startSite({ faults: false, trap: false, robotsStatus: 503 });
    const s = await crawl({ seeds: [`${site.origin}/`], out: outFile(), latencyMs: 10, sitemaps: false, robotsOptions: { retryMs: 150, maxFailures: 2 } });
    const p = paths(site);
    assert.deepEqual(p, ['/robots.txt', '/robots.txt']);
    assert.ok(site.log[1].t - site.log[0].t >= 150);
    assert.equal(s.faults['robots-unreachable'], 2);
    assert.equal(s.skipped['robots-unreachable'], 1, 'the seed');
    await site.close();
  });

  test('robots.txt answering 404: everything is allowed', async () => {
    const site = await startSite({ faults: false, trap: false, robotsStatus: 404, pages: 2 });
    await crawl({ seeds: [`${site.origin}/`], out: outFile(), latencyMs: 5 });
    assert.ok(paths(site).includes('/private/secret'));
    await site.close();
  });

  test('the calendar trap is bounded by maxPages', async () => {
    const site = await startSite({ faults: false, trap: true, pages: 3 });
    const s = await crawl({ seeds: [`${site.origin}/`], out: outFile(), latencyMs: 5, sitemaps: false, scope: { maxPages: 12 } });
    const pageRequests = paths(site).filter((x) => x !== '/robots.txt');
    assert.equal(s.total.urls - 1, 12, 'page URLs admitted (besides robots.txt)');
    // The 12 admitted include /private/secret, never requested (robots.txt).
    assert.equal(pageRequests.length, 11, pageRequests.join(' '));
    assert.ok(pageRequests.filter((x) => x.startsWith('/calendar/')).length >= 5, 'the trap was entered, and stopped');
    assert.equal(s.total.queued, 0);
    await site.close();
  });

  test('a graceful stop keeps the state; the next run resumes and stores nothing twice', async () => {
    const site = await startSite({ faults: false, trap: false, pages: 10 });
    const out = outFile();
    const stop = new AbortController();
    const opts = { seeds: [`${site.origin}/`], out, latencyMs: 15 };
    const first = await crawl({ ...opts, signal: stop.signal, onEvent: (e) => { if (e.kind === 'page' && e.status === 200) stop.abort(); } });
    assert.equal(first.stopped, true);
    assert.ok(first.total.queued > 0);
    const before = site.log.length;
    const second = await crawl(opts);
    assert.equal(second.resumed, true);
    assert.equal(second.stopped, false);
    assert.equal(second.total.queued, 0);
    const p = paths(site);
    assert.equal(new Set(p).size, p.length, `nothing fetched twice: ${p.join(' ')}`);
    assert.ok(site.log.length > before);
    const urls = (await responses(out)).filter((r) => r.http?.status === 200).map((r) => r.url);
    assert.equal(new Set(urls).size, urls.length);
    for (const u of site.expectedPages) assert.ok(urls.includes(u), u);
    await site.close();
  });

  test('a second crawl on the same state is refused while the first holds it', async () => {
    const site = await startSite({ faults: false, trap: false, pages: 2 });
    const out = outFile();
    const a = new Crawler({ seeds: [`${site.origin}/`], out, latencyMs: 5 });
    await a.open();
    const b = new Crawler({ seeds: [`${site.origin}/`], out, latencyMs: 5 });
    await assert.rejects(b.open(), (e: Error & { code?: string }) => e.code === 'E_CRAWL_STATE' && /in use/.test(e.message));
    await a.run();
    await site.close();
  });
});
