/**
 * Hostile input to the crawler (issue 25): remote sitemaps, robots.txt and pages written to
 * hurt, and dead hosts. Each test failed before its fix. Time bounds compare the time at n with
 * the time at 10·n (linear work gives about 10×), never seconds.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseSitemap } from '../../src/crawl/sitemap.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-crawl-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

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
      (k: number) => '<urlset><url><loc>' + '<'.repeat(5 * k) + '>',
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
