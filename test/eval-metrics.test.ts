/**
 * The project's benchmark metrics (src/eval) agree with the company reference scorer
 * (../shared/eval: score.mjs + lib/metrics.mjs + lib/punkt.mjs) to 1e-6:
 *  (a) on synthetic texts written here (edge cases + generated ones), function by function and
 *      through a synthetic dataset scored end to end by both;
 *  (b) when ../shared/datasets exists, on thresher's own outputs for a fixed sample of 20 pages
 *      per dev set: every per-page number (score.mjs's pages.jsonl) and every aggregate.
 * Benchmark pages and truths are only read from ../shared at test time, never stored here.
 * Without ../shared the tests skip, saying why.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fc from 'fast-check';
import * as mine from '../src/eval/metrics.js';
import { sentTokenize } from '../src/eval/punkt.js';
import { DEV_SETS, loadDataset, readTruth } from '../src/eval/dataset.js';
import type { ManifestRow } from '../src/eval/dataset.js';
import { aggregate, scorePage } from '../src/eval/score.js';
import { evalDataset } from '../src/eval/run-eval.js';

const TOL = 1e-6;
/** The repository root (this file runs as dist/test/eval-metrics.test.js). */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const SHARED = path.resolve(REPO, '..', 'shared');
const REF_EVAL = path.join(SHARED, 'eval');
const DATA = path.join(SHARED, 'datasets');
const NO_REF = existsSync(path.join(REF_EVAL, 'lib', 'metrics.mjs')) && existsSync(path.join(REF_EVAL, 'score.mjs'))
  ? false : `reference scorer not found at ${REF_EVAL} (../shared beside the repository): agreement not checked`;
const NO_DATA = NO_REF || (existsSync(path.join(DATA, 'README.md')) ? false : `benchmark datasets not found at ${DATA}: dataset agreement not checked`);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type RefFns = Record<string, (...a: any[]) => any>;
const importRef = async (rel: string): Promise<RefFns> => (await import(pathToFileURL(path.join(REF_EVAL, rel)).href)) as RefFns;

/** Every number of `ref` (keys of `ref`, recursively) must be in `got` within `tol`; NaN ~ NaN. */
function diffNumbers(ref: unknown, got: unknown, tol: number, at = '$', out: string[] = []): string[] {
  if (typeof ref === 'number') {
    const bad = typeof got !== 'number' || (Number.isNaN(ref) ? !Number.isNaN(got) : !(Math.abs(ref - got) <= tol));
    if (bad) out.push(`${at}: reference ${ref}, mine ${String(got)}`);
  } else if (ref === null || typeof ref !== 'object') {
    if (ref !== got) out.push(`${at}: reference ${JSON.stringify(ref)}, mine ${JSON.stringify(got)}`);
  } else if (Array.isArray(ref)) {
    if (!Array.isArray(got) || got.length !== ref.length) out.push(`${at}: reference ${JSON.stringify(ref)}, mine ${JSON.stringify(got)}`);
    else ref.forEach((x, i) => diffNumbers(x, got[i], tol, `${at}[${i}]`, out));
  } else if (typeof got !== 'object' || got === null) {
    out.push(`${at}: reference ${JSON.stringify(ref)}, mine ${JSON.stringify(got)}`);
  } else {
    for (const [k, v] of Object.entries(ref)) {
      if (k === 'metric' && typeof v === 'string') continue;   // the reference's description of the metric
      diffNumbers(v, (got as Record<string, unknown>)[k], tol, `${at}.${k}`, out);
    }
  }
  return out;
}

function assertAgree(ref: unknown, got: unknown, what: string, tol = TOL): void {
  const d = diffNumbers(ref, got, tol);
  assert.equal(d.length, 0, `${what}: ${d.length} difference(s) from the reference:\n  ${d.slice(0, 20).join('\n  ')}`);
}

// ------------------------------------------------------------------ (a) synthetic texts

const ARTICLE = 'Dr. Smith went to Washington D.C. on Jan. 5th. He met Mr. Jones at 3 p.m. and said: "The U.S. economy grew 3.5%." ' +
  'Then he left... Nobody knew why. (It was late.) [See also: p. 12.] J. K. Rowling was not there! Was she? ' +
  'The No. 1 item costs $1,000.50 -- or so they say. e.g. this one. The ex-Sen. Brown and Lt.-Gen. Smith met the vice-Rep. Doe. \nA headline without a period\n\nAnother paragraph, with i.e. more.';
