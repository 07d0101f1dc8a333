/** Cleaning with text templates (src/site/clean.ts, matcher.ts, intervals.ts): paper 004 §3.4. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { cleanText, validateTextTemplates } from '../src/site/clean.js';
import { learnTextTemplates, type TextTemplates } from '../src/site/templates.js';
import { tokenize } from '../src/site/tokenize.js';
import { TokenMatcher } from '../src/site/matcher.js';
import { uniteIntervals } from '../src/site/intervals.js';
import { isThresherError } from '../src/index.js';
import { handTemplates, syntheticSite } from './site-synthetic.js';

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const tokenTexts = (s: string) => { const t = tokenize(s); return Array.from(t.starts, (a, i) => s.slice(a, t.ends[i])); };

function isSubsequence(small: string[], big: string[]): boolean {
  let j = 0;
  for (const x of big) if (j < small.length && small[j] === x) j++;
  return j === small.length;
}

test('clean: the thesis §3.4.1 example — "aabb" with r1 = "aabb", r2 = "ab" is fully removed in either order', () => {
  for (const pats of [[['a', 'a', 'b', 'b'], ['a', 'b']], [['a', 'b'], ['a', 'a', 'b', 'b']]]) {
    const r = cleanText('x x x x x x x x x x x\na a b b\ny y y y y y y y y y y', handTemplates(pats, 0));
    assert.equal(r.text, 'x x x x x x x x x x x\ny y y y y y y y y y y');
  }
});

test('clean: interval union — overlapping occurrences are removed as one stretch', () => {
  const t = handTemplates([['A', 'B', 'C'], ['B', 'C', 'D']], 0);
  const text = 'keep this text A B C D and this too';
  const r = cleanText(text, t);
  assert.equal(r.text, 'keep this text and this too');
  assert.deepEqual(r.removed, [[text.indexOf('A'), text.indexOf('D') + 1]]);
});

test('clean: gap merging — a short gap between two removed intervals goes too, a long one stays', () => {
  const t = handTemplates([['Share', 'this'], ['Print', 'page']], 10);
  assert.equal(cleanText('Story text here. Share this - Email - Print page More story.', t).text, 'Story text here. More story.');
  assert.equal(cleanText('Story text here. Share this with your friends Print page More story.', t).text, 'Story text here. with your friends More story.');
  assert.equal(cleanText('Story text here. Share this - Email - Print page More story.', t, { mergeGapChars: 0 }).text, 'Story text here. - Email - More story.');
});

test('clean: slots match any date, number, URL of their class', () => {
  const t = handTemplates([['Posted', 'on', '{weekday}', '{ordinal}', '{month}', '{number}'], ['Visit', '{url}', 'now']]);
  const r = cleanText('Posted on Friday, 3rd June, 1999\nBody of the article stays.\nVisit https://example.org/x?y=1 now', t);
  assert.equal(r.text, 'Body of the article stays.');
});

test('clean: removing a template can bring a new occurrence together; cleaning runs to the fixpoint', () => {
  const t = handTemplates([['B1', 'B2'], ['A', 'C']], 0);
  const r = cleanText('intro words stay here A B1 B2 C and the rest stays', t);
  assert.equal(r.text, 'intro words stay here and the rest stays');
  assert.equal(r.stats.passes, 3);
});

test('clean: raw HTML — tags and text of the template go, the article stays and the output re-tokenizes the same', () => {
  const t = handTemplates([['<div', 'class="nav">', 'Home', '</div>'], ['<p>', 'Advert', '</p>']], 0);
  const html = '<body><div class="nav">Home</div><p>Advert</p><p>The story.</p></body>';
  const r = cleanText(html, t);
  assert.equal(r.text, '<body><p>The story.</p></body>');
  assert.equal(cleanText(r.text, t).text, r.text);
});

test('clean: a removed stretch is replaced by whitespace from it, never by new text', () => {
  const t = handTemplates([['X', 'Y']], 0);
  assert.equal(cleanText('a X Y b', t).text, 'a b');
  assert.equal(cleanText('a\nX Y\nb', t).text, 'a\nb');
  assert.equal(cleanText('a\n\nX Y\n\nb', t).text, 'a\n\nb');
  assert.equal(cleanText('X Y b', t).text, 'b');
  assert.equal(cleanText('a X Y', t).text, 'a');
  assert.equal(cleanText('X Y', t).text, '');
  assert.equal(cleanText('  nothing to do  ', t).text, '  nothing to do  ');
});

// ---------------------------------------------------------------- properties

const vocab = ['a', 'b', 'c', 'd', '<p>', '</p>', '7', 'Monday', 'x>', '<y'];
const toks = (max: number) => fc.array(fc.constantFrom(...vocab), { minLength: 1, maxLength: max });
const seps = fc.constantFrom(' ', '\n', '  ', '\n\n', '');
const textArb = fc.array(fc.tuple(fc.constantFrom(...vocab), seps), { maxLength: 60 }).map((xs) => xs.map(([w, s]) => w + s).join(''));
const templatesArb = fc.tuple(fc.array(toks(4), { minLength: 1, maxLength: 5 }), fc.integer({ min: 0, max: 6 }))
  .map(([pats, gap]) => handTemplates(pats.map((p) => p.map((w) => tokenize(w).keys[0])), gap));

test('clean: never adds text — the kept tokens are a subsequence of the input tokens (property)', () => {
  fc.assert(fc.property(textArb, templatesArb, (text, t) => {
    const r = cleanText(text, t);
    assert.ok(r.text.length <= text.length);
    assert.ok(isSubsequence(tokenTexts(r.text), tokenTexts(text)));
    assert.ok(isSubsequence(r.text.replace(/\s+/g, '').split(''), text.replace(/\s+/g, '').split('')));
  }), { numRuns: 500 });
});

test('clean: idempotent — cleaning the cleaned text changes nothing (property)', () => {
  fc.assert(fc.property(textArb, templatesArb, (text, t) => {
    const once = cleanText(text, t).text;
    const twice = cleanText(once, t);
    assert.equal(twice.text, once);
    assert.equal(twice.stats.removedTokens, 0);
  }), { numRuns: 500 });
});

test('clean: order-invariant — the order of the templates does not matter (property)', () => {
  fc.assert(fc.property(textArb, templatesArb, fc.infiniteStream(fc.nat()), (text, t, seeds) => {
    const shuffled = { ...t, templates: [...t.templates].map((x) => [seeds.next().value, x] as const).sort((p, q) => p[0] - q[0]).map((p) => p[1]) };
    assert.equal(cleanText(text, shuffled).text, cleanText(text, t).text);
  }), { numRuns: 300 });
});

test('clean: the removed intervals and the kept text partition the input tokens (property)', () => {
  fc.assert(fc.property(textArb, templatesArb, (text, t) => {
    const r = cleanText(text, t);
    const tk = tokenize(text);
    const kept: string[] = [];
    for (let i = 0; i < tk.keys.length; i++) {
      const gone = r.removed.some(([a, b]) => a <= tk.starts[i] && tk.ends[i] <= b);
      if (!gone) kept.push(text.slice(tk.starts[i], tk.ends[i]));
    }
    assert.deepEqual(tokenTexts(r.text), kept);
  }), { numRuns: 300 });
});

/**
 * The reference: §3.4.1 read literally and iterated — on the current token list, find every
 * occurrence of every template by direct comparison, unite the intervals, merge gaps of fewer
 * than mergeGapChars non-space characters, remove; repeat until nothing is removed.
 */
