#!/usr/bin/env node
// Trains the block classifier of the default labeler (src/page/learned.ts) on the development
// sets' ground truth and writes src/page/block-model.generated.ts.
//   npm run build && node scripts/train-block-model.mjs [--data ../shared/datasets]
//   npm run build && node scripts/train-block-model.mjs --cv 4 --out DIR
// With --cv K it writes no model: it trains K models on host-grouped folds, extracts every page
// with the model that did not see its host, and writes DIR/<set>/<id>.txt for the reference
// scorer (../shared/eval/score.mjs --dataset SET --out DIR/SET): honest, held-out figures.
// Two passes: the first-pass model, then the second pass (src/page/smoothing.ts) trained on
// out-of-fold first-pass probabilities (--oof K folds; --no-smoother for the first pass alone).
// The token tables (class/id tokens, src/page/markup-tokens.ts; opening words, src/page/word-tokens.ts)
// are learned here too and shipped in the model; every row the trainer learns from is encoded with
// tables that did not see its fold.
// Labels: a unit is as much content as the share of its word trigrams found in the truth text;
// on a snippets truth (trafilatura's set) only the units holding a snippet are labelled. The labels
// follow the output contract (README "The result"): user comments are their own class (dragnet's
// appended comments label the comment model, and are noise for the body), and units that the
// contract cuts by the page's structure whatever the model says (the headline, figures, hidden
// elements, dialogs, a second article) weigh nothing; those its line rules cut stay as noise.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { parseHtml } from '../dist/src/dom/parse.js';
import { computeFeatures } from '../dist/src/dom/features.js';
import { labelDefault } from '../dist/src/page/default.js';
import { pageTitle } from '../dist/src/page/metadata/raw-title.js';
import { BLOCK_FEATURES, N_BLOCK_FEATURES as F, WORD_TOKENS_AT, blockFeatures, textUnits, unitText } from '../dist/src/page/block-features.js';
import { trainGbdt, predictProba } from '../dist/src/learn/gbdt.js';
import { N_SMOOTHED_FEATURES as G, SMOOTHED_FEATURE_NAMES, smoothingRows } from '../dist/src/page/smoothing.js';
import { extract } from '../dist/src/index.js';
import { MARKUP_TOKEN_FEATURES, pageMarkupTokens, pageTokenStats, writeMarkupTokenFeatures } from '../dist/src/page/markup-tokens.js';
import { WORD_TOKEN_FEATURES, openingWords, pageWordStats, writeWordTokenFeatures } from '../dist/src/page/word-tokens.js';
import { buildTokenTable } from '../dist/src/page/token-table.js';
import { extractMetadata } from '../dist/src/page/metadata/index.js';
import { wordsOf, wordGrams, gramShare } from '../dist/src/page/article-body.js';
import { conventionOptions, conventionText } from '../dist/src/eval/conventions.js';
import { contractCuts, LINE_RULE_REASONS } from '../dist/src/page/contract.js';
import { LAYOUT_FEATURES, N_LAYOUT_FEATURES as L, layoutFeatures } from '../dist/src/page/layout-features.js';

const COMMENTS_MARKER = '!@#$%^&*()  COMMENTS';

// The class/id token features, then the word token features, are the last columns of a first-pass row.
const TOKEN_AT = F - MARKUP_TOKEN_FEATURES.length - WORD_TOKEN_FEATURES.length;

