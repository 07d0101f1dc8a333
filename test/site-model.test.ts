/** SiteModel: learning, determinism, JSON round trip, damaged files, bad samples. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { learnSite, learnSites, loadSiteModel, validateSiteModel, hostOf, pageDoc, SITE_MODEL_KIND, SITE_MODEL_VERSION } from '../src/site/model.js';
import { learnStyleTree, pageSkeleton, StyleTreeBuilder } from '../src/site/style-tree.js';
import { synthSite } from '../src/synth/index.js';

const site = synthSite({ seed: 31, pages: 8, template: 'news', lang: 'en' });
const pages = site.map((p) => ({ url: p.url, html: p.html }));

test('site model: one versioned JSON object per host, with the text templates and what they were learned from', () => {
  const m = learnSite(pages, { date: '2024-05-01' });
  assert.equal(m.kind, SITE_MODEL_KIND);
  assert.equal(m.version, SITE_MODEL_VERSION);
  assert.equal(m.host, 'news-31.example');
  assert.equal(m.learnedFrom.pages, 8);
  assert.equal(m.learnedFrom.distinct, 8);
  assert.deepEqual(m.learnedFrom.urls, [...pages.map((p) => p.url)].sort());
  assert.match(m.learnedFrom.urlsHash, /^[0-9a-f]{16}$/);
  assert.equal(m.learnedFrom.date, '2024-05-01');
  assert.ok(m.textTemplates.templates.length > 5);
  // the chrome is learned: the cookie banner and the footer are templates
  const patterns = m.textTemplates.templates.map((t) => t.pattern).join('\n');
  assert.match(patterns, /cookies/);
  assert.match(patterns, /All rights reserved/);
  assert.ok(m.fit.coverage.min > 0 && m.fit.coverage.min <= m.fit.coverage.median && m.fit.coverage.median <= m.fit.coverage.max && m.fit.coverage.max < 1);
  // paper 001's style tree rides along (and can be left out)
  assert.equal(m.styleTree?.kind, 'thresher.style-tree');
  assert.equal(m.styleTree?.pages, 8);
  assert.equal(learnSite(pages, { styleTree: false }).styleTree, undefined);
  assert.deepEqual(loadSiteModel(JSON.stringify(m)), m);
});

test('site model: the same pages in any order give the same model (property)', () => {
  const small = pages.slice(0, 5);
  const ref = JSON.stringify(learnSite(small));
  fc.assert(fc.property(fc.shuffledSubarray(small, { minLength: 5, maxLength: 5 }), (order) => {
    assert.equal(JSON.stringify(learnSite(order)), ref);
  }), { numRuns: 15 });
  // duplicates do not change what was learned, only the page count
  const dup = learnSite([...small, small[0], small[2]]);
  assert.deepEqual(dup.textTemplates, JSON.parse(ref).textTemplates);
  assert.equal(dup.learnedFrom.pages, 7);
  assert.equal(dup.learnedFrom.distinct, 5);
});

test('site model: past maxTextPages the text templates come from a hash-chosen sample, the same in any order', () => {
  const a = learnSite(pages, { maxTextPages: 4 });
  const b = learnSite([...pages].reverse(), { maxTextPages: 4 });
  assert.equal(a.learnedFrom.textPages, 4);
  assert.equal(a.learnedFrom.distinct, 8);
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.equal(learnSite(pages).learnedFrom.textPages, undefined);
  assert.throws(() => learnSite(pages, { maxTextPages: 1 }), { code: 'E_BAD_OPTION' });
});

test('site model: past maxStylePages the style tree comes from a hash-chosen sample, the same in any order', () => {
  const a = learnSite(pages, { maxStylePages: 4 });
  const b = learnSite([...pages].reverse(), { maxStylePages: 4 });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.equal(a.learnedFrom.stylePages, 4);
  assert.equal(a.styleTree?.pages, 4);
  assert.equal(a.learnedFrom.textPages, undefined); // the text sample is separate (400 by default)
  // the text templates and the style tree use the same hash order: 4 text pages are the 4 style pages
  const both = learnSite(pages, { maxStylePages: 4, maxTextPages: 4 });
  assert.equal(both.learnedFrom.textPages, 4);
  assert.throws(() => learnSite(pages, { maxStylePages: 1 }), { code: 'E_BAD_OPTION' });
});

test('site model: under maxStylePages its style tree is the one learnStyleTree builds from every page (skeletons merge like pages)', () => {
  const m = learnSite(pages);
  assert.equal(m.learnedFrom.stylePages, undefined);
  const docs = pages.map((p) => pageDoc(p)!);
  assert.deepEqual(m.styleTree, learnStyleTree(docs));
  const b = new StyleTreeBuilder();
  for (const d of docs) assert.equal(b.addSkeleton(pageSkeleton(d, b.options)), true);
  assert.equal(b.addSkeleton(pageSkeleton(docs[0], b.options)), false); // a replica, counted once
  assert.deepEqual(b.finish(), m.styleTree && { ...m.styleTree, learnedFrom: { inputs: 9, duplicates: 1 } });
});

test('site model: a damaged file, another kind or another version is a clear E_SITE_MODEL', () => {
  const json = JSON.stringify(learnSite(pages.slice(0, 3)));
  assert.throws(() => loadSiteModel(json.slice(0, json.length - 40)), { code: 'E_SITE_MODEL', message: /not valid JSON/ });
  assert.throws(() => loadSiteModel('[]'), { code: 'E_SITE_MODEL' });
  const m = JSON.parse(json);
  assert.throws(() => loadSiteModel({ ...m, version: 2 }), { code: 'E_SITE_MODEL', message: /version 2 is not the supported version 1/ });
  assert.throws(() => loadSiteModel({ ...m, kind: 'thresher.text-templates' }), { code: 'E_SITE_MODEL', message: /not a site model/ });
  assert.throws(() => loadSiteModel({ ...m, host: '' }), { code: 'E_SITE_MODEL', message: /host/ });
  assert.throws(() => loadSiteModel({ ...m, fit: { coverage: { min: 2, median: 0, max: 0 } } }), { code: 'E_SITE_MODEL', message: /fit/ });
  assert.throws(() => loadSiteModel({ ...m, textTemplates: { ...m.textTemplates, templates: [{ tokens: [] }] } }), { code: 'E_SITE_MODEL', message: /textTemplates/ });
  assert.throws(() => loadSiteModel({ ...m, textTemplates: { ...m.textTemplates, version: 9 } }), { code: 'E_SITE_MODEL', message: /textTemplates/ });
  assert.throws(() => loadSiteModel({ ...m, styleTree: { ...m.styleTree, version: 7 } }), { code: 'E_SITE_MODEL', message: /styleTree: style tree \(version\)/ });
  assert.throws(() => loadSiteModel({ ...m, styleTree: { ...m.styleTree, elements: [{ key: 'x' }] } }), { code: 'E_SITE_MODEL', message: /styleTree/ });
  assert.doesNotThrow(() => validateSiteModel(m));
});

test('site model: one page, identical pages and pages of several hosts are refused with E_SITE_SAMPLE', () => {
  assert.throws(() => learnSite(pages.slice(0, 1)), { code: 'E_SITE_SAMPLE', message: /one page of news-31\.example/ });
  assert.throws(() => learnSite([pages[0], { ...pages[0] }, { ...pages[0] }]), { code: 'E_SITE_SAMPLE', message: /all 3 pages .* are the same page/ });
  const other = synthSite({ seed: 32, pages: 2, template: 'blog', lang: 'en' }).map((p) => ({ url: p.url, html: p.html }));
  assert.throws(() => learnSite([...pages.slice(0, 3), ...other]), (e: Error & { code?: string; details?: { hosts?: Record<string, number> } }) => {
    assert.equal(e.code, 'E_SITE_SAMPLE');
    assert.match(e.message, /2 hosts: news-31\.example \(3\), blog-32\.example \(2\)/);
    assert.match(e.message, /learnSites/);
    assert.deepEqual(e.details?.hosts, { 'news-31.example': 3, 'blog-32.example': 2 });
    return true;
  });
  assert.throws(() => learnSite(pages.slice(0, 3), { host: 'elsewhere.example' }), { code: 'E_SITE_SAMPLE' });
  assert.throws(() => learnSite(pages.map((p) => ({ html: p.html }))), { code: 'E_BAD_OPTION', message: /options\.host/ });
  assert.throws(() => learnSite([{ url: 'not a url', html: '<p>x</p>' }, { url: 'not a url', html: '<p>y</p>' }]), { code: 'E_BAD_OPTION' });
  assert.throws(() => learnSite('nope' as never), { code: 'E_BAD_OPTION' });
});

test('site model: pages without URLs take options.host; pages over the size budget are skipped and counted', () => {
  const m = learnSite(pages.map((p) => ({ html: p.html })), { host: 'WWW.News-31.Example' });
  assert.equal(m.host, 'news-31.example');
  const huge = { url: pages[0].url.replace(/\/[^/]*$/, '/huge'), html: `<html><body><p>${'word '.repeat(60_000)}</p></body></html>` };
  const m2 = learnSite([...pages.slice(0, 3), huge], { budget: { maxBytes: 100_000 } });
  assert.equal(m2.learnedFrom.skipped, 1);
  assert.equal(m2.learnedFrom.pages, 4);
  assert.throws(() => learnSite([pages[0], huge], { budget: { maxBytes: 100_000 } }), { code: 'E_SITE_SAMPLE', message: /over budget\.maxBytes/ });
  const bytes = learnSite(pages.slice(0, 3).map((p) => ({ url: p.url, html: new TextEncoder().encode(p.html) })));
  assert.deepEqual(bytes.textTemplates, learnSite(pages.slice(0, 3)).textTemplates);
});

test('learnSites: one model per host, hosts with too few pages named in skipped, idioms filtered across hosts', () => {
  const a = synthSite({ seed: 41, pages: 4, template: 'news', lang: 'en' });
  const b = synthSite({ seed: 42, pages: 3, template: 'docs', lang: 'en' });
  const c = synthSite({ seed: 43, pages: 3, template: 'shop', lang: 'en' });
  const lone = synthSite({ seed: 44, pages: 1, template: 'blog', lang: 'en' });
  const all = [...a, ...b, ...c, ...lone].map((p) => ({ url: p.url, html: p.html }));
  const { models, skipped } = learnSites(all);
  assert.deepEqual(models.map((m) => m.host), ['docs-42.example', 'news-41.example', 'shop-43.example']);
  assert.deepEqual(skipped.map((s) => [s.host, s.pages]), [['blog-44.example', 1]]);
  // with 3 hosts the cross-site filter is off by default; on, the chrome these hosts share (the
  // same cookie banner, "Sign in", "Related articles") is an idiom (paper 004 §3.3) and leaves the models
  assert.ok(models.every((m) => m.textTemplates.counts.idioms === 0));
  const filtered = learnSites(all, { crossSiteIdioms: true }).models;
  assert.ok(filtered.every((m, i) => m.textTemplates.counts.idioms > 0 && m.textTemplates.templates.length < models[i].textTemplates.templates.length));
  assert.throws(() => learnSites([{ html: '<p>x</p>' }]), { code: 'E_BAD_OPTION' });
});

test('hostOf: lower case, no www., undefined for what is not a URL', () => {
  assert.equal(hostOf('https://WWW.Example.org/a?b'), 'example.org');
  assert.equal(hostOf('http://news.example.org:8080/'), 'news.example.org');
  assert.equal(hostOf('example.org/a'), undefined);
  assert.equal(hostOf(undefined), undefined);
});
