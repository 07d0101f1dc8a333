/** siteRefiner: a site model applied through extract(page, { site }), its combinations and its guards. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extract } from '../src/index.js';
import { learnSite, type SiteModel } from '../src/site/model.js';
import { siteRefiner } from '../src/site/refine.js';
import { synthSite, SYNTH_TEMPLATES, type SynthPage } from '../src/synth/index.js';
import { wcxbWordF1 } from '../src/eval/metrics.js';

const f1 = (pred: string, truth: string) => wcxbWordF1(pred, truth)[2];
const learn = (ps: SynthPage[]) => learnSite(ps.map((p) => ({ url: p.url, html: p.html })));

/**
 * Page-level and site-model F1 of each page. The synthetic truth starts with the headline: `title:
 * true`; `byline: true` keeps the template's byline lines at page level (the contract cuts them by
 * their shape otherwise), so that these tests see the model find template text by itself.
 */
function compare(model: SiteModel, ps: SynthPage[], options = {}) {
  const site = siteRefiner(model, options);
  return ps.map((p) => {
    const page = extract(p.html, { url: p.url, title: true, byline: true });
    const withSite = extract(p.html, { url: p.url, site, title: true, byline: true });
    return { page: f1(page.text, p.truth), site: f1(withSite.text, p.truth), pageText: page.text, siteText: withSite.text, diagnostics: withSite.diagnostics };
  });
}

test('site refiner: template lines the page level kept are removed; every truth line stays', () => {
  const pages = synthSite({ seed: 51, pages: 14, template: 'news', lang: 'en' });
  const model = learn(pages.slice(0, 10));
  for (const r of compare(model, pages.slice(10))) {
    assert.ok(r.site >= r.page, `site ${r.site} < page ${r.page}`);
    assert.deepEqual(r.diagnostics.filter((d) => d.code.startsWith('W_SITE')), []);
  }
  const [r] = compare(model, pages.slice(10, 11));
  // the byline's counters are template text inside the article
  assert.match(r.pageText, /Updated \d+ (hours|minutes) ago/);
  assert.doesNotMatch(r.siteText, /Updated \d+ (hours|minutes) ago/);
  for (const line of pages[10].truth.split('\n')) assert.ok(r.siteText.includes(line), `lost: ${line}`);
});

test('site refiner: the model lifts F1 on every template and language, and never lowers a page by more than 0.02', () => {
  for (const [i, template] of SYNTH_TEMPLATES.entries()) {
    for (const lang of ['en', 'de', 'zh'] as const) {
      const pages = synthSite({ seed: 60 + i, pages: 9, template, lang });
      const rs = compare(learn(pages.slice(0, 6)), pages.slice(6));
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      assert.ok(mean(rs.map((r) => r.site)) >= mean(rs.map((r) => r.page)) - 0.005, `${template}/${lang}`);
      for (const r of rs) assert.ok(r.site >= r.page - 0.02, `${template}/${lang}: ${r.page} → ${r.site}`);
    }
  }
});

test('site refiner: combine "text-units" removes whole template units only; "text" also template runs inside kept units', () => {
  const pages = synthSite({ seed: 52, pages: 12, template: 'blog', lang: 'en' });
  const model = learn(pages.slice(0, 10));
  const [units] = compare(model, pages.slice(10, 11), { combine: 'text-units' });
  const [trim] = compare(model, pages.slice(10, 11), { combine: 'text' });
  assert.ok(trim.siteText.length <= units.siteText.length);
  assert.ok(units.siteText.length <= units.pageText.length);
  assert.throws(() => siteRefiner(model, { combine: 'nope' as never }), { code: 'E_BAD_OPTION' });
  assert.throws(() => siteRefiner(model, { unitShare: 2 }), { code: 'E_BAD_OPTION' });
  assert.throws(() => siteRefiner({ ...model, version: 3 } as never), { code: 'E_SITE_MODEL' });
  // a model handed to extract() as is, or anything else that is not a refiner: a typed error saying what to do
  const page = synthSite({ seed: 55, pages: 1, template: 'news', lang: 'en' })[0];
  assert.throws(() => extract(page.html, { site: model as never }), { code: 'E_BAD_OPTION', message: /siteRefiner\(model\)/ });
  assert.throws(() => extract(page.html, { site: {} as never }), { code: 'E_BAD_OPTION', message: /SiteRefiner/ });
});

