/**
 * Hostile input to the crawler (issue 25): remote sitemaps, robots.txt and pages written to
 * hurt, and dead hosts. Each test failed before its fix. Time bounds compare the time at n with
 * the time at 10·n (linear work gives about 10×), never seconds.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSitemap } from '../../src/crawl/sitemap.js';
import { systemClock, VirtualClock } from '../../src/crawl/clock.js';
import { crawl } from '../../src/crawl/crawler.js';
import { FetchFailure, httpFetcher, type Fetcher } from '../../src/crawl/fetcher.js';
import type { CrawlProgress } from '../../src/crawl/crawler.js';
import { summaryText } from '../../src/cli/crawl.js';
import { readWarc, WarcWriter, type WarcRecordData } from '../../src/io/warc.js';
import { chain, site } from '../virtual-site.js';

const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-crawl-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
let files = 0;
const out = (): string => join(dir, `c${files++}.warc`);


/** The smallest of `runs` timings of f (ms): noise only ever adds time. */
function minTime(f: () => void, runs: number): number {
  let best = Infinity;
  for (let k = 0; k < runs; k++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

describe('sitemaps', () => {
  test('time is linear in the input: n against 10·n unclosed <url>, unmatched close tags, bare "<"', () => {
    const n = 10_000;
    const shapes = [
      (k: number) => '<urlset>' + '<url>'.repeat(k),
      (k: number) => '<urlset>' + '<url>'.repeat(k) + '</x>'.repeat(k),
      (k: number) => '<urlset><url><loc>' + '<'.repeat(20 * k) + '>',
    ];
    for (const shape of shapes) {
      const small = enc(shape(n)), big = enc(shape(10 * n));
      parseSitemap(small, 'http://a.test/'); // warm up
      const t1 = Math.max(minTime(() => parseSitemap(small, 'http://a.test/'), 5), 0.5);
      const t10 = minTime(() => parseSitemap(big, 'http://a.test/'), 3);
      assert.ok(t10 < 30 * t1, `${small.length} bytes: ${t1.toFixed(1)} ms; ${big.length} bytes: ${t10.toFixed(1)} ms (${(t10 / t1).toFixed(1)}×)`);
    }
  });

  test('an entry with a character reference that is no character is skipped; the others are kept', () => {
    const xml = '<urlset><url><loc>http://a.test/1</loc></url><url><loc>http://a.test/&#x110000;</loc></url>'
      + '<url><loc>http://a.test/&#0;</loc></url><url><loc>http://[bad</loc></url><url><loc>http://a.test/&#x41;&#66;?a=1&amp;b=2&c=3</loc></url></urlset>';
    const sm = parseSitemap(enc(xml), 'http://a.test/sitemap.xml');
    assert.equal(sm.error, undefined);
    assert.deepEqual(sm.urls, ['http://a.test/1', 'http://a.test/AB?a=1&b=2&c=3']);
    assert.equal(sm.skipped, 3);
  });

  test('still tolerant: unclosed entries, comments, prefixes, upper case, a file cut short', () => {
    const xml = '\ufeff<?xml version="1.0"?><sm:urlset xmlns:sm="x"><!-- <sm:url><sm:loc>http://a.test/c</sm:loc></sm:url> -->'
      + '<sm:url><sm:loc>http://a.test/1</sm:loc><URL><LOC> http://a.test/2 </LOC></URL> junk < & <url><loc><![CDATA[http://a.test/3]]></loc></url><url><loc>http://a.te';
    assert.deepEqual(parseSitemap(enc(xml), 'http://a.test/').urls, ['http://a.test/1', 'http://a.test/2', 'http://a.test/3']);
  });
});

describe('Crawl-delay', () => {
  test('a Crawl-delay over the cap defers the host: the crawl ends, the host is reported, its URLs stay queued for a later run', async () => {
    for (const seconds of [3_000_000, 86_400]) {
      const clock = new VirtualClock();
      const s = site(clock, (path) => (path === '/robots.txt' ? { type: 'text/plain', body: `User-agent: *\nCrawl-delay: ${seconds}\n` } : chain(path, 3)));
      const file = out();
      const sum = await crawl({ seeds: ['http://site.test/page/0'], out: file, clock, fetcher: s.fetcher, sitemaps: false });
      assert.deepEqual(s.log.map((h) => h.path), ['/robots.txt'], 'nothing else is asked of the host');
      assert.deepEqual(sum.deferred, [{ host: 'site.test', crawlDelayMs: seconds * 1000, maxCrawlDelayMs: 60_000, queued: 1 }]);
      assert.equal(sum.total.queued, 1);
      assert.match(summaryText(sum), new RegExp(`deferred: site\\.test \\(robots\\.txt Crawl-delay ${seconds} s, over the 60 s cap\\): 1 URLs left queued`));
      // Resumed with the same cap: still deferred, nothing asked. With a cap that allows it: crawled at that pace.
      const again = await crawl({ seeds: ['http://site.test/page/0'], out: file, clock, fetcher: s.fetcher, sitemaps: false });
      assert.equal(again.deferred.length, 1);
      assert.equal(s.log.length, 1);
      if (seconds === 86_400) {
        const allowed = await crawl({ seeds: ['http://site.test/page/0'], out: file, clock, fetcher: s.fetcher, sitemaps: false, maxCrawlDelayMs: 100_000_000 });
        assert.deepEqual(allowed.deferred, []);
        // (robots.txt, 24 h old by each next page, is asked again in between, as politely)
        assert.deepEqual(s.log.map((h) => h.path).filter((p) => p !== '/robots.txt'), ['/page/0', '/page/1', '/page/2', '/page/3']);
        for (let k = 2; k < s.log.length; k++) assert.equal(s.log[k].start - s.log[k - 1].end, 86_400_000);
      }
    }
  });

  test('a Crawl-delay too large for a number (Infinity, 1e400) defers the host too, rather than counting as none', async () => {
    for (const value of ['Infinity', '1e400']) {
      const clock = new VirtualClock();
      const s = site(clock, (path) => (path === '/robots.txt' ? { type: 'text/plain', body: `User-agent: *\nCrawl-delay: ${value}\n` } : chain(path, 3)));
      const sum = await crawl({ seeds: ['http://site.test/page/0'], out: out(), clock, fetcher: s.fetcher, sitemaps: false });
      assert.deepEqual(s.log.map((h) => h.path), ['/robots.txt']);
      assert.equal(sum.deferred.length, 1);
      assert.match(summaryText(sum), /deferred: site\.test \(robots\.txt Crawl-delay unbounded, over the 60 s cap\)/);
    }
  });

  test('a Crawl-delay under the cap is obeyed as before', async () => {
    const clock = new VirtualClock();
    const s = site(clock, (path) => (path === '/robots.txt' ? { type: 'text/plain', body: 'User-agent: *\nCrawl-delay: 30\n' } : chain(path, 2)));
    const sum = await crawl({ seeds: ['http://site.test/page/0'], out: out(), clock, fetcher: s.fetcher, sitemaps: false });
    assert.deepEqual(sum.deferred, []);
    assert.equal(s.log.length, 4);
    for (let k = 1; k < s.log.length; k++) assert.equal(s.log[k].start - s.log[k - 1].end, 30_000);
  });

  test('a request deadline past the timer limit does not fire at once', async () => {
    const server = createServer((_req, res) => setTimeout(() => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('late'); }, 50));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    try {
      for (const timeoutMs of [3_000_000_000, 5_000_000_000]) {
        const res = await httpFetcher({ url: `http://127.0.0.1:${(server.address() as { port: number }).port}/`, headers: [], timeoutMs, maxBytes: 1000 });
        assert.equal(new TextDecoder().decode(res.body), 'late');
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  test('the real clock sleeps past the timer limit without overflowing (no 1 ms wake-ups, no warning)', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error): void => { warnings.push(w.name); };
    process.on('warning', onWarning);
    try {
      const stop = new AbortController();
      let woke = false;
      const sleeping = systemClock.sleep(3_000_000_000, stop.signal).then(() => { woke = true; });
      await new Promise((r) => setTimeout(r, 50));
      assert.equal(woke, false, 'still asleep after 50 ms');
      stop.abort();
      await sleeping;
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(warnings, []);
    } finally {
      process.off('warning', onWarning);
    }
  });
});

describe('caps on links per page and on the frontier', () => {
  const links = (n: number, from = 0): string => Array.from({ length: n }, (_, i) => `<a href="/p/${from + i}">${i}</a>`).join('');

  test('a page of 10,000 links admits the first maxLinksPerPage (2000 by default); the rest are counted as cut', async () => {
    const clock = new VirtualClock();
    const s = site(clock, (path) => (path === '/robots.txt' ? { status: 404 } : path === '/' ? { body: links(10_000) } : { body: 'leaf' }));
    const stop = new AbortController();
    const sum = await crawl({ seeds: ['http://site.test/'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, signal: stop.signal, onEvent: (e) => { if (e.url === 'http://site.test/') stop.abort(); } });
    assert.equal(sum.total.queued, 2000);
    assert.equal(sum.total.urls, 2002, 'robots.txt, the page and its first 2000 links');
    assert.deepEqual(sum.cut, { links: 8000, pages: 1, assets: 0, assetPages: 0, frontier: 0, maxLinksPerPage: 2000, maxAssetsPerPage: 100, maxFrontier: 200_000 });
    assert.match(summaryText(sum), /cut: 8000 links past --max-links-per-page 2000 on 1 pages; 0 new URLs refused by a full frontier \(--max-frontier 200000\)/);
  });

  test('a full frontier refuses new URLs (counted) and admits them when they are found again with room', async () => {
    const clock = new VirtualClock();
    // "/" links to /p/0../p/599, then /again; /again links to /p/0../p/599 once more.
    const s = site(clock, (path) => {
      if (path === '/robots.txt') return { status: 404 };
      if (path === '/') return { body: links(600) + '<a href="/again">again</a>' };
      if (path === '/p/0') return { body: '<a href="/again">again</a>' };
      if (path === '/again') return { body: links(600) };
      return { body: 'leaf' };
    }, 0);
    const sum = await crawl({ seeds: ['http://site.test/'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, latencyMs: 0, maxFrontier: 250 });
    // 250 admitted from "/", 351 refused (350 links and /again); /p/0 names /again, admitted
    // then; fetched last, /again names the 600 again: the 350 never admitted find room for 250.
    assert.equal(sum.total.queued, 0);
    const paths = s.log.map((h) => h.path);
    assert.equal(paths.indexOf('/again'), 252);
    assert.deepEqual(paths.slice(253), Array.from({ length: 250 }, (_, i) => `/p/${250 + i}`));
    assert.equal(sum.cut.frontier, 351 + 100);
    assert.equal(sum.cut.links, 0);
  });
});

describe('a dead host', () => {
  test('robots.txt failing with a network error is tried --retries more times after the back-off, then the host is given up with the reason', async () => {
    const clock = new VirtualClock();
    const log: number[] = [];
    const fetcher: Fetcher = async (req) => {
      log.push(clock.now());
      await clock.sleep(30_000); // a connection that hangs until the deadline
      throw new FetchFailure('timeout', `no complete answer within 30000 ms (${req.url})`);
    };
    const progress: CrawlProgress[] = [];
    const sum = await crawl({
      seeds: ['http://dead.test/'], out: out(), clock, fetcher, maxRetries: 2, retryBaseMs: 2000,
      onProgress: (p) => progress.push(p), progressEveryMs: 5000,
    });
    assert.equal(log.length, 3, 'robots.txt tried three times, nothing else');
    assert.deepEqual(log.slice(1).map((t, k) => t - log[k]), [30_000 + 2000, 30_000 + 4000], 'after the back-off, not 10 minutes');
    assert.deepEqual(sum.givenUp, [{ host: 'dead.test', reason: 'robots.txt unreachable after 3 tries (timeout: no complete answer within 30000 ms (http://dead.test/robots.txt))' }]);
    assert.equal(sum.skipped['robots-unreachable'], 2, 'the seed and the /sitemap.xml probe');
    assert.equal(sum.total.queued, 0);
    assert.match(summaryText(sum), /given up: dead\.test: robots\.txt unreachable after 3 tries \(timeout: .*\); its URLs skipped/);
    // 96 s of (virtual) waiting on one request at a time: a progress report every 5 s of it.
    assert.equal(progress.length, Math.floor((log[2] + 30_000 - log[0]) / 5000));
    assert.ok(progress.every((p) => p.inFlight === 1 || p.inFlight === 0));
  });

  test('CLI: a host that never answers ends with a reason; without a terminal, progress lines come every --progress-every', async () => {
    const sockets = new Set<Socket>();
    const server: Server = createServer(() => { /* never answers */ });
    server.on('connection', (s) => sockets.add(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const port = (server.address() as { port: number }).port;
    try {
      const child = spawn(process.execPath, [CLI, 'crawl', `http://127.0.0.1:${port}/`, '--out', out(), '--retries', '1', '--retry-base', '100',
        '--timeout', '700', '--progress-every', '250', '--no-sitemaps'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d) => { stderr += d; });
      const killer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
      clearTimeout(killer);
      assert.equal(code, 0, stderr);
      const lines = stderr.split('\n').filter((l) => l.startsWith('thresher crawl: '));
      assert.ok(lines.length >= 3, stderr);
      assert.match(lines[0], /^thresher crawl: \d+ s · fetched 0 · queued \d+ · in flight 1 · errors 0 · skipped 0$/);
      assert.match(stderr, new RegExp(`given up: 127\\.0\\.0\\.1:${port}: robots\\.txt unreachable after 2 tries \\(timeout: `));
    } finally {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('retries on a busy host', () => {
  test('a 500 is retried after its back-off, not behind every fresh URL of its host', async () => {
    const clock = new VirtualClock();
    const s = site(clock, (path, k) => {
      if (path === '/robots.txt') return { status: 404 };
      if (path === '/') return { body: Array.from({ length: 60 }, (_, i) => `<a href="/p/${i}">${i}</a>`).join('') };
      if (path === '/p/5' && k === 0) return { status: 500 };
      return { body: 'leaf' };
    });
    const sum = await crawl({ seeds: ['http://site.test/'], out: out(), clock, fetcher: s.fetcher, sitemaps: false, retryBaseMs: 2000 });
    assert.equal(sum.total.queued, 0);
    const tries = s.log.filter((h) => h.path === '/p/5');
    assert.equal(tries.length, 2);
    const gap = tries[1].start - tries[0].end;
    // Due 2 s after the failure: it takes the host's first slot from then (1 s latency, 10 ms requests).
    assert.ok(gap >= 2000 && gap <= 2000 + 1000 + 10, `retried ${gap} ms after the 500`);
    for (let k = 1; k < s.log.length; k++) assert.ok(s.log[k].start - s.log[k - 1].end >= 1000, 'still polite');
    assert.equal(new Set(s.log.map((h) => h.path)).size, s.log.length - 1, 'only /p/5 asked twice');
  });
});

describe('WARC header injection', () => {
  async function records(path: string): Promise<WarcRecordData[]> {
    const recs: WarcRecordData[] = [];
    for await (const it of readWarc(path)) { assert.ok(it.ok, it.ok ? '' : it.reason); recs.push(it.record); }
    return recs;
  }
  const allHeaders = (r: WarcRecordData): Array<[string, string]> => [...r.headers, ...(r.http?.headers ?? [])];

  test('a URL, header values, a status text and warcinfo fields with CR, LF and other controls add no header, and read back', async () => {
    const path = join(dir, 'inject.warc.gz');
    const w = await WarcWriter.open(path, { info: { operator: 'op\r\nWARC-Type: resource' } });
    await w.writeExchange({
      url: 'http://a.test/x\r\nWARC-Evil: uri', ip: '127.0.0.1\r\nWARC-Evil: ip',
      request: { method: 'GET', headers: [['user-agent', 'ua\r\nX-Evil: request']] },
      response: { status: 200, statusText: 'OK\r\nX-Evil: status', headers: [['content-type', 'text/html\r\n\r\nX-Evil: body'], ['x-c0', 'a\x00b\x1bc\td\x7fe']], body: enc('<p>hello</p>') },
    });
    await w.close();
    const recs = await records(path);
    assert.deepEqual(recs.map((r) => r.type), ['warcinfo', 'request', 'response']);
    for (const r of recs) {
      assert.ok(!allHeaders(r).some(([k]) => /evil/i.test(k)), JSON.stringify(allHeaders(r)));
      assert.equal(r.headers.filter(([k]) => k === 'WARC-Type').length, 1);
    }
    const [info, req, res] = recs;
    assert.equal(new TextDecoder().decode(info.payload), 'software: thresher\r\nformat: WARC File Format 1.1\r\noperator: op  WARC-Type: resource\r\n');
    assert.equal(req.url, 'http://a.test/x%0D%0AWARC-Evil:%20uri');
    assert.equal(res.url, req.url);
    assert.deepEqual(req.http!.headers, [['user-agent', 'ua  X-Evil: request']]);
    assert.equal(res.http!.statusline, 'HTTP/1.1 200 OK  X-Evil: status');
    assert.deepEqual(res.http!.headers, [['content-type', 'text/html    X-Evil: body'], ['x-c0', 'a b c\td e']]);
    assert.equal(new TextDecoder().decode(res.payload), '<p>hello</p>');
    assert.ok(res.headers.some(([k, v]) => k === 'WARC-IP-Address' && v === '127.0.0.1  WARC-Evil: ip'));
  });

  test('a header name or method that is no token is refused with E_WARC, and nothing is written', async () => {
    const path = join(dir, 'inject-name.warc');
    const w = await WarcWriter.open(path);
    const before = w.offset;
    await assert.rejects(w.writeExchange({ url: 'http://a.test/', request: { method: 'GET', headers: [['x\r\nEvil', '1']] }, response: { status: 200, headers: [], body: enc('') } }), { code: 'E_WARC' });
    await assert.rejects(w.writeExchange({ url: 'http://a.test/', request: { method: 'GET /evil HTTP/1.1\r\n', headers: [] }, response: { status: 200, headers: [], body: enc('') } }), { code: 'E_WARC' });
    assert.equal(w.offset, before);
    await w.close();
    assert.equal((await records(path)).length, 1, 'the warcinfo record alone');
  });

  test('the crawler: a user agent and a server\'s answer with CR LF add no header to its WARC', async () => {
    const clock = new VirtualClock();
    const fetcher: Fetcher = async (req) => ({
      url: req.url, status: new URL(req.url).pathname === '/robots.txt' ? 404 : 200, statusText: 'OK\r\nX-Evil: status', bodySkipped: false,
      headers: [['content-type', 'text/html'], ['x-note', 'a\r\nX-Evil: header']], body: enc('<p>page</p>'),
    });
    const file = out();
    await crawl({ seeds: ['http://site.test/'], out: file, clock, fetcher, sitemaps: false, userAgent: 'bot/1\r\nX-Evil: ua' });
    const recs = await records(file);
    assert.equal(recs.filter((r) => r.type === 'response').length, 2);
    for (const r of recs) assert.ok(!allHeaders(r).some(([k]) => /evil/i.test(k)), JSON.stringify(allHeaders(r)));
    const page = recs.find((r) => r.type === 'response' && r.url === 'http://site.test/')!;
    assert.ok(page.http!.headers.some(([k, v]) => k === 'x-note' && v === 'a  X-Evil: header'));
  });
});

describe('crawl --then run', () => {
  test('redirects, 404s, robots.txt and sitemaps are skipped as not pages, not counted as failures', async () => {
    const article = (t: string): string => `<!doctype html><html><head><title>${t}</title></head><body><article><h1>${t}</h1>`
      + Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i} of the ${t} article tells the harbour story at length, with enough words to be read as content by the cleaner.</p>`).join('')
      + '<a href="/a">a</a> <a href="/b">b</a> <a href="/old">old</a> <a href="/missing">missing</a></article></body></html>';
    let origin = '';
    const server = createServer((req, res) => {
      const send = (status: number, type: string, body: string, headers: Record<string, string> = {}): void => { res.writeHead(status, { 'content-type': type, ...headers }); res.end(body); };
      switch (req.url) {
        case '/robots.txt': return send(200, 'text/plain', `User-agent: *\nAllow: /\nSitemap: ${origin}/sitemap.xml\n`);
        case '/sitemap.xml': return send(200, 'application/xml', `<urlset><url><loc>${origin}/a</loc></url><url><loc>${origin}/b</loc></url></urlset>`);
        case '/old': return send(301, 'text/html', 'moved', { location: '/a' });
        case '/': case '/a': case '/b': return send(200, 'text/html; charset=utf-8', article(req.url === '/' ? 'home' : `page ${req.url.slice(1)}`));
        default: return send(404, 'text/html', '<p>not found</p>');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const warc = join(dir, 'then.warc.gz');
      const child = spawn(process.execPath, [CLI, 'crawl', `${origin}/`, '--out', warc, '--delay', '0', '--then', 'run', '--run-out', join(dir, 'then-run'), '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '', stderr = '';
      child.stdout.on('data', (d) => { stdout += d; });
      child.stderr.on('data', (d) => { stderr += d; });
      const code = await new Promise<number | null>((r) => child.on('close', (c) => r(c)));
      assert.equal(code, 0, stderr);
      const run = JSON.parse(stdout.trim().split('\n').pop()!);
      assert.equal(run.pages, 3, 'the home page, /a and /b');
      assert.equal(run.failures, 0, JSON.stringify(run.failuresByCode));
      assert.deepEqual(run.notPages, { count: 4, byReason: { 'not-html': 2, 'http-301': 1, 'http-404': 1 } });
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

test('crawl --help lists the caps, the progress option and --assets', async () => {
  const child = spawn(process.execPath, [CLI, 'crawl', '--help'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  child.stdout.on('data', (d) => { stdout += d; });
  assert.equal(await new Promise((r) => child.on('close', r)), 0);
  for (const flag of ['--max-links-per-page', '--max-frontier', '--max-crawl-delay', '--progress-every', '--retries', '--assets', '--max-assets-per-page', '--max-asset-bytes']) assert.ok(stdout.includes(flag), flag);
});