const CJK = '東京は日本の首都です。人口は約1400万人です。経済の中心地でもあります。\n北京是中国的首都。它有很多历史建筑。';
const UNICODE = 'Die Größe der STRASSE ist ÜBER 3,5 km. İstanbul\'da ΣΊΣΥΦΟΣ naïve cafe\u0301 👍🏽 emoji.\u00a0Non-breaking\u2003em space\u3000ideographic space.' +
  '\x1c file sep\u2028line sep\u2029para sep\u200bzero width. Ends with tab\t\r\n';

/** [truth, output] pairs: empties, whitespace-only, abbreviations, CJK, other scripts, noise. */
const PAIRS: [string, string][] = [
  ['', ''], ['', 'some output. More output.'], ['A truth text. With two sentences.', ''],
  [' \n\t ', ''], ['\u00a0\u2003', ' '], ['x', 'x'], ['x', 'y'], ['one two three', 'one two three'],
  [ARTICLE, ARTICLE], [ARTICLE, ARTICLE.slice(0, 200)], [ARTICLE, 'Menu Home About. ' + ARTICLE + ' Copyright 2024. All rights reserved.'],
  [ARTICLE, ARTICLE.split('. ').reverse().join('. ')], [ARTICLE.toUpperCase(), ARTICLE],
  [CJK, CJK], [CJK, CJK.slice(0, 20) + ' 広告 ' + CJK.slice(20)], [UNICODE, UNICODE], [UNICODE, UNICODE.toLowerCase()],
  ['the the the the the cat sat. the cat sat on the mat. the mat.', 'the cat the cat sat the mat on. the the.'],
  ['A. B. C. D. E.', 'A. B. C.'], ['"Quoted." (Bracketed.) [Square.] {Curly.}', '"Quoted." Bracketed.'],
  ['Wait... what?! No way!!! Yes?? ok.', 'Wait... what?! ok.'], ['1. 2. 3. Item one. 2. Item two.', '1. Item one.'],
  ['line one\nline two\n\nline three\r\nline four', 'line one line two line three line four'],
  ['He said "no." Then left. \'Why?\' she asked.', 'He said "no." Then left.'],
  ['Prices: -3.5. 1,000. .5 and 12.0.', 'Prices: -3.5. 12.0.'],
];

const SNIPPETS = {
  with: ['Dr. Smith went to Washington', 'nobody KNEW why', 'economy  grew\n3.5%', '東京は日本', 'missing snippet'],
  without: ['Menu Home About', 'Copyright 2024', 'not there at all'],
};

test('(a) metrics agree with the reference on synthetic texts', { skip: NO_REF }, async () => {
  const ref = await importRef('lib/metrics.mjs');
  for (const [i, [truth, pred]] of PAIRS.entries()) {
    const what = `pair ${i}`;
    assert.deepEqual(sentTokenize(truth), ref.sentTokenize(truth), `${what}: sentences of the truth`);
    assert.deepEqual(sentTokenize(pred), ref.sentTokenize(pred), `${what}: sentences of the output`);
    assertAgree(ref.shingleMatch(truth, pred), mine.shingleMatch(truth, pred), `${what} shingles`);
    assert.equal(mine.shAccuracy(truth, pred), ref.shAccuracy(truth, pred), `${what} accuracy`);
    assertAgree(ref.rougeLsum(truth, pred), mine.rougeLsum(truth, pred), `${what} rougeLsum`);
    assertAgree(ref.wcxbWordF1(pred, truth), mine.wcxbWordF1(pred, truth), `${what} word F1`);
    assertAgree(ref.wcxbSnippetRate(pred, SNIPPETS.with), mine.wcxbSnippetRate(pred, SNIPPETS.with), `${what} snippet rate`);
    assertAgree(ref.trafCount(SNIPPETS, pred), mine.trafCount(SNIPPETS, pred), `${what} trafilatura counts`);
  }
  const norms = PAIRS.map(([t, p]) => mine.shingleMatch(t, p).norm);
  assertAgree(ref.shMetrics(norms), mine.shMetrics(norms), 'shMetrics');
  for (const c of [[0, 0, 0, 0], [3, 1, 2, 5], [0, 2, 3, 0]] as mine.Confusion[]) assertAgree(ref.trafScores(c), mine.trafScores(c), `trafScores ${c}`);
});

