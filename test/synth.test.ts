import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHTML } from 'linkedom';
import fc from 'fast-check';
import { synthSite, synthArticles, renderSynthPage, SYNTH_TEMPLATES, type SynthPage } from '../src/synth/index.js';

/** The page's visible text as a browser shows it: body text without script/style/head. */
function visibleText(html: string): string {
  const { document } = parseHTML(html);
  for (const el of [...document.querySelectorAll('script, style, template')]) el.remove();
  return (document.body?.textContent ?? '').replace(/\s+/g, ' ');
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

test('synth: the same seed gives the same site, byte for byte; another seed another site', () => {
  const a = synthSite({ seed: 7, pages: 6 }), b = synthSite({ seed: 7, pages: 6 });
  assert.deepEqual(a, b);
  const c = synthSite({ seed: 8, pages: 6 });
  assert.notEqual(a[0].html, c[0].html);
  assert.deepEqual(synthArticles(3, 5), synthArticles(3, 5));
});

test('synth: every truth line appears verbatim, in order, in the page\'s visible text', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.constantFrom(...SYNTH_TEMPLATES, 'mixed'), fc.boolean(), (seed, template, drift) => {
    for (const page of synthSite({ seed, pages: 3, template, drift, driftAfter: 1 })) {
      const text = visibleText(page.html);
      let from = 0;
      for (const line of page.truth.split('\n')) {
        const at = text.indexOf(norm(line), from);
        assert.ok(at >= 0, `${page.template}: truth line missing or out of order: ${line.slice(0, 60)}`);
        from = at + norm(line).length;
      }
    }
  }), { numRuns: 40 });
});

test('synth: the truth is only a part of the page: chrome, related links and an ad surround it', () => {
  for (const template of SYNTH_TEMPLATES) {
    const [page] = synthSite({ seed: 11, pages: 1, template });
    const text = visibleText(page.html);
    const truthWords = page.truth.split(/\s+/).length, pageWords = text.split(/\s+/).length;
    assert.ok(pageWords > truthWords + 60, `${template}: ${pageWords} page words vs ${truthWords} truth words`);
    assert.match(page.html, /ads\.example\/click/, `${template} has an ad`);
    assert.match(text, /\d/, `${template} has numbers in its chrome`);
  }
});

test('synth: the templates differ in markup, not only in words', () => {
  const article = synthArticles(5, 1, { lang: 'en' })[0];
  const classSets = SYNTH_TEMPLATES.map((t) => {
    const html = renderSynthPage(article, t, { seed: 1, host: 'h.example' }).html;
    return new Set([...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1].split(' ')));
  });
  for (let i = 0; i < classSets.length; i++) {
    for (let j = i + 1; j < classSets.length; j++) {
      const shared = [...classSets[i]].filter((c) => classSets[j].has(c)).length;
      const union = new Set([...classSets[i], ...classSets[j]]).size;
      assert.ok(shared / union < 0.5, `${SYNTH_TEMPLATES[i]} and ${SYNTH_TEMPLATES[j]} share ${shared}/${union} classes`);
    }
  }
  assert.ok(SYNTH_TEMPLATES.length >= 5);
});

test('synth: pages of one site share their chrome and differ in their article and per-page blocks', () => {
  const pages = synthSite({ seed: 21, pages: 4, template: 'news', lang: 'en' });
  const footers = pages.map((p) => p.html.match(/<footer[\s\S]*?<\/footer>/)![0]);
  assert.equal(new Set(footers).size, 1);
  const related = pages.map((p) => p.html.match(/<section class="related">[\s\S]*?<\/section>/)![0]);
  assert.equal(new Set(related).size, 4);
  const ads = pages.map((p) => p.html.match(/ads\.example\/click\?c=\d+/)![0]);
  assert.equal(new Set(ads).size, 4);
  assert.equal(new Set(pages.map((p) => p.url)).size, 4);
  assert.ok(pages.every((p) => p.host === pages[0].host && p.url.startsWith(`https://${p.host}/`)));
});

test('synth: mixed sites rotate over every template on one host; drift changes the template after page k', () => {
  const mixed = synthSite({ seed: 2, pages: 10, template: 'mixed' });
  assert.deepEqual(new Set(mixed.map((p) => p.template)), new Set(SYNTH_TEMPLATES));
  assert.equal(new Set(mixed.map((p) => p.host)).size, 1);
  const drifting: SynthPage[] = synthSite({ seed: 2, pages: 6, template: 'news', drift: true, driftAfter: 4 });
  assert.deepEqual(drifting.map((p) => p.drifted === true), [false, false, false, false, true, true]);
  assert.match(drifting[0].html, /class="article-body"/);
  assert.match(drifting[5].html, /class="story-body"/);
  const plain = synthSite({ seed: 2, pages: 6, template: 'news' });
  assert.equal(plain[0].html, drifting[0].html, 'drift leaves the pages before k alone');
});

test('synth: languages: English by default mix, and German, French and Chinese sites with their own chrome', () => {
  const langs = new Set(synthArticles(1, 200).map((a) => a.lang));
  assert.deepEqual(langs, new Set(['en', 'de', 'fr', 'zh']));
  const zh = synthSite({ seed: 4, pages: 1, template: 'news', lang: 'zh' })[0];
  assert.match(zh.truth, /[\u4e00-\u9fff]{10}/);
  assert.match(zh.html, /相关文章/);
  assert.match(zh.html, /<html lang="zh">/);
  const de = synthSite({ seed: 4, pages: 1, template: 'blog', lang: 'de' })[0];
  assert.match(de.html, /Das könnte Sie auch interessieren/);
});

test('synth: bad options are typed errors', () => {
  assert.throws(() => synthSite({ seed: 1, pages: 2, template: 'nope' }), { code: 'E_BAD_OPTION' });
  assert.throws(() => synthSite({ seed: 1, pages: -1 }), { code: 'E_BAD_OPTION' });
  assert.throws(() => renderSynthPage(synthArticles(1, 1)[0], 'nope', { seed: 1, host: 'x' }), { code: 'E_BAD_OPTION' });
});