const { values: a } = parseArgs({ options: {
  data: { type: 'string', default: '../shared/datasets' }, cv: { type: 'string' }, out: { type: 'string' },
  sets: { type: 'string', default: 'wcxb-dev,cleaneval,dragnet,l3s-gn1,big9,readability,trafilatura' },
  trees: { type: 'string', default: '100' }, depth: { type: 'string', default: '6' },
  rate: { type: 'string', default: '0.2' }, subsample: { type: 'string', default: '0.6' }, colsample: { type: 'string', default: '1' },
  lambda: { type: 'string', default: '1' }, 'min-child': { type: 'string', default: '1' },
  // The row draws of each tree: another seed gives another model of the same settings, which is
  // how large the spread of a retrained model is (a change smaller than it is not measured).
  seed: { type: 'string', default: '1' },
  // Text sets weigh a unit by its words; a floor adds this many to every unit with words, so that
  // short lines (captions, bylines, labels) count for more than their handful of words.
  'weight-floor': { type: 'string', default: '0' },
  // Every page weighs the same unless its set is named here ("wcxb-dev=2,cleaneval=0.5"): how much
  // the model bends towards one set's conventions, measured held out (docs/extraction-quality.md).
  'set-weight': { type: 'string', default: '' },
  'no-comment-model': { type: 'boolean', default: false },
  // Units the output contract cuts weigh nothing (no model decides their fate): 'all' of them, or
  // only those of the structural cuts, keeping the line rules' units (credits, bylines, calls to
  // action, read-next lines, headline repeats) as examples of noise for look-alikes the rules miss.
  // 'structural' measured better held out on five sets of seven (docs/extraction-quality.md,
  // eighteenth session).
  'contract-mask': { type: 'string', default: 'structural' },
  // --cv only: also write the held-out outputs of these modes, to DIR-<mode>/<set> (balanced goes to DIR).
  modes: { type: 'string', default: 'balanced' },
  // --cv only: also keep the K fold models and which fold each page is in, as DIR/fold-K.json and
  // DIR/folds.json, so scripts/cv-reextract.mjs can score a change after the model (the output
  // contract, rendering) held out without training again.
  'save-models': { type: 'string' },
  // The second pass learns from first-pass probabilities of pages the first model did not see:
  // out-of-fold, over this many host-grouped folds.
  oof: { type: 'string', default: '4' }, 'no-smoother': { type: 'boolean', default: false },
  // Rendered pages (issue 26): train and extract on the renders cached by scripts/eval-visual.mjs
  // (DIR/<set>/<id>.json.gz: the DOM after scripts and its layout), only the pages rendered there;
  // with --layout-features the first pass also reads the units' layout features (layout-features.ts).
  'layout-cache': { type: 'string' }, 'layout-features': { type: 'boolean', default: false },
} });
const LAYOUT = a['layout-features'];
if (LAYOUT && !a['layout-cache']) throw new Error('--layout-features needs --layout-cache DIR');
/** Width of a first-pass row: the block features, then the layout features when they are used. */
const FX = F + (LAYOUT ? L : 0);
for (const k of ['trees', 'depth', 'rate', 'subsample', 'colsample', 'lambda', 'min-child', 'seed', 'oof', 'weight-floor']) {
  if (!Number.isFinite(+a[k])) throw new Error(`--${k} needs a number, not "${a[k]}"`);
}
const GBDT = { trees: +a.trees, depth: +a.depth, learningRate: +a.rate, subsample: +a.subsample, colsample: +a.colsample, lambda: +a.lambda, minChildWeight: +a['min-child'], seed: +a.seed };
const WEIGHT_FLOOR = +a['weight-floor'];
const SET_WEIGHT = new Map(a['set-weight'].split(',').filter(Boolean).map((kv) => {
  const [set, factor] = kv.split('=');
  if (!set || !(+factor > 0)) throw new Error(`--set-weight takes SET=FACTOR pairs (a positive factor), not "${kv}"`);
  return [set, +factor];
}));
if (!['all', 'structural'].includes(a['contract-mask'])) throw new Error(`--contract-mask takes all or structural, not "${a['contract-mask']}"`);

function words(text, asciiOnly) {
  // l3s-gn1's truth has '?' for every non-ASCII character: compare like with like.
  return wordsOf(asciiOnly ? text.replace(/[^\x00-\x7f]/g, '?') : text);
}

function grams(tokens, n) {
  return wordGrams(tokens)[n - 1];
}

/** True when most of the snippet's word trigrams (bigrams, words for short ones) are in the unit. */
function holdsSnippet(unitWords, snippetWords) {
  const n = Math.min(3, snippetWords.length);
  if (n === 0 || unitWords.length < n) return false;
  const have = grams(unitWords, n);
  let hit = 0;
  for (let i = 0; i + n <= snippetWords.length; i++) if (have.has(snippetWords.slice(i, i + n).join(' '))) hit++;
  return hit >= 0.8 * (snippetWords.length - n + 1);
}

/**
 * Labels from a snippets truth (trafilatura's set: a few sentences that must appear, a few that
 * must not): only the units holding a snippet are labelled, 1 or 0; the rest weigh nothing.
 */