/** Text made of pieces that stress Punkt and the tokenisers: abbreviations, initials, numbers, quotes, odd spaces. */
const PIECES = [
  'the', 'cat', 'Sat', 'ON', 'mat', 'Washington', 'Größe', 'İstanbul', 'ΣΊΣΥΦΟΣ', 'naïve', 'cafe\u0301', '東京', '首都です。', 'x_y', 'über',
  'Dr.', 'Mr.', 'Mrs.', 'ex-Sen.', 'Lt.-Col.', 'non-Corp.', 'x-y.', 'U.S.', 'p.m.', 'e.g.', 'i.e.', 'Jan.', 'Inc.', 'No.', 'J.', 'K.', 'a.', '3.5', '1,000', '12.', '-4.', '.5', '2024',
  '.', '.', '.', '!', '?', '...', '..', '"', "'", '(', ')', '[', ']', '{', '}', '--', ',', ';', ':', '—', '“', '”', '’', '&', '#', '*', '@', '-',
];
const SEPS = [' ', ' ', ' ', ' ', '', '\n', '\n\n', '\t', '\r\n', '\u00a0', '\u2003', '\u3000', '\x1c', '\u2028', '\u200b', ' \n '];
const textArb = fc.array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPS)), { maxLength: 60 })
  .map((xs) => xs.map(([p, s]) => p + s).join(''));

test('(a) metrics agree with the reference on generated texts', { skip: NO_REF }, async () => {
  const ref = await importRef('lib/metrics.mjs');
  fc.assert(fc.property(textArb, textArb, fc.nat(), (truth, noise, cut) => {
    const pred = truth.slice(0, cut % (truth.length + 1)) + noise;
    assert.deepEqual(sentTokenize(truth), ref.sentTokenize(truth));
    assertAgree(ref.rougeLsum(truth, pred), mine.rougeLsum(truth, pred), 'rougeLsum');
    assertAgree(ref.shingleMatch(truth, pred), mine.shingleMatch(truth, pred), 'shingles');
    assertAgree(ref.wcxbWordF1(pred, truth), mine.wcxbWordF1(pred, truth), 'word F1');
    assertAgree(ref.trafCount({ with: [truth.slice(0, 30)], without: [noise.slice(0, 20)] }, pred),
      mine.trafCount({ with: [truth.slice(0, 30)], without: [noise.slice(0, 20)] }, pred), 'trafilatura counts');
  }), { seed: 20261122, numRuns: 400 });
});

