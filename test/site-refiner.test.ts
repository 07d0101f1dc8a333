/** The page/site seam: ExtractOptions.site refines every page-level labeling before rendering. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extract, type SiteRefiner } from '../src/index.js';
import { NOISE } from '../src/page/labels.js';

const PAGE = `<html><head><title>T</title></head><body>
<nav id="menu"><a href="/">Home</a> <a href="/a">About</a></nav>
<article><h1>Rivers of the north</h1>
<p>The rivers of the north run cold and fast in spring, carrying the melt of a long winter down to the sea.</p>
<p class="tmpl">Every page of this site ends with this same sentence about subscriptions, which is template text.</p>
<p>Fishermen wait for the ice to break before they take their boats out onto the wide brown water again.</p>
</article></body></html>`;

test('site refiner: its NOISE marks remove template text the page level kept; the rest is left to the page level', () => {
  const plain = extract(PAGE);
  assert.match(plain.text, /same sentence about subscriptions/);
  const seen: string[] = [];
  const site: SiteRefiner = {
    host: 'example.org',
    refine(doc, labels) {
      seen.push(labels.constructor.name);
      for (const el of doc.elements) if (el.attr('class') === 'tmpl') labels.set(el, NOISE, 'site template');
      return labels;
    },
  };
  const r = extract(PAGE, { site });
  assert.ok(seen.length >= 1);
  assert.doesNotMatch(r.text, /subscriptions/);
  assert.match(r.text, /rivers of the north run cold/);
  assert.match(r.text, /Fishermen wait/);
});

test('site refiner: it is applied to every attempt of the fallback cascade', () => {
  let calls = 0;
  const site: SiteRefiner = { host: 'example.org', refine(doc, labels) { calls++; for (const el of doc.elements) labels.set(el, NOISE, 'all template'); return labels; } };
  const r = extract(PAGE, { site });
  assert.equal(r.text, '');
  assert.equal(calls, r.attempts.length);
  assert.ok(r.attempts.length > 1);
});
