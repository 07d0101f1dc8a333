/** Learning text templates (src/site/repeats.ts, src/site/templates.ts): paper 004 §3.2–3.3. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { suffixArray, lcpArray } from '../src/site/suffix-array.js';
import { maximalRepeats } from '../src/site/repeats.js';
import {
  learnTextTemplates, learnSitesTextTemplates, crossSiteIdioms, withoutIdioms, energyCut, histogramBin,
  HISTOGRAM_BINS, type TextTemplates, type LearnTextOptions,
} from '../src/site/templates.js';
import { cleanText } from '../src/site/clean.js';
import { isThresherError } from '../src/index.js';
import { syntheticSite, scoreTextCleaning, rng } from './site-synthetic.js';

// ---------------------------------------------------------------- maximal repeats vs brute force

/** Every string that occurs twice or more and cannot be extended left or right without losing an occurrence. */
function bruteMaximalRepeats(docs: number[][], minLength: number, minDocs: number): string[] {
  const stats = new Map<string, { count: number; docs: Set<number>; left: Set<string>; right: Set<string> }>();
  docs.forEach((d, di) => {
    for (let i = 0; i < d.length; i++) {
      for (let j = i + 1; j <= d.length; j++) {
        const key = d.slice(i, j).join(',');
        let s = stats.get(key);
        if (!s) stats.set(key, s = { count: 0, docs: new Set(), left: new Set(), right: new Set() });
        s.count++; s.docs.add(di);
        s.left.add(i > 0 ? String(d[i - 1]) : `^${di}`); // a document start is a unique left token
        s.right.add(j < d.length ? String(d[j]) : `$${di}`);
      }
    }
  });
  const out: string[] = [];
  for (const [key, s] of stats) {
    if (s.count < 2 || s.left.size < 2 || s.right.size < 2) continue;
    if (key.split(',').length < minLength || s.docs.size < minDocs) continue;
    out.push(`${key}|${s.count}|${s.docs.size}`);
  }
  return out.sort();
}

function fastMaximalRepeats(docs: number[][], K: number, minLength: number, minDocs: number): string[] {
  const n = docs.reduce((a, d) => a + d.length + 1, 0);
  const text = new Int32Array(n), docOf = new Int32Array(n);
  let p = 0;
  docs.forEach((d, di) => {
    for (const x of d) { text[p] = x; docOf[p++] = di; }
    text[p] = K + di; docOf[p++] = -1;
  });
  const sa = suffixArray(text, K + docs.length);
  const r = maximalRepeats(text, docOf, sa, lcpArray(text, sa), docs.length, { minLength, minDocs });
  return r.start.map((s, i) => `${Array.from(text.subarray(s, s + r.length[i])).join(',')}|${r.occurrences[i]}|${r.docs[i]}`).sort();
}

test('maximal repeats: occurrences and document frequency equal brute force (property)', () => {
  const docs = fc.array(fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 25 }), { minLength: 1, maxLength: 6 });
  fc.assert(fc.property(docs, fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 3 }), (d, minLength, minDocs) => {
    assert.deepEqual(fastMaximalRepeats(d, 4, minLength, minDocs), bruteMaximalRepeats(d, minLength, minDocs));
  }), { numRuns: 300 });
});

test('maximal repeats: a substring that only occurs inside a longer string is not reported', () => {
  // "1 2 3" occurs in docs 0 and 1, always inside "0 1 2 3 4": only the long one is maximal.
  const got = fastMaximalRepeats([[7, 0, 1, 2, 3, 4, 8], [9, 0, 1, 2, 3, 4, 6]], 10, 1, 1);
  assert.deepEqual(got, ['0,1,2,3,4|2|2']);
});

// ---------------------------------------------------------------- Eq. 3.1

function naiveEnergy(h: number[], bc: number): number {
  const side = (lo: number, hi: number) => {
    let w = 0, m = 0;
    for (let i = lo; i < hi; i++) { w += h[i]; m += i * h[i]; }
    if (w === 0) return NaN;
    m /= w;
    let e = 0;
    for (let i = lo; i < hi; i++) e += (i - m) ** 2 * h[i];
    return e;
  };
  return side(0, bc) + side(bc, h.length);
}

