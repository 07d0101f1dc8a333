/**
 * The crawler's pure parts: URL normalisation (property tests), scope, link extraction,
 * sitemaps, robots.txt rules and availability, Retry-After, stored headers.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { normalizeUrl, hostKey } from '../src/crawl/url.js';
import { Scope } from '../src/crawl/scope.js';
import { extractLinks } from '../src/crawl/links.js';
import { parseSitemap } from '../src/crawl/sitemap.js';
import { RobotsCache, robotsToken } from '../src/crawl/robots.js';
import { retryAfterMs, storedHeaders } from '../src/crawl/fetcher.js';
import { ThresherError } from '../src/errors.js';

describe('normalizeUrl', () => {
  test('equivalent spellings become one URL', () => {
    const same = [
      'HTTP://Example.COM:80/a/./b/../c?x=1#frag',
      'http://example.com/a/c?x=1',
      'http://user:pw@example.com./a/%63?x=1',
      'http://example.com/a/c?x=1#',
    ];
    for (const u of same) assert.equal(normalizeUrl(u), 'http://example.com/a/c?x=1', u);
    assert.equal(normalizeUrl('https://example.com:443'), 'https://example.com/');
    assert.equal(normalizeUrl('http://example.com/%7euser/%2f?q=%7e%2a'), 'http://example.com/~user/%2F?q=~%2A');
    assert.equal(normalizeUrl('http://example.com/?'), 'http://example.com/');
    assert.equal(normalizeUrl('http://bücher.example/'), 'http://xn--bcher-kva.example/');
  });

  test('relative links resolve; non-http(s) and broken ones are null', () => {
    assert.equal(normalizeUrl('../x', 'http://a.test/b/c/d'), 'http://a.test/b/x');
    for (const u of ['mailto:x@y.z', 'javascript:void(0)', 'ftp://a.test/', 'http://', 'data:text/html,hi']) assert.equal(normalizeUrl(u), null, u);
  });

  test('query order is kept unless asked; parameters can be dropped', () => {
    assert.equal(normalizeUrl('http://a.test/?b=2&a=1'), 'http://a.test/?b=2&a=1');
    assert.equal(normalizeUrl('http://a.test/?b=2&a=1', undefined, { sortQuery: true }), 'http://a.test/?a=1&b=2');
    assert.equal(normalizeUrl('http://a.test/?utm_source=x&id=3', undefined, { dropParams: [/^utm_/] }), 'http://a.test/?id=3');
    assert.equal(normalizeUrl('http://a.test/?utm_source=x', undefined, { dropParams: [/^utm_/] }), 'http://a.test/');
  });

  test('property: idempotent, and case/port/fragment/escape variants agree', () => {
    const seg = fc.stringMatching(/^[a-zA-Z0-9._~-]{1,8}$/);
    fc.assert(fc.property(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      (u) => {
        const n = normalizeUrl(u);
        if (n === null) return;
        assert.equal(normalizeUrl(n), n);
      }), { numRuns: 200 });
    fc.assert(fc.property(fc.array(seg, { minLength: 1, maxLength: 4 }), fc.domain(), fc.boolean(), (segs, host, https) => {
      const scheme = https ? 'https' : 'http';
      const path = segs.join('/');
      const plain = normalizeUrl(`${scheme}://${host}/${path}`);
      const escaped = segs.map((x) => [...x].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')).join('/');
      const variants = [
        `${scheme.toUpperCase()}://${host.toUpperCase()}:${https ? 443 : 80}/${path}#top`,
        `${scheme}://${host}/${escaped}`,
        `${scheme}://${host}/x/../${path}`,
      ];
      for (const v of variants) assert.equal(normalizeUrl(v), plain, v);
    }), { numRuns: 300 });
  });

  test('hostKey keeps the port: two servers on one machine are two hosts', () => {
    assert.equal(hostKey('http://127.0.0.1:8080/x'), '127.0.0.1:8080');
    assert.notEqual(hostKey('http://127.0.0.1:8080/'), hostKey('http://127.0.0.1:8081/'));
  });
});

describe('Scope', () => {
  test('host, domain, prefix and any, with patterns and depth', () => {
    const seeds = ['http://www.site.test/docs/'];
    const host = new Scope(seeds);
    assert.ok(host.check('http://www.site.test/other', 1).ok);
    assert.deepEqual(host.check('http://blog.site.test/', 1), { ok: false, reason: 'host' });
    const domain = new Scope(seeds, { mode: 'domain' });
    assert.ok(domain.check('http://blog.site.test/', 1).ok);
    assert.ok(domain.check('http://site.test/', 1).ok);
    assert.deepEqual(domain.check('http://notsite.test/', 1), { ok: false, reason: 'domain' });
    const prefix = new Scope(seeds, { mode: 'prefix' });
    assert.ok(prefix.check('http://www.site.test/docs/a', 1).ok);
    assert.deepEqual(prefix.check('http://www.site.test/blog', 1), { ok: false, reason: 'prefix' });
    const pat = new Scope(seeds, { mode: 'any', include: [/\/docs\//], exclude: [/\.pdf$/], maxDepth: 2 });
    assert.ok(pat.check('http://elsewhere.test/docs/x', 2).ok);
    assert.deepEqual(pat.check('http://elsewhere.test/docs/x.pdf', 1), { ok: false, reason: 'exclude' });
    assert.deepEqual(pat.check('http://elsewhere.test/blog', 1), { ok: false, reason: 'include' });
    assert.deepEqual(pat.check('http://elsewhere.test/docs/x', 3), { ok: false, reason: 'depth' });
    assert.throws(() => new Scope(seeds, { maxPages: -1 }), ThresherError);
  });
});

describe('extractLinks', () => {
  test('anchors, areas, frames, link rel=next; <base>; nofollow; script and comments ignored', () => {
    const html = `<!doctype html><html><head><base href="/sub/"><link rel="next" href="p2"><link rel="stylesheet" href="s.css">
      <title><a href="/in-title"></title></head><body>
      <a href="a.html">A</a> <a rel="nofollow ugc" href="b.html">B</a> <a>no href</a>
      <map><area href="/area"></map><iframe src="/frame"></iframe>
      <script>document.write('<a href="/in-script">x</a>')</script><!-- <a href="/in-comment"> -->
      <textarea><a href="/in-textarea"></textarea><a href="  spaced.html ">S</a><a href="http://[bad">bad</a>
      <a href="/x?a=1&amp;b=2">amp</a></body></html>`;
    const r = extractLinks(html, 'http://a.test/dir/page');
    assert.deepEqual(r.links.map((l) => `${l.url}${l.nofollow ? ' nf' : ''}`), [
      'http://a.test/sub/p2', 'http://a.test/sub/a.html', 'http://a.test/sub/b.html nf', 'http://a.test/area',
      'http://a.test/frame', 'http://a.test/sub/spaced.html', 'http://a.test/x?a=1&b=2',
    ]);
    assert.equal(r.nofollow, false);
  });

  test('meta robots nofollow / noindex, for everyone or for our token', () => {
    assert.equal(extractLinks('<meta name="robots" content="noindex, nofollow">', 'http://a.test/').nofollow, true);
    assert.equal(extractLinks('<meta name="thresher" content="none">', 'http://a.test/').noindex, true);
    assert.equal(extractLinks('<meta name="otherbot" content="nofollow">', 'http://a.test/').nofollow, false);
  });

  test('property: never throws on any string', () => {
    fc.assert(fc.property(fc.string({ maxLength: 300 }), (s) => { extractLinks(`<a href="${s}">${s}</a>${s}`, 'http://a.test/'); }), { numRuns: 300 });
  });
});

describe('parseSitemap', () => {
  const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
  test('urlset, sitemap index, entities and CDATA, gzip, text', () => {
    const urlset = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>http://a.test/1?x=1&amp;y=2</loc><lastmod>2026-01-01</lastmod></url>
      <url><loc><![CDATA[http://a.test/2]]></loc></url><url><lastmod>no loc</lastmod></url></urlset>`;
    assert.deepEqual(parseSitemap(enc(urlset), 'http://a.test/sitemap.xml'), { urls: ['http://a.test/1?x=1&y=2', 'http://a.test/2'], sitemaps: [] });
    const index = `<sitemapindex><sitemap><loc>http://a.test/s1.xml.gz</loc></sitemap></sitemapindex>`;
    assert.deepEqual(parseSitemap(enc(index), 'http://a.test/'), { urls: [], sitemaps: ['http://a.test/s1.xml.gz'] });
    assert.deepEqual(parseSitemap(gzipSync(urlset), 'http://a.test/').urls.length, 2);
    assert.deepEqual(parseSitemap(enc('http://a.test/t1\nnot a url\nhttps://a.test/t2\n'), 'http://a.test/').urls, ['http://a.test/t1', 'https://a.test/t2']);
    assert.ok(parseSitemap(enc('<html><body>404</body></html>'), 'http://a.test/').error);
    assert.ok(parseSitemap(Uint8Array.from([0x1f, 0x8b, 1, 2, 3]), 'http://a.test/').error);
  });
});

describe('robots.txt', () => {
  test('rules for our token, then *; Crawl-delay; Sitemap lines', () => {
    const r = new RobotsCache(robotsToken('thresher/0.1 (+https://x.test)'));
    assert.equal(robotsToken('thresher/0.1 (+https://x.test)'), 'thresher');
    r.fromResponse('a.test', 'http://a.test', 200, 'User-agent: *\nDisallow: /\n\nUser-agent: thresher\nDisallow: /private\nAllow: /private/ok\nCrawl-delay: 3\n\nSitemap: http://a.test/sm.xml\n', 0);
    assert.equal(r.verdict('a.test', 'http://a.test/page'), 'allow');
    assert.equal(r.verdict('a.test', 'http://a.test/private/x'), 'disallow');
    assert.equal(r.verdict('a.test', 'http://a.test/private/ok/y'), 'allow');
    assert.equal(r.crawlDelayMs('a.test'), 3000);
    assert.deepEqual(r.sitemaps('a.test'), ['http://a.test/sm.xml']);
    const other = new RobotsCache('otherbot');
    other.fromResponse('a.test', 'http://a.test', 200, 'User-agent: *\nDisallow: /\n', 0);
    assert.equal(other.verdict('a.test', 'http://a.test/page'), 'disallow');
  });

  test('availability (RFC 9309): 4xx allows all, 5xx/429 disallows for a while, then gives up', () => {
    const r = new RobotsCache('thresher', { retryMs: 1000, maxFailures: 2 });
    assert.equal(r.verdict('h', 'http://h/x'), 'unknown');
    r.fromResponse('h', 'http://h', 404, '', 0);
    assert.equal(r.verdict('h', 'http://h/x'), 'allow');
    r.fromResponse('g', 'http://g', 503, '', 0);
    assert.equal(r.verdict('g', 'http://g/x'), 'unreachable');
    assert.equal(r.needsFetch('g', 500), false);
    assert.equal(r.needsFetch('g', 1000), true);
    r.fromResponse('g', 'http://g', 429, '', 1000);
    assert.equal(r.verdict('g', 'http://g/x'), 'given-up');
    r.fromResponse('g', 'http://g', 200, 'User-agent: *\nAllow: /\n', 2000);
    assert.equal(r.verdict('g', 'http://g/x'), 'allow');
  });
});

describe('fetch helpers', () => {
  test('Retry-After: seconds or an HTTP date', () => {
    assert.equal(retryAfterMs('120', 0), 120_000);
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    assert.equal(retryAfterMs('Wed, 21 Oct 2026 07:28:30 GMT', now), 30_000);
    assert.equal(retryAfterMs('soon', now), undefined);
    assert.equal(retryAfterMs(undefined, now), undefined);
  });

  test('stored headers describe the stored (decoded) body', () => {
    assert.deepEqual(storedHeaders([['content-type', 'text/html'], ['content-encoding', 'br'], ['transfer-encoding', 'chunked'], ['content-length', '10']], 42), [
      ['content-type', 'text/html'], ['x-thresher-content-encoding', 'br'], ['content-length', '42'],
    ]);
  });
});
