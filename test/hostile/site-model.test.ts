/**
 * Hostile input to site-model learning (issue 25, item 5): periodic text made every length of its
 * period a template (five pages of 'ab cd '.repeat(8000): 8,003 templates, a 513 MB model, 2.9 GB
 * of memory; five 96 KB pages: out of memory). The model must stay bounded by the template budget
 * and learning linear: the same generator at n and 10·n, the model's size compared, and the 10·n
 * run taking less than 3·10 times the n run (min of runs after a warm-up, a floor of 10 ms).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { learnSite, pageUnitLines, type SiteModel, type SitePage } from '../../src/site/model.js';
import { cleanText } from '../../src/site/clean.js';
import { DEFAULT_MAX_TEMPLATE_TOKENS, MAX_PERIOD } from '../../src/site/periodic.js';
import { synthSite } from '../../src/synth/index.js';
import { ThresherError } from '../../src/errors.js';

const NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo'];

/** Five pages of one periodic body; numbers are one slot to the tokenizer, so the pages differ by a word. */
function periodicPages(body: (i: number) => string): SitePage[] {
  return NAMES.map((name, i) => ({
    url: `https://periodic.example/${name}`,
    html: `<html><head><title>Page ${name}</title></head><body><h1>Page ${name}</h1><p>${body(i)}</p><p>This is the ${name} page.</p></body></html>`,
  }));
}

/** A root of `p` distinct words (none a function word): a period the collapse does not look for when p > MAX_PERIOD. */
function root(p: number): string {
  const word = (k: number) => 'zq' + String.fromCharCode(97 + (k % 26)) + String.fromCharCode(97 + Math.floor(k / 26) % 26);
  return Array.from({ length: p }, (_, k) => word(k)).join(' ') + ' ';
}

const CASES: { name: string; gen: (n: number) => SitePage[]; n: number }[] = [
  { name: "the issue's 'ab cd ' run", n: 800, gen: (n) => periodicPages(() => 'ab cd '.repeat(n)) },
  // runs that start and end at different shifts of the period, and differ in length
  { name: "'ab cd ' runs of mixed shifts and lengths", n: 800, gen: (n) => periodicPages((i) => 'cd '.repeat(i % 2) + 'ab cd '.repeat(n + i) + 'ab'.repeat(i % 3 === 0 ? 1 : 0)) },
  { name: 'a one-token run', n: 1600, gen: (n) => periodicPages(() => 'na '.repeat(n)) },
  // a period of 100 words is beyond MAX_PERIOD: the budget alone holds the model
  { name: 'a run of a 100-word root', n: 16, gen: (n) => periodicPages(() => root(100).repeat(n)) },
];

function size(m: SiteModel) {
  const t = m.textTemplates;
  return { templates: t.templates.length, tokens: t.templates.reduce((s, x) => s + x.tokens.length, 0), bytes: JSON.stringify(m).length };
}

function timed(pages: SitePage[]): { ms: number; model: SiteModel } {
  globalThis.gc?.();
  const t0 = performance.now();
  const model = learnSite(pages);
  return { ms: performance.now() - t0, model };
}

const RATIO_SLACK = 3, FLOOR_MS = 10, K = 10;