test('energy cut: a power law with a second mode at the top is cut between the modes', () => {
  const h = new Array(HISTOGRAM_BINS).fill(0);
  for (let i = 0; i < 20; i++) h[i] = Math.round(5000 / (i + 1) ** 2);
  h[97] = 3; h[98] = 5; h[99] = 40;
  const bc = energyCut(h);
  assert.ok(bc > 20 && bc <= 97, `cut ${bc}`);
});

test('energy cut: the brute-force minimum of Eq. 3.1 (property)', () => {
  const hist = fc.array(fc.nat({ max: 50 }), { minLength: HISTOGRAM_BINS, maxLength: HISTOGRAM_BINS });
  fc.assert(fc.property(hist, (h) => {
    const bc = energyCut(h);
    const nonEmpty = h.filter((x) => x > 0).length;
    if (nonEmpty < 2) return;
    let best = Infinity;
    for (let b = 1; b < HISTOGRAM_BINS; b++) { const e = naiveEnergy(h, b); if (e < best) best = e; }
    assert.ok(Math.abs(naiveEnergy(h, bc) - best) <= 1e-6 * Math.max(1, best), `E(${bc}) = ${naiveEnergy(h, bc)} > ${best}`);
  }), { numRuns: 200 });
});

test('energy cut: ties across empty bins go to the midpoint of the two means (b_c = (x + y)/2)', () => {
  const h = new Array(HISTOGRAM_BINS).fill(0);
  h[0] = 10; h[99] = 10;
  assert.equal(energyCut(h), 50);
});

test('energy cut: no strings, or one bin only', () => {
  const h = new Array(HISTOGRAM_BINS).fill(0);
  assert.equal(energyCut(h), HISTOGRAM_BINS);
  h[99] = 4;
  assert.equal(energyCut(h), 99);
  h[99] = 0; h[10] = 4;
  assert.equal(energyCut(h), HISTOGRAM_BINS);
});

test('histogram bins: df in (i·N/100, (i+1)·N/100] goes to bin i', () => {
  assert.equal(histogramBin(200, 200), 99);
  assert.equal(histogramBin(1, 200), 0);
  assert.equal(histogramBin(2, 200), 0);
  assert.equal(histogramBin(3, 200), 1);
  assert.equal(histogramBin(2, 5), 39);
  assert.equal(histogramBin(5, 5), 99);
});

// ---------------------------------------------------------------- golden: a hand-written site (the thesis's §5.2 example)

const HEAD = (day: string, date: string, n: string) => `# Permanent link | ${n} responses | Published on: ${day}, ${date}`;
const TAIL = 'Please login to leave a reply';
const ARTICLES = [
  ['Tuesday', '27th February, 2007', 'no', 'Real Estate developers and mortgage financiers in Dubai expect growth to continue through 2008, analysts said.'],
  ['Monday', '5th March, 2007', '3', 'The city council approved 14 new bus routes after a long debate over costs and schedules.'],
  ['Friday', '16th March, 2007', '12', 'A local bakery won the regional prize for its sourdough, beating 230 other entries.'],
  ['Thursday', '22nd March, 2007', 'no', 'Researchers published a study on coastal erosion covering 1,200 kilometres of shoreline.'],
  ['Sunday', '1st April, 2007', '7', 'The marathon drew 9,500 runners despite heavy rain in the early morning hours.'],
  ['Wednesday', '11th April, 2007', '1', 'Students at the technical college built a solar car that reached 88 km per hour.'],
];
const page = ([day, date, n, body]: string[], related: string) =>
  `${HEAD(day, date, n)}\n${body}\n${TAIL}\n${related} read more\nThursday 22nd February read more\n`;