test('failure mode: a model for another host falls back to page level with W_SITE_HOST, or throws E_SITE_HOST when strict', () => {
  const mine = synthSite({ seed: 53, pages: 6, template: 'news', lang: 'en' });
  const theirs = synthSite({ seed: 54, pages: 1, template: 'news', lang: 'en' })[0];
  const model = learn(mine);
  const page = extract(theirs.html, { url: theirs.url });
  const r = extract(theirs.html, { url: theirs.url, site: siteRefiner(model) });
  assert.equal(r.text, page.text);
  assert.ok(r.diagnostics.some((d) => d.code === 'W_SITE_HOST' && /news-54\.example/.test(d.message)));
  assert.throws(() => extract(theirs.html, { url: theirs.url, site: siteRefiner(model, { strictHost: true }) }), { code: 'E_SITE_HOST' });
  // without a URL the host cannot be checked: the model is applied
  assert.ok(!extract(theirs.html, { site: siteRefiner(model) }).diagnostics.some((d) => d.code === 'W_SITE_HOST'));
});

test('failure mode: several templates on one host — the model never makes a page worse by more than 0.02', () => {
  const pages = synthSite({ seed: 55, pages: 25, template: 'mixed', lang: 'en' });
  const rs = compare(learn(pages.slice(0, 20)), pages.slice(20));
  for (const r of rs) assert.ok(r.site >= r.page - 0.02, `${r.page} → ${r.site}`);
});

test('failure mode: a page type the sample lacks — no harm, and the fit guard says so when it does not fit', () => {
  const host = 'lack.example';
  const sample = synthSite({ seed: 56, pages: 10, template: 'docs', host, lang: 'en' });
  const other = synthSite({ seed: 57, pages: 4, template: 'forum', host, lang: 'en' });
  const rs = compare(learn(sample), other);
  for (const r of rs) assert.ok(r.site >= r.page - 0.02, `${r.page} → ${r.site}`);
  // a page with nothing of the template: the guard falls back and says why
  const bare = `<html><body><article><h1>A page of another kind</h1>${'<p>Nothing on this page comes from the site template, every sentence here is new and says something else entirely.</p>'.repeat(4)}</article></body></html>`;
  const r = extract(bare, { url: `https://${host}/bare`, site: siteRefiner(learn(sample)) });
  assert.equal(r.text, extract(bare, { url: `https://${host}/bare` }).text);
  assert.ok(r.diagnostics.some((d) => d.code === 'W_SITE_FIT' && /template text/.test(d.message)), JSON.stringify(r.diagnostics));
});

test('failure mode: template drift — pages after the redesign are never made worse by more than 0.02', () => {
  const pages = synthSite({ seed: 58, pages: 16, template: 'news', drift: true, driftAfter: 10, lang: 'en' });
  const rs = compare(learn(pages.slice(0, 10)), pages.slice(10));
  for (const r of rs) assert.ok(r.site >= r.page - 0.02, `${r.page} → ${r.site}`);
});

test('loss guard: a model that would strip most of the page-level text is not applied (W_SITE_LOSS)', () => {
  // two near-copies of the same article: with two pages, everything they share looks like template
  const [a] = synthSite({ seed: 59, pages: 1, template: 'news', lang: 'en' });
  const b = { ...a, url: a.url + '?print=1', html: a.html.replace('Updated', 'Edited') };
  const model = learn([a, b]);
  const r = extract(a.html, { url: a.url, site: siteRefiner(model) });
  assert.ok(r.diagnostics.some((d) => d.code === 'W_SITE_LOSS'), JSON.stringify(r.diagnostics));
  assert.equal(r.text, extract(a.html, { url: a.url }).text);
  // without the guard the first attempt loses most of its text, and extract's cascade takes over
  const off = extract(a.html, { url: a.url, site: siteRefiner(model, { maxRemovedShare: 1, minFit: 0 }) });
  assert.ok(!off.diagnostics.some((d) => d.code === 'W_SITE_LOSS'));
  assert.ok(off.attempts[0].chars < r.attempts[0].chars / 2, JSON.stringify(off.attempts));
});