function snippetLabels(units, item) {
  const pos = item.with.map((t) => words(t)), neg = item.without.map((t) => words(t));
  return units.map((u) => {
    const t = words(unitText(u));
    if (pos.some((sw) => holdsSnippet(t, sw))) return { y: 1, labelled: true };
    if (neg.some((sw) => holdsSnippet(t, sw))) return { y: 0, labelled: true };
    return { y: 0, labelled: false };
  });
}

/** Per element id: 1 inside an element the output contract cuts whatever the labels say (src/page/contract.ts). */
function contractMask(doc, meta, set) {
  const cut = new Uint8Array(doc.elements.length);
  const ctx = { headline: meta.headline, images: false, byline: conventionOptions(set).byline === true, authors: meta.metadata.authors };
  for (const [el, reason] of contractCuts(doc, ctx)) {
    if (a['contract-mask'] === 'structural' && LINE_RULE_REASONS.has(reason)) continue;
    cut.fill(1, el.id, el.id + el.tags + 1);
  }
  return cut;
}

function loadSet(name) {
  const dir = `${a.data}/${name}`;
  const rows = fs.readFileSync(`${dir}/manifest.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const out = { name, x: [], lx: [], y: [], yc: [], w: [], page: [], pages: [], pageRows: [], pageFirst: [], pageTokens: [], pageStats: [], pageWords: [], wordStats: [] };
  for (const row of rows) {
    if (row.truth_format !== 'text' && row.truth_format !== 'snippets') continue;
    const render = a['layout-cache'] ? cachedRender(name, row.id) : null;
    if (a['layout-cache'] && !render) continue;
    // Anomalous pages (a gold text of another article) teach nothing; they are still extracted in --cv.
    if (row.anomaly) { out.pages.push({ id: row.id, url: row.url, html: `${dir}/${row.html}`, host: row.host ?? row.site ?? row.id, render }); continue; }
    const html = render ? render.html : zlib.gunzipSync(fs.readFileSync(`${dir}/${row.html}`)).toString('utf8');
    const truthText = fs.readFileSync(`${dir}/${row.truth}`, 'utf8');
    const doc = parseHtml(html, { maxNodes: 200_000, maxMillis: 10_000 });
    computeFeatures(doc);
    const base = labelDefault(doc);
    const units = textUnits(doc);
    const meta = extractMetadata(doc, { url: row.url });
    const x = blockFeatures(doc, units, { labels: base, root: base.root, hub: base.pageType === 'hub', title: pageTitle(doc), headline: meta.headline, articleBody: meta.articleBody });
    const cut = contractMask(doc, meta, name);
    const lx = LAYOUT ? layoutFeatures(doc, units, render.layout) : null;
    const pageIndex = out.pages.length;
    let total = 0;
    const first = out.y.length;
    out.pageRows[pageIndex] = x; out.pageFirst[pageIndex] = first;
    if (row.truth_format === 'snippets') {
      snippetLabels(units, JSON.parse(truthText)).forEach(({ y, labelled }, k) => {
        const weight = labelled && !cut[units[k].id] ? 1 : 0;
        out.x.push(x.subarray(k * F, (k + 1) * F)); out.y.push(y); out.yc.push(0); out.w.push(weight); out.page.push(pageIndex);
        if (lx) out.lx.push(lx.subarray(k * L, (k + 1) * L));
        total += weight;
      });
    } else {
      // dragnet's gold appends the page's user comments after a marker line: a unit that matches
      // that part and not the article is a comment (the comment model's class), and noise for the body.
      const asciiOnly = name === 'l3s-gn1';
      const [articleText, commentText] = truthText.split(COMMENTS_MARKER);
      const tt = words(articleText, asciiOnly);
      const truth = wordGrams(tt);
      const comments = commentText !== undefined ? wordGrams(words(commentText, asciiOnly)) : null;
      units.forEach((u, k) => {
        const t = words(unitText(u), asciiOnly);
        const y = gramShare(t, truth);
        const isComment = comments !== null && y < 0.5 && gramShare(t, comments) >= 0.5;
        const weight = cut[u.id] || !t.length ? 0 : t.length + WEIGHT_FLOOR;
        out.x.push(x.subarray(k * F, (k + 1) * F)); out.y.push(y); out.yc.push(isComment ? 1 : 0); out.w.push(weight); out.page.push(pageIndex);
        if (lx) out.lx.push(lx.subarray(k * L, (k + 1) * L));
        total += weight;
      });
    }
    // Every page weighs the same, as in the benchmarks' mean-over-pages scores (times its set's --set-weight).
    const pageWeight = 100 * (SET_WEIGHT.get(name) ?? 1);
    for (let i = first; i < out.y.length; i++) out.w[i] = total ? (pageWeight * out.w[i]) / total : 0;
    // The page's markup, kept to encode its token features under each fold's table (encode()).
    out.pageTokens[pageIndex] = pageMarkupTokens(doc, units);
    out.pageStats[pageIndex] = pageTokenStats(out.pageTokens[pageIndex], out.y.slice(first), out.w.slice(first));
    out.pageWords[pageIndex] = units.map((u) => openingWords(unitText(u).toLowerCase()));
    out.wordStats[pageIndex] = pageWordStats(out.pageWords[pageIndex], out.y.slice(first), out.w.slice(first));
    out.pages.push({ id: row.id, url: row.url, html: `${dir}/${row.html}`, host: row.host ?? row.site ?? row.id, render });
  }
  process.stderr.write(`${name}: ${out.pages.length} pages, ${out.y.length} units\n`);
  return out;
}

/**
 * The token tables ({ markup, words }) from every labelled page for which `use(set, page)` holds.
 * Memoised by `key`: the folds name the tables.
 */
const TABLES = new Map();
function tokenTable(sets, key, use) {
  let t = TABLES.get(key);
  if (t) return t;
  const markup = [], words = [];
  for (const s of sets) s.pages.forEach((pg, q) => {
    if (!s.pageStats[q] || !use(s, q)) return;
    const host = `${s.name}/${pg.host}`;
    markup.push({ host, stats: s.pageStats[q] });
    words.push({ host, stats: s.wordStats[q] });
  });
  t = { markup: buildTokenTable(markup), words: buildTokenTable(words) };
  TABLES.set(key, t);
  return t;
}

/** Rewrites the token features of every page for which `which(set, page)` holds, under the tables `tablesOf(set, page)`. */
function encode(sets, which, tablesOf) {
  for (const s of sets) s.pageRows.forEach((rows, q) => {
    if (!rows || !which(s, q)) return;
    const t = tablesOf(s, q);
    writeMarkupTokenFeatures(s.pageTokens[q], t.markup, rows, F, TOKEN_AT);
    writeWordTokenFeatures(s.pageWords[q], t.words, rows, F, WORD_TOKENS_AT);
  });
}

/**
 * Rows (first pass, or second with `second`) of the units for which keepRow holds, packed for the
 * trainer; first-pass rows carry the layout features with `wide` (the comment model reads none).
 */
function pack(sets, keepRow, second, label = 'y', wide = LAYOUT) {
  const width = second ? G : wide ? FX : F;
  let n = 0;
  for (const s of sets) for (let i = 0; i < s.y.length; i++) if (keepRow(s, i)) n++;
  const X = new Float32Array(n * width), Y = new Float32Array(n), W = new Float32Array(n);
  let j = 0;
  for (const s of sets) for (let i = 0; i < s.y.length; i++) if (keepRow(s, i)) {
    X.set(second ? s.x2[i] : s.x[i], j * width);
    if (!second && wide) X.set(s.lx[i], j * width + F);
    Y[j] = s[label][i]; W[j] = s.w[i]; j++;
  }
  return { X, Y, W };
}

/** A unit's first-pass row as the first-pass model reads it. */
function firstPassRow(s, i) {
  if (!LAYOUT) return s.x[i];
  const row = new Float32Array(FX);
  row.set(s.x[i]); row.set(s.lx[i], F);
  return row;
}

/** The cached render of a page (scripts/eval-visual.mjs), or null when there is none or it failed. */
function cachedRender(set, id) {
  const file = `${a['layout-cache']}/${set}/${id}.json.gz`;
  if (!fs.existsSync(file)) return null;
  const rec = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8'));
  return rec.ok ? { html: rec.html, layout: rec.layout } : null;
}

/**
 * Out-of-fold first-pass probabilities for every unit (s.p1), then second-pass rows from them
 * (s.x2). Returns the K first-pass models; model k never saw fold k.
 */
function outOfFold(sets, K, foldOf, tag) {
  const models = [], tables = [];
  for (const s of sets) { s.p1 = new Float64Array(s.y.length); s.x2 = new Array(s.y.length); }
  for (let k = 0; k < K; k++) {
    // Model k's training rows (fold i) are encoded with a table that saw neither fold i nor fold k;
    // fold k's rows, which model k scores, with the table of every fold but k.
    encode(sets, (s, q) => foldOf(s, q) !== k, (s, q) => {
      const i = foldOf(s, q);
      return tokenTable(sets, `${tag}-${Math.min(i, k)}-${Math.max(i, k)}`, (s2, q2) => foldOf(s2, q2) !== i && foldOf(s2, q2) !== k);
    });
    const { X, Y, W } = pack(sets, (s, i) => foldOf(s, s.page[i]) !== k);
    const gbdt = trainGbdt(X, FX, Y, W, GBDT);
    models.push(gbdt);
    const table = tokenTable(sets, `${tag}-${k}`, (s, q) => foldOf(s, q) !== k);
    tables.push(table);
    encode(sets, (s, q) => foldOf(s, q) === k, () => table);
    for (const s of sets) {
      for (let i = 0; i < s.y.length; i++) if (foldOf(s, s.page[i]) === k) s.p1[i] = predictProba(gbdt, firstPassRow(s, i));
      // Second-pass rows now, while this fold's rows hold the encoding model k read.
      s.pageRows.forEach((rows, q) => {
        if (!rows || foldOf(s, q) !== k) return;
        const first = s.pageFirst[q], n = rows.length / F;
        const second = smoothingRows(rows, s.p1.subarray(first, first + n));
        for (let u = 0; u < n; u++) s.x2[first + u] = second.subarray(u * G, (u + 1) * G);
      });
    }
    process.stderr.write(`first pass, fold ${k + 1}/${K} trained (token tables: ${Object.keys(table.markup).length} class/id tokens, ${Object.keys(table.words).length} words)\n`);
  }
  return { models, tables };
}

function trainSmoother(sets, keepRow) {
  const { X, Y, W } = pack(sets, keepRow, true);
  return { features: SMOOTHED_FEATURE_NAMES, gbdt: trainGbdt(X, G, Y, W, GBDT) };
}

/**
 * The comment model (src/page/comments.ts): first-pass rows of dragnet's pages, whose truth marks
 * the user comments, labelled comment or not; `keepPage` picks the pages it learns from.
 */
function trainCommentModel(sets, keepPage) {
  const { X, Y, W } = pack(sets, (s, i) => s.name === 'dragnet' && keepPage(s, s.page[i]), false, 'yc', false);
  return { gbdt: trainGbdt(X, F, Y, W, GBDT) };
}
const commentModel = !a['no-comment-model'];

function hash(s) { let h = 2166136261; for (const c of s) h = Math.imul(h ^ c.charCodeAt(0), 16777619); return h >>> 0; }

const sets = a.sets.split(',').map(loadSet);
const smoothing = !a['no-smoother'];
if (a.cv) {
  if (!a.out) throw new Error('--cv needs --out DIR');
  const K = +a.cv;
  const foldOf = (s, q) => hash(`${s.name}/${s.pages[q].host}`) % K;
  // The folds of the out-of-fold pass are the CV folds: first-pass model k is the one that did not
  // see fold k. (Second-pass model k learns from rows of the other folds whose probabilities came
  // from first-pass models that did see fold k: a mild leak, the usual price of not nesting.)
  // Token tables follow the same folds: model k and the table it reads never saw fold k.
  const firstPass = outOfFold(sets, K, foldOf, 'cv');
  if (a['save-models']) {
    fs.mkdirSync(a['save-models'], { recursive: true });
    const folds = Object.fromEntries(sets.map((s) => [s.name, Object.fromEntries(s.pages.map((pg, q) => [pg.id, foldOf(s, q)]))]));
    fs.writeFileSync(`${a['save-models']}/folds.json`, JSON.stringify({ K, folds }));
  }
  for (let k = 0; k < K; k++) {
    const smoother = smoothing ? trainSmoother(sets, (s, i) => foldOf(s, s.page[i]) !== k) : undefined;
    const comments = commentModel ? trainCommentModel(sets, (s, q) => foldOf(s, q) !== k) : undefined;
    const blockModel = { features: BLOCK_FEATURES, gbdt: firstPass.models[k], smoother, markupTokens: firstPass.tables[k].markup, wordTokens: firstPass.tables[k].words, comments,
      ...(LAYOUT ? { layoutFeatures: LAYOUT_FEATURES } : {}) };
    if (a['save-models']) fs.writeFileSync(`${a['save-models']}/fold-${k}.json`, JSON.stringify(blockModel));
    for (const mode of a.modes.split(',')) {
      const out = mode === 'balanced' ? a.out : `${a.out}-${mode}`;
      for (const s of sets) {
        fs.mkdirSync(`${out}/${s.name}`, { recursive: true });
        s.pages.forEach((pg, q) => {
          if (foldOf(s, q) !== k) return;
          // Each set with the options of its truth's convention (src/eval/conventions.ts), as `thresher eval` does.
          // The page as `thresher eval` reads it: the datasets hold UTF-8 text (a leftover <meta charset> names the original encoding).
          const html = pg.render ? pg.render.html : zlib.gunzipSync(fs.readFileSync(pg.html)).toString('utf8');
          const r = extract(html, { blockModel, url: pg.url, mode, ...conventionOptions(s.name), ...(pg.render ? { layout: pg.render.layout } : {}) });
          fs.writeFileSync(`${out}/${s.name}/${pg.id}.txt`, conventionText(r));
        });
      }
    }
    process.stderr.write(`fold ${k + 1}/${K} done\n`);
  }
  console.log(`held-out outputs in ${a.out}/<set>; score each with node ../shared/eval/score.mjs --dataset SET --out ${a.out}/SET`);
} else {
  const K = +a.oof;
  const foldOf = (s, q) => hash(`oof/${s.name}/${s.pages[q].host}`) % K;
  if (smoothing) outOfFold(sets, K, foldOf, 'oof');
  // Out-of-fold target encoding for the shipped first pass: each row's token features come from
  // the table of the other folds; the shipped table is learned from every page.
  encode(sets, () => true, (s, q) => { const i = foldOf(s, q); return tokenTable(sets, `oof-${i}`, (s2, q2) => foldOf(s2, q2) !== i); });
  const { markup: markupTokens, words: wordTokens } = tokenTable(sets, 'all', () => true);
  const { X, Y, W } = pack(sets, () => true);
  const gbdt = trainGbdt(X, FX, Y, W, GBDT);
  const smoother = smoothing ? trainSmoother(sets, () => true) : undefined;
  const comments = commentModel ? trainCommentModel(sets, () => true) : undefined;
  const r = (v) => Number(v.toPrecision(6));
  const compact = (m) => ({ ...m, base: r(m.base), trees: m.trees.map((t) => ({ ...t, threshold: t.threshold.map((v) => Math.fround(v)), value: t.value.map(r) })) });
  const model = { features: BLOCK_FEATURES, gbdt: compact(gbdt), ...(smoother ? { smoother: { features: smoother.features, gbdt: compact(smoother.gbdt) } } : {}), markupTokens, wordTokens,
    ...(comments ? { comments: { gbdt: compact(comments.gbdt) } } : {}), ...(LAYOUT ? { layoutFeatures: LAYOUT_FEATURES } : {}) };
  const body = `// Generated by scripts/train-block-model.mjs (${GBDT.trees} trees, depth ${GBDT.depth}, rate ${GBDT.learningRate}` +
    `, subsample ${GBDT.subsample}${GBDT.colsample < 1 ? `, colsample ${GBDT.colsample}` : ''}, seed ${GBDT.seed}` +
    `${SET_WEIGHT.size ? `, set weights ${a['set-weight']}` : ''}` +
    `${smoother ? `; second pass on ${K}-fold out-of-fold probabilities` : ''}) ` +
    `from ${sets.map((s) => `${s.name} (${s.pages.length})`).join(', ')}. Do not edit.\n` +
    `import type { BlockModel } from './learned.js';\n\n` +
    `export const ${LAYOUT ? 'BLOCK_MODEL_LAYOUT' : 'BLOCK_MODEL'}: BlockModel = ${JSON.stringify(model)};\n`;
  const file = LAYOUT ? 'src/page/block-model-layout.generated.ts' : 'src/page/block-model.generated.ts';
  fs.writeFileSync(file, body);
  console.log(`wrote ${file} (${(body.length / 1024).toFixed(0)} KiB); rebuild with npm run build`);
}