const RELATED = ['First budget hotel in Karama', 'Airport expansion plans unveiled', 'New metro line opens', 'Port traffic rises again', 'Desert festival announced', 'School term dates change'];

test('golden: the thesis example site — templates found, article text kept verbatim', () => {
  const docs = ARTICLES.map((a, i) => page(a, RELATED[i]));
  const m = learnTextTemplates(docs);
  const patterns = m.templates.map((t) => t.pattern);
  assert.ok(patterns.includes('# Permanent link | {number} responses | Published on: {weekday} {ordinal} {month} {number}') ||
    patterns.some((p) => p.startsWith('# Permanent link |')), patterns.join('\n'));
  assert.ok(patterns.some((p) => p.includes('Please login to leave a reply')), patterns.join('\n'));
  assert.ok(patterns.some((p) => p.includes('read more')), patterns.join('\n'));
  // A page it never saw, with a new date and count: the slots generalize.
  const unseen = page(['Saturday', '19th May, 2007', '42', 'Fishermen reported the largest catch in 15 years on the northern coast.'], 'Harbour repairs begin');
  const c = cleanText(unseen, m);
  assert.ok(c.text.includes('Fishermen reported the largest catch in 15 years on the northern coast.'), c.text);
  assert.ok(c.text.includes('Harbour repairs begin'), c.text);
  assert.ok(!c.text.includes('Permanent link') && !c.text.includes('Please login') && !c.text.includes('read more'), c.text);
  for (let i = 0; i < docs.length; i++) assert.ok(cleanText(docs[i], m).text.includes(ARTICLES[i][3]), `article ${i}`);
});

// ---------------------------------------------------------------- golden: the synthetic site

test('golden: synthetic site (text) — every template token removed, article tokens kept, on unseen pages too', () => {
  const pages = syntheticSite(60, 3);
  const train = pages.slice(0, 40), held = pages.slice(40);
  const m = learnTextTemplates(train.map((p) => p.text));
  const patterns = m.templates.map((t) => t.pattern);
  for (const want of ['Home | World | Business | Sports | Culture | Contact us', 'read more',
    'Permanent link | {number} responses | Published on: {weekday} {ordinal} {month} {number} by']) {
    assert.ok(patterns.includes(want), `${want} not in\n${patterns.join('\n')}`);
  }
  assert.ok(patterns.some((p) => p.includes('Copyright {number} Example Media')), patterns.join('\n'));
  for (const p of patterns) assert.ok(!/^(as well as|according to the|one of the|the same|at the same time)$/.test(p), `idiom ${p}`);
  for (const set of [train, held]) {
    const tot = { content: 0, contentKept: 0, template: 0, templateRemoved: 0 };
    for (const p of set) {
      const s = scoreTextCleaning(p, cleanText(p.text, m).removed);
      tot.content += s.content; tot.contentKept += s.contentKept; tot.template += s.template; tot.templateRemoved += s.templateRemoved;
    }
    assert.ok(tot.contentKept / tot.content > 0.995, `content kept ${tot.contentKept}/${tot.content}`);
    assert.ok(tot.templateRemoved / tot.template > 0.99, `template removed ${tot.templateRemoved}/${tot.template}`);
  }
});

test('golden: synthetic site (raw HTML) — the same method without parsing keeps every article paragraph', () => {
  const pages = syntheticSite(50, 7);
  const m = learnTextTemplates(pages.slice(0, 35).map((p) => p.html));
  const patterns = m.templates.map((t) => t.pattern);
  assert.ok(patterns.some((p) => p.includes('<a href="{url}"> Home </a> | <a href="{url}"> World </a>')), patterns.join('\n'));
  assert.ok(patterns.some((p) => p.includes('Please login to leave a reply')), patterns.join('\n'));
  for (const p of pages.slice(35)) {
    const c = cleanText(p.html, m).text;
    for (const s of p.segments) {
      if (!s.template && s.text.length > 30) assert.ok(c.includes(s.text), `lost: ${s.text}`);
    }
    assert.ok(!c.includes('Please login') && !c.includes('Contact us') && !c.includes('All rights reserved'), c);
  }
});