for (const c of CASES) {
  test(`hostile site model: ${c.name}: bounded by the template budget at n and 10·n, learned in linear time`, (t) => {
    const small = c.gen(c.n), big = c.gen(K * c.n);
    // The size bound first, at n: the unbounded learner already fails it there, quickly.
    const s = size(timed(small).model);
    assert.ok(s.tokens <= DEFAULT_MAX_TEMPLATE_TOKENS, `n=${c.n}: ${s.tokens} template tokens > the budget ${DEFAULT_MAX_TEMPLATE_TOKENS}`);
    let ms = Math.min(timed(small).ms, timed(small).ms);
    const first = timed(big);
    let bigMs = first.ms;
    const b = size(first.model);
    assert.ok(b.tokens <= DEFAULT_MAX_TEMPLATE_TOKENS, `10n: ${b.tokens} template tokens > the budget`);
    // 20,000 tokens of a few characters each, with their patterns, counts and the style tree
    assert.ok(b.bytes < 1_000_000, `10n: the model is ${b.bytes} bytes`);
    if (bigMs > RATIO_SLACK * K * Math.max(ms, FLOOR_MS)) { // once more: the first may have met a GC or a busy machine
      ms = Math.min(ms, timed(small).ms);
      bigMs = Math.min(bigMs, timed(big).ms);
    }
    t.diagnostic(`n=${c.n}: ${ms.toFixed(0)} ms, ${s.templates} templates, ${s.tokens} tokens, ${s.bytes} bytes; ` +
      `10n: ${bigMs.toFixed(0)} ms, ${b.templates} templates, ${b.tokens} tokens, ${b.bytes} bytes; ${(bigMs / Math.max(ms, FLOOR_MS)).toFixed(1)}×`);
    assert.ok(bigMs <= RATIO_SLACK * K * Math.max(ms, FLOOR_MS),
      `n: ${ms.toFixed(0)} ms, 10n: ${bigMs.toFixed(0)} ms: ${(bigMs / Math.max(ms, FLOOR_MS)).toFixed(1)}× for 10× the input (allowed ${RATIO_SLACK * K}×)`);
  });
}

test('hostile site model: a periodic run collapses to its period — a handful of templates whatever its length, the run still cleaned whole', () => {
  for (const n of [800, 8000]) {
    const pages = periodicPages(() => 'ab cd '.repeat(n));
    const m = learnSite(pages);
    const t = m.textTemplates;
    assert.ok(t.templates.length <= 4, `n=${n}: ${t.templates.length} templates: ${t.templates.slice(0, 5).map((x) => x.pattern).join(' / ')}`);
    assert.ok(t.counts.periodic! >= n - 10, `n=${n}: ${t.counts.periodic} periodic strings folded`);
    assert.equal(t.counts.overBudget, 0);
    assert.ok(t.templates.every((x) => x.tokens.length <= 2 * 2 + 1), 'no template longer than the family\'s shortest member');
    // what the model removes is what every length of the run removed: the whole run, and nothing else
    const lines = pageUnitLines(pages[0])!;
    const cleaned = cleanText(lines, t).text;
    assert.doesNotMatch(cleaned, /\bab cd\b/);
    assert.match(cleaned, /This is the alpha page\./);
  }
});

test('hostile site model: a root longer than MAX_PERIOD fills the budget and no more; what was cut is counted', () => {
  const m = learnSite(periodicPages(() => root(MAX_PERIOD + 36).repeat(60)));
  const t = m.textTemplates;
  const tokens = t.templates.reduce((s, x) => s + x.tokens.length, 0);
  assert.ok(tokens <= DEFAULT_MAX_TEMPLATE_TOKENS);
  assert.ok(t.counts.overBudget! > 0 && t.counts.overBudgetTokens! > 0, JSON.stringify(t.counts));
  assert.equal(t.options.maxTemplateTokens, DEFAULT_MAX_TEMPLATE_TOKENS);
});

test('site model budget: maxTemplateTokens bounds the templates, the strings in most pages first; the default leaves a normal site whole', () => {
  const pages = synthSite({ seed: 31, pages: 8, template: 'news', lang: 'en' }).map((p) => ({ url: p.url, html: p.html }));
  const full = learnSite(pages).textTemplates;
  assert.equal(full.counts.overBudget, 0, 'a normal site is far below the default budget');
  const cap = 40;
  const capped = learnSite(pages, { text: { maxTemplateTokens: cap } }).textTemplates;
  const tokens = capped.templates.reduce((s, x) => s + x.tokens.length, 0);
  assert.ok(tokens <= cap && tokens > 0, `${tokens} tokens`);
  assert.ok(capped.counts.overBudget! > 0 && capped.counts.overBudgetTokens! > 0);
  assert.equal(capped.options.maxTemplateTokens, cap);
  // budget order: no string left out was in more pages than every string kept
  const keptMinDocs = Math.min(...capped.templates.map((x) => x.docs));
  const maxDocs = Math.max(...full.templates.map((x) => x.docs));
  assert.equal(keptMinDocs, maxDocs, 'the budget is spent on the strings in the most pages first');
  assert.throws(() => learnSite(pages, { text: { maxTemplateTokens: 0 } }), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
});