/** A synthetic dataset (texts from this file) scored end to end by score.mjs's scoreDataset and by src/eval. */
test('(a) a synthetic dataset scores the same end to end', { skip: NO_REF }, async () => {
  const { scoreDataset } = await importRef('score.mjs');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-eval-syn-'));
  try {
    for (const name of ['syn-text', 'syn-snippets']) mkdirSync(path.join(tmp, 'data', name, 'truth'), { recursive: true });
    const textRows = PAIRS.map(([truth], i) => {
      writeFileSync(path.join(tmp, 'data', 'syn-text', 'truth', `p${i}.txt`), truth);
      writeFileSync(path.join(tmp, 'data', 'syn-text', 'truth', `p${i}.json`), JSON.stringify(SNIPPETS));
      return { id: `p${i}`, html: `html/p${i}.html.gz`, truth: `truth/p${i}.txt`, truth_format: 'text', ...(i % 2 ? { snippets: `truth/p${i}.json` } : {}) };
    });
    const snipRows = PAIRS.slice(0, 8).map((_, i) => {
      writeFileSync(path.join(tmp, 'data', 'syn-snippets', 'truth', `s${i}.json`), JSON.stringify(i === 3 ? { with: [], without: [] } : SNIPPETS));
      return { id: `s${i}`, html: `html/s${i}.html.gz`, truth: `truth/s${i}.json`, truth_format: 'snippets' };
    });
    for (const [name, rows, preds] of [['syn-text', textRows, PAIRS.map((p) => p[1])], ['syn-snippets', snipRows, PAIRS.map((p) => p[0])]] as const) {
      const dir = path.join(tmp, 'data', name), out = path.join(tmp, 'out', name);
      writeFileSync(path.join(dir, 'manifest.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
      mkdirSync(out, { recursive: true });
      rows.forEach((r, i) => { if (i !== 2) writeFileSync(path.join(out, `${r.id}.txt`), preds[i]); });   // one missing output
      const { res, pages } = scoreDataset({ data: path.join(tmp, 'data'), dataset: name, out, bootstrap: 0 });
      const ds = loadDataset(dir);
      const myPages = ds.rows.map((r: ManifestRow, i) => scorePage(r.id, readTruth(dir, r), i === 2 ? '' : preds[i]));
      assertAgree(pages, myPages, `${name} pages`);
      const { dataset: _d, out: _o, pages: _n, missing_outputs: _m, score_seconds: _s, ...metrics } = res;
      assertAgree(metrics, aggregate(myPages), `${name} aggregates`);
    }
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});

// ------------------------------------------------------------------ (b) thresher's outputs on the datasets

const SAMPLE = 20;

/** A fixed sample: SAMPLE pages spread evenly over the manifest (after README exclusions). */
function sampleRows(rows: ManifestRow[]): ManifestRow[] {
  const step = rows.length / SAMPLE;
  return rows.length <= SAMPLE ? rows : Array.from({ length: SAMPLE }, (_, i) => rows[Math.floor(i * step)]);
}

/** A dataset folder in the temp dir holding the sample's manifest, linking to the real files. */
function sampleDataset(root: string, name: string): string {
  const src = path.join(DATA, name), dir = path.join(root, name);
  mkdirSync(dir, { recursive: true });
  const rows = sampleRows(loadDataset(src).rows);
  writeFileSync(path.join(dir, 'manifest.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  for (const sub of ['html', 'truth', 'snippets']) if (existsSync(path.join(src, sub))) symlinkSync(path.join(src, sub), path.join(dir, sub));
  return dir;
}

test('(b) thresher outputs on 20 pages per dev set: per-page and aggregate scores match score.mjs', { skip: NO_DATA, timeout: 600_000 }, async (t) => {
  const { scoreDataset } = await importRef('score.mjs');
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-eval-agree-'));
  try {
    for (const name of DEV_SETS) {
      await t.test(name, async () => {
        const dir = sampleDataset(path.join(tmp, 'data'), name);
        const mineRes = await evalDataset(dir, { outRoot: path.join(tmp, 'out'), bootstrap: 0, jobs: 2 });
        const out = path.join(tmp, 'out', name);
        // score.mjs runs its CLI only when argv[1] is its real path (it compares with import.meta.url).
        execFileSync(process.execPath, [realpathSync(path.join(REF_EVAL, 'score.mjs')), '--dataset', name, '--out', out, '--data', path.join(tmp, 'data'), '--bootstrap', '0', '--quiet']);
        const refPages = readFileSync(`${out}.pages.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string });
        assert.equal(refPages.length, mineRes.pageScores.length, 'page count');
        assertAgree(refPages, mineRes.pageScores, `${name} per page (pages.jsonl)`);
        const refFile = JSON.parse(readFileSync(`${out}.score.json`, 'utf8')) as Record<string, unknown>;
        assert.equal(refFile.missing_outputs, 0, 'score.mjs found every output');
        const { dataset: _d, out: _o, pages: _n, missing_outputs: _m, score_seconds: _s, ...rounded } = refFile;
        assertAgree(rounded, mineRes.metrics, `${name} aggregates (score.json, rounded to 4 places)`, 5e-5 + 1e-12);
        // score.json rounds to 4 places: the unrounded aggregates come from the same function in-process
        const { res } = scoreDataset({ data: path.join(tmp, 'data'), dataset: name, out, bootstrap: 0 });
        const { dataset: _d2, out: _o2, pages: _n2, missing_outputs: _m2, score_seconds: _s2, ...exact } = res;
        assertAgree(exact, mineRes.metrics, `${name} aggregates`);
        const officialRef = { wcxb_bow: res.wcxb_bow?.f1, wceb: res.wceb?.f1, trafilatura: res.trafilatura?.f1, scrapinghub: res.scrapinghub?.f1 }[mineRes.official.metric];
        assertAgree(officialRef, mineRes.official.value, `${name} official ${mineRes.official.metric}`);
      });
    }
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});