function bruteClean(text: string, t: TextTemplates): string[] {
  const tk = tokenize(text);
  let cur = tk.keys.map((k, i) => ({ k, s: text.slice(tk.starts[i], tk.ends[i]) }));
  const gapChars = t.options.mergeGapChars;
  for (;;) {
    const iv: Array<[number, number]> = [];
    for (const tp of t.templates) {
      for (let i = 0; i + tp.tokens.length <= cur.length; i++) {
        if (tp.tokens.every((k, j) => cur[i + j].k === k)) iv.push([i, i + tp.tokens.length - 1]);
      }
    }
    if (iv.length === 0) return cur.map((x) => x.s);
    iv.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const gone = new Uint8Array(cur.length);
    let [cs, ce] = iv[0];
    const flush = () => { for (let i = cs; i <= ce; i++) gone[i] = 1; };
    for (const [s, e] of iv.slice(1)) {
      let gap = 0;
      for (let i = ce + 1; i < s; i++) gap += cur[i].s.length;
      if (s <= ce + 1 || gap < Math.max(1, gapChars)) ce = Math.max(ce, e);
      else { flush(); [cs, ce] = [s, e]; }
    }
    flush();
    cur = cur.filter((_, i) => !gone[i]);
  }
}

test('clean: equals the literal §3.4.1 procedure iterated to its fixpoint (property)', () => {
  fc.assert(fc.property(textArb, templatesArb, (text, t) => {
    assert.deepEqual(tokenTexts(cleanText(text, t).text), bruteClean(text, t));
  }), { numRuns: 1000 });
});

test('clean: idempotent and never adding text with learned templates on a synthetic site (property)', () => {
  const pages = syntheticSite(30, 13);
  const m = learnTextTemplates(pages.slice(0, 20).map((p) => p.html));
  fc.assert(fc.property(fc.integer({ min: 0, max: 29 }), fc.integer({ min: 0, max: 29 }), fc.nat(), (i, j, cut) => {
    // Splice two pages at a random point: templates broken in the middle, partial occurrences.
    const a = pages[i].html, b = pages[j].html;
    const text = a.slice(0, cut % a.length) + b.slice(cut % b.length);
    const once = cleanText(text, m).text;
    assert.equal(cleanText(once, m).text, once);
    assert.ok(isSubsequence(words(once), words(text)) || isSubsequence(tokenTexts(once), tokenTexts(text)));
  }), { numRuns: 60 });
});

// ---------------------------------------------------------------- linear time, by operation counts