// ---------------------------------------------------------------- properties

test('learn: the same documents in any order give the same templates (property, synthetic site)', () => {
  const docs = syntheticSite(14, 21).map((p) => p.text);
  const ref = learnTextTemplates(docs);
  fc.assert(fc.property(fc.shuffledSubarray(docs, { minLength: docs.length, maxLength: docs.length }), (perm) => {
    assert.deepEqual(learnTextTemplates(perm), ref);
  }), { numRuns: 15 });
});

test('learn: order invariance on small-alphabet documents full of repeats (property)', () => {
  const doc = fc.array(fc.constantFrom('a', 'b', 'c', 'd', '12', 'Monday'), { minLength: 1, maxLength: 40 }).map((w) => w.join(' '));
  const docs = fc.array(doc, { minLength: 2, maxLength: 7 }); // duplicates allowed
  const learn = (d: string[], o?: LearnTextOptions) => { try { return learnTextTemplates(d, o); } catch (e) { return isThresherError(e) ? e.code : e; } };
  fc.assert(fc.property(docs, fc.infiniteStream(fc.nat()), (d, seeds) => {
    const perm = d.map((x, i) => [seeds.next().value, i, x] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map((x) => x[2]);
    const raw = { isolation: false, dropFunctionWordStrings: false } as const;
    assert.deepEqual(learn(perm, raw), learn(d, raw));
    assert.deepEqual(learn(perm), learn(d));
  }), { numRuns: 150 });
});

test('learn: the model is plain JSON and a parsed copy cleans the same', () => {
  const pages = syntheticSite(20, 5);
  const m = learnTextTemplates(pages.map((p) => p.text));
  const copy = JSON.parse(JSON.stringify(m)) as TextTemplates;
  assert.deepEqual(copy, m);
  assert.equal(m.version, 1);
  assert.equal(m.kind, 'thresher.text-templates');
  assert.equal(m.histogram.length, 100);
  for (const p of pages.slice(0, 5)) assert.equal(cleanText(p.text, copy).text, cleanText(p.text, m).text);
});

// ---------------------------------------------------------------- idioms

test('idioms: a phrase every site uses is dropped by the cross-site filter; each site keeps its own template', () => {
  const r = rng(9);
  const body = () => Array.from({ length: 25 }, () => `w${Math.floor(r() * 1e6).toString(36)}`).join(' ');
  const site = (header: string, footer: string) => Array.from({ length: 12 }, (_, i) =>
    `${header}\n${body()}\nIn other news today\n${body()} ${i}\n${footer}`);
  const sites = {
    'a.example': site('Alpha Daily front page', 'Alpha Daily all rights reserved'),
    'b.example': site('Bravo Times latest', 'Subscribe to Bravo Times'),
    'c.example': site('Charlie Post home', 'Charlie Post contact desk'),
  };
  const alone = learnTextTemplates(sites['a.example']);
  assert.ok(alone.templates.some((t) => t.pattern === 'In other news today'), 'a site alone takes the shared phrase for a template');
  assert.deepEqual(crossSiteIdioms(Object.values(sites).map((d) => learnTextTemplates(d))), ['In other news today']);
  const all = learnSitesTextTemplates(sites);
  for (const [name, m] of Object.entries(all)) {
    assert.ok(!m.templates.some((t) => t.pattern.includes('In other news today')), name);
    assert.ok(m.counts.idioms >= 1, name);
  }
  assert.ok(all['a.example'].templates.some((t) => t.pattern.includes('Alpha Daily front page')));
  assert.ok(all['b.example'].templates.some((t) => t.pattern.includes('Bravo Times latest')));
  // The idiom list can be given to a single-site learn, too.
  const given = learnTextTemplates(sites['a.example'], { idioms: ['In other news today'] });
  assert.ok(!given.templates.some((t) => t.pattern === 'In other news today'));
  assert.deepEqual(withoutIdioms(alone, ['In other news today']).templates, alone.templates.filter((t) => t.pattern !== 'In other news today'));
});

test('idioms: strings of function words only are never templates', () => {
  const docs = Array.from({ length: 10 }, (_, i) => `Site header here\nalpha${i} of the beta${i} in the gamma${i} and the delta${i}\nSite footer here`);
  const m = learnTextTemplates(docs);
  const patterns = m.templates.map((t) => t.pattern);
  assert.ok(!patterns.includes('of the') && !patterns.includes('in the') && !patterns.includes('and the'), patterns.join(' / '));
  assert.ok(patterns.includes('Site header here') && patterns.includes('Site footer here'), patterns.join(' / '));
  assert.ok(m.counts.functionWords >= 3);
});

// ---------------------------------------------------------------- bad input

test('bad input: too few distinct documents, wrong types and impossible options are typed errors', () => {
  const code = (c: string) => (e: unknown) => isThresherError(e) && e.code === c;
  assert.throws(() => learnTextTemplates(['only one page']), code('E_SITE_SAMPLE'));
  assert.throws(() => learnTextTemplates(['same page', 'same page', 'same   page']), code('E_SITE_SAMPLE'));
  assert.throws(() => learnTextTemplates(['', '   ', 'one']), code('E_SITE_SAMPLE'));
  assert.throws(() => learnTextTemplates([]), code('E_SITE_SAMPLE'));
  assert.throws(() => learnTextTemplates('abc' as unknown as string[]), code('E_BAD_OPTION'));
  assert.throws(() => learnTextTemplates([1, 2] as unknown as string[]), code('E_BAD_OPTION'));
  assert.throws(() => learnTextTemplates(['a b', 'a c'], { minTokens: 0 }), code('E_BAD_OPTION'));
  assert.throws(() => learnTextTemplates(['a b', 'a c'], { minDocs: 1 }), code('E_BAD_OPTION'));
  assert.throws(() => learnTextTemplates(['a b', 'a c'], { isolation: { maxTokens: 3, minContextChars: 1, maxShare: 2 } }), code('E_BAD_OPTION'));
  assert.throws(() => learnTextTemplates(['a b', 'a c'], { idioms: 'x' as unknown as string[] }), code('E_BAD_OPTION'));
  assert.throws(() => learnTextTemplates(['a b c', 'a b d'], { maxTokens: 4 }), code('E_INPUT_TOO_LARGE'));
});

test('bad input: identical copies count once; two distinct pages are enough', () => {
  const m = learnTextTemplates(['Top bar menu\nfirst story text\nBottom line', 'Top bar menu\nfirst story text\nBottom line', 'Top bar menu\nsecond piece here\nBottom line']);
  assert.equal(m.learnedFrom.documents, 2);
  assert.equal(m.learnedFrom.duplicates, 1);
  assert.deepEqual(cleanText('Top bar menu\nthird story is here\nBottom line', m).text, 'third story is here');
});

test('bad input: near-copies — the templates would erase the pages, and coverage says so', () => {
  const base = syntheticSite(1, 41)[0].text;
  const m = learnTextTemplates([base, base.replace('Home', 'Start'), base.replace('Contact us', 'Contact')]);
  assert.ok(m.coverage > 0.9, `coverage ${m.coverage}`);
  const site = learnTextTemplates(syntheticSite(30, 41).map((p) => p.text));
  assert.ok(site.coverage > 0.1 && site.coverage < 0.6, `coverage ${site.coverage}`);
});

test('bad input: pages of two sites mixed together still learn and clean both templates', () => {
  const a = syntheticSite(12, 31).map((p) => p.text);
  const b = syntheticSite(12, 32).map((p) => p.text.replace('Home | World', 'Start | Globe').replace('Example Media Group', 'Other Press Ltd'));
  const m = learnTextTemplates([...a, ...b]);
  const c = cleanText(b[0], m).text;
  assert.ok(!c.includes('Please login to leave a reply'), c);
  assert.ok(m.templates.length > 0);
});