test('linear: one pass over an adversarial repetitive text costs at most 2 automaton steps per token', () => {
  // A regex like /(a\s+){200}b/ tried at every position would do ~200 steps per position.
  const n = 100_000;
  const t = handTemplates([[...Array(200).fill('a'), 'b'], ['a', 'a', 'c']], 0);
  const r = cleanText('a '.repeat(n), t);
  assert.equal(r.stats.removedTokens, 0);
  assert.equal(r.stats.passes, 1);
  assert.ok(r.stats.steps <= 2 * n + 10, `steps ${r.stats.steps} for ${n} tokens`);
});

test('linear: a cascade of n/2 fixpoint passes still costs O(n) steps (a^k b^k with template "a b")', () => {
  const k = 20_000;
  const text = 'a '.repeat(k) + 'b '.repeat(k);
  const r = cleanText(text, handTemplates([['a', 'b']], 0));
  assert.equal(r.text, '');
  assert.equal(r.stats.removedTokens, 2 * k);
  assert.equal(r.stats.passes, k);
  assert.ok(r.stats.steps <= 4 * 2 * k, `steps ${r.stats.steps} for ${2 * k} tokens`);
});

test('linear: steps grow linearly with the text on periodic inputs with many nested templates (property)', () => {
  const pats = [['a', 'b', 'a', 'b', 'a', 'c'], ['b', 'a', 'b'], ['a', 'b', 'a', 'b', 'a', 'b', 'a', 'b', 'd'], ['b', 'b']];
  fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 1, maxLength: 8 }), fc.integer({ min: 100, max: 3000 }), (period, reps) => {
    const text = Array.from({ length: period.length * reps }, (_, i) => period[i % period.length]).join(' ');
    const r = cleanText(text, handTemplates(pats, 0));
    // Each pass re-reads only near junctions; every junction follows ≥ 2 removed tokens.
    assert.ok(r.stats.steps <= 2 * r.stats.tokens + 2 * 9 * r.stats.removedTokens + 10, `steps ${r.stats.steps}, tokens ${r.stats.tokens}`);
  }), { numRuns: 100 });
});

test('linear: the automaton itself — failure moves are amortized (matcher unit test)', () => {
  const m = new TokenMatcher([[0, 0, 0, 0, 1], [0, 2]]);
  const counter = { steps: 0 };
  let s = 0, found = 0;
  for (let i = 0; i < 10_000; i++) { s = m.step(s, i % 7 === 6 ? 1 : 0, counter); if (m.longestAt(s) > 0) found++; }
  assert.ok(counter.steps <= 2 * 10_000);
  assert.equal(found, Math.floor(10_000 / 7));
  assert.equal(m.step(3, -1), 0);
});

test('intervals: union with gap merging handles starts that reach back over earlier intervals', () => {
  const chars = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  const gap = (a: number, b: number, cap: number) => { let s = 0; for (let i = a + 1; i < b && s < cap; i++) s += chars[i]; return s; };
  assert.deepEqual(uniteIntervals([2, 6, 1], [3, 7, 8], 3, 0, gap), [1, 8]);
  assert.deepEqual(uniteIntervals([0, 5], [1, 6], 2, 0, gap), [0, 1, 5, 6]);
  assert.deepEqual(uniteIntervals([0, 5], [1, 6], 2, 4, gap), [0, 6]);
  assert.deepEqual(uniteIntervals([0, 2], [1, 3], 2, 0, gap), [0, 3]); // adjacent
});

// ---------------------------------------------------------------- bad input

test('bad input: a damaged or foreign templates object is E_MODEL, saying what is wrong', () => {
  const good = handTemplates([['a', 'b']]);
  const model = (e: unknown, reason: string) => isThresherError(e) && e.code === 'E_MODEL' && (e.details as { reason: string }).reason === reason;
  assert.throws(() => cleanText('a b', null as unknown as TextTemplates), (e) => model(e, 'shape'));
  assert.throws(() => cleanText('a b', { ...good, kind: 'something-else' } as unknown as TextTemplates), (e) => model(e, 'kind'));
  assert.throws(() => cleanText('a b', { ...good, version: 2 } as unknown as TextTemplates), (e) => model(e, 'version'));
  assert.throws(() => cleanText('a b', { ...good, templates: 'x' } as unknown as TextTemplates), (e) => model(e, 'shape'));
  assert.throws(() => cleanText('a b', { ...good, templates: [{ tokens: [] }] } as unknown as TextTemplates), (e) => model(e, 'shape'));
  assert.throws(() => cleanText('a b', { ...good, options: {} } as unknown as TextTemplates), (e) => model(e, 'shape'));
  assert.throws(() => validateTextTemplates(JSON.parse('{"kind":"thresher.text-templates","version":0}')), (e) => model(e, 'version'));
  assert.throws(() => cleanText(42 as unknown as string, good), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
  assert.throws(() => cleanText('a b', good, { mergeGapChars: -1 }), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
});

test('bad input: empty text, no templates, huge single token', () => {
  assert.equal(cleanText('', handTemplates([['a', 'b']])).text, '');
  assert.equal(cleanText('a b', handTemplates([])).text, 'a b');
  const big = 'x'.repeat(1_000_000);
  assert.equal(cleanText(big, handTemplates([['a', 'b']])).text, big);
});
