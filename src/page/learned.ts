/**
 * The learned refinement of the default labeler: a block classifier over text units.
 *
 * Paper 000 labels blocks by thresholds on their features; paper 003 by fixed rules. Both are
 * hand-set decision functions over the same kind of block features. Here the decision function is
 * learned instead: a gradient-boosted tree ensemble (learn/gbdt.ts) reads each text unit's
 * features (block-features.ts), including what the structural labeler (default.ts) decided, and
 * gives the probability that the unit is topic content. It was trained by
 * scripts/train-block-model.mjs on the development sets' ground truth, validated by host-grouped
 * cross-validation (docs/default-labeler.md).
 *
 * The kept set is not "p > 0.5": per page, units are taken in order of probability while the
 * expected F1 of the kept text still rises (the plug-in rule for maximising expected F1). A page
 * with little confident content then keeps its best candidates instead of nothing, and a page
 * full of confident content does not drag in the doubtful ones.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { ThresherError } from '../errors.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { predictProbaRows, type GbdtModel } from '../learn/gbdt.js';
import { orderBy } from '../learn/order.js';
import { BLOCK_FEATURES, N_BLOCK_FEATURES, blockFeatures, textUnits, unitText } from './block-features.js';
import { BLOCK_MODEL } from './block-model.generated.js';
import { N_SMOOTHED_FEATURES, SMOOTHED_FEATURE_NAMES, smoothingRows } from './smoothing.js';
import type { DefaultLabels } from './default.js';
import { CONTENT, Labels, NOISE } from './labels.js';
import { pageTitle } from './metadata/raw-title.js';
import type { TokenTable } from './token-table.js';
import type { ExtractMode, PageType } from '../types.js';
import { LAYOUT_FEATURES, N_LAYOUT_FEATURES, layoutFeatures, widenRows } from './layout-features.js';
import type { LayoutSnapshot } from '../visual/layout.js';

export interface BlockModel {
  features: readonly string[];
  gbdt: GbdtModel;
  /** The second pass (smoothing.ts), over the first pass's rows and probabilities. */
  smoother?: { features: readonly string[]; gbdt: GbdtModel };
  /** The class/id vocabulary the token features read (markup-tokens.ts); none: those features are 0. */
  markupTokens?: TokenTable;
  /** The opening-word vocabulary (word-tokens.ts); none: those features are 0. */
  wordTokens?: TokenTable;
  /**
   * User comments are their own class: this ensemble reads the first-pass rows and gives the
   * probability that a unit is part of a user comment (comments.ts). None: no comments are found.
   */
  comments?: { gbdt: GbdtModel };
  /**
   * A model trained with the units' layout features (layout-features.ts) names them here: its
   * first pass reads rows of features + layoutFeatures, and it needs the page's layout. The
   * second pass and the comment model read the layout-free rows either way.
   */
  layoutFeatures?: readonly string[];
}

/** What the labeler knows of the page besides its tree (page/metadata/). */
export interface LearnedContext {
  headline?: DomElement | null;
  articleBody?: string;
  mode?: ExtractMode;
  /** The rendered layout, for a model with layout features. */
  layout?: LayoutSnapshot;
}

/**
 * Log-odds added to every unit's probability before the expected-F1 cut: 'precision' drops the
 * doubtful units, 'recall' takes them. The figures at ±0.6 and ±0.3: docs/labeler-experiments.md
 * and docs/extraction-quality.md, "Modes".
 */
export const MODE_BIAS: Record<ExtractMode, number> = { precision: -0.6, balanced: 0, recall: 0.6 };

/** The learned pass over a page: its units, their feature rows and content probabilities. */
export interface UnitScores {
  units: DomElement[];
  rows: Float32Array;
  p: Float64Array;
  keep: boolean[];
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((f, i) => f === b[i]);
}

export function labelLearned(doc: DomDocument, base: DefaultLabels, model: BlockModel = BLOCK_MODEL, ctx: LearnedContext = {}): Labels & { pageType: PageType; scores: UnitScores } {
  if (!sameNames(model.features, BLOCK_FEATURES) || (model.smoother && !sameNames(model.smoother.features, SMOOTHED_FEATURE_NAMES)) ||
    (model.layoutFeatures && !sameNames(model.layoutFeatures, LAYOUT_FEATURES))) {
    throw new ThresherError('E_MODEL', 'the block model was trained on other features than block-features.ts and smoothing.ts compute; retrain it (scripts/train-block-model.mjs)');
  }
  const units = textUnits(doc);
  const texts = units.map(unitText);
  const rows = blockFeatures(doc, units, {
    labels: base, root: base.root, hub: base.pageType === 'hub', title: pageTitle(doc), markupTokens: model.markupTokens, wordTokens: model.wordTokens,
    headline: ctx.headline, articleBody: ctx.articleBody, texts,
  });
  let p = firstPass(doc, units, rows, model, ctx.layout);
  if (model.smoother) p = secondPass(model.smoother.gbdt, rows, p);
  p = keepTableRowsWhole(units, shareVerdictInAlikeRuns(units, p));
  const bias = MODE_BIAS[ctx.mode ?? 'balanced'];
  const keep = selectExpectedF1(bias ? shiftLogOdds(p, bias) : p, units.map((u) => u.inlineLen));
  dropRepeatedText(units, keep, texts);
  const labels = new Labels(doc) as Labels & { pageType: PageType; scores: UnitScores };
  labels.scores = { units, rows, p, keep };
  labels.pageType = base.pageType;
  const unitAt = new Map<number, number>();
  units.forEach((u, k) => unitAt.set(u.id, k));
  // Only the few units that end up carrying a label need their verdict written out.
  const verdict: Verdicts = {
    has: (id) => unitAt.has(id),
    get: (id) => { const k = unitAt.get(id); return k === undefined ? undefined : `block model: p = ${p[k].toFixed(2)}, ${keep[k] ? 'kept' : 'dropped'}`; },
  };
  markKept(doc, units.filter((_, k) => keep[k]), verdict, labels);
  return labels;
}

/**
 * The model's length-weighted mean probability over the units that `other` keeps and the learned
 * `labels` (with their scores) do not: how much the model believes in what another labeler adds.
 * Null when it adds no unit text.
 */
export function addedUnitsScore(labels: Labels & { scores?: UnitScores }, other: Labels): number | null {
  const scores = labels.scores;
  if (!scores) return null;
  const own = labels.effectiveAll(), theirs = other.effectiveAll();
  let len = 0, weighted = 0;
  for (let k = 0; k < scores.units.length; k++) {
    const id = scores.units[k].id;
    if (theirs[id] !== CONTENT || own[id] === CONTENT) continue;
    len += scores.units[k].inlineLen;
    weighted += scores.units[k].inlineLen * scores.p[k];
  }
  return len > 0 ? weighted / len : null;
}

/** A run of alike units shares its verdict from this many units on. */
const ALIKE_RUN_MIN = 3;
/** ...when their lengths are this alike: standard deviation at most this share of the mean. */
const ALIKE_RUN_SPREAD = 0.8;

/**
 * Consecutive units alike in markup (the same tag, in the same kind of parent, under the same
 * grandparent, with or without a link) and in length are one kind of thing: a list's items, a
 * transcript's lines, a run of teasers, the paragraphs of one body. They get one verdict, their
 * mean probability, so a model on the fence does not keep every other line of a run: on a page of
 * 2,000 alike lines a retrained model kept 1,262 of them, at random places. Measured held out
 * (docs/extraction-quality.md, seventh session) on two families of fold models: every set rose,
 * by .0006 to .0042.
 */
export function shareVerdictInAlikeRuns(units: readonly DomElement[], p: Float64Array): Float64Array {
  const out = p.slice();
  let start = 0;
  for (let k = 1; k <= units.length; k++) {
    if (k < units.length && alikeInMarkup(units[start], units[k])) continue;
    const n = k - start;
    if (n >= ALIKE_RUN_MIN) {
      let sum = 0, squares = 0, pSum = 0;
      for (let j = start; j < k; j++) { const len = units[j].inlineLen; sum += len; squares += len * len; pSum += p[j]; }
      const mean = sum / n, spread = Math.sqrt(Math.max(0, squares / n - mean * mean));
      if (spread <= ALIKE_RUN_SPREAD * mean) out.fill(pSum / n, start, k);
    }
    start = k;
  }
  return out;
}

/** A data table's cell holds a value or a short phrase; a longer one is a layout table's column. */
const MAX_DATA_CELL = 200;

/**
 * The cells of a data table's row (<td>s and <th>s of short text) take the verdict of the row's
 * most likely cell: a row is one record, a key with its value and its explanation, which differ in
 * length by nature (so no alike run holds them), and a verdict per cell broke rows apart ("ttl"
 * kept, its "5m" dropped). A row with a cell of more text is a layout table's: left as it is.
 */
export function keepTableRowsWhole(units: readonly DomElement[], p: Float64Array): Float64Array {
  let out: Float64Array | null = null;
  for (let k = 0; k < units.length;) {
    const row = units[k].parent;
    let end = k;
    while (end < units.length && units[end].parent === row && isCell(units[end])) end++;
    if (end - k >= 2 && isDataRow(row!)) {
      let max = 0;
      for (let j = k; j < end; j++) max = Math.max(max, p[j]);
      out ??= p.slice();
      out.fill(max, k, end);
    }
    k = Math.max(end, k + 1);
  }
  return out ?? p;
}

function isCell(u: DomElement): boolean {
  return (u.tag === 'td' || u.tag === 'th') && u.parent?.tag === 'tr';
}

function isDataRow(row: DomElement): boolean {
  for (const c of row.children) {
    if (c.kind !== 1) continue;
    const cell = c as DomElement;
    // A cell that is mostly a link is a menu's or a listing's (a row of links), not a value.
    if (cell.textLen > MAX_DATA_CELL || cell.linkTextLen * 2 > cell.textLen) return false;
  }
  return true;
}

function alikeInMarkup(a: DomElement, b: DomElement): boolean {
  return a.tag === b.tag && a.parent?.tag === b.parent?.tag && a.parent?.parent === b.parent?.parent
    && (a.inlineLinkLen > 0) === (b.inlineLinkLen > 0);
}

/** The first pass's probabilities: over the block features, and the layout features when the model reads them. */
function firstPass(doc: DomDocument, units: DomElement[], rows: Float32Array, model: BlockModel, layout: LayoutSnapshot | undefined): Float64Array {
  if (!model.layoutFeatures) return predictProbaRows(model.gbdt, rows, units.length, N_BLOCK_FEATURES);
  if (!layout) throw new ThresherError('E_BAD_OPTION', 'this block model reads layout features: pass options.layout (the page rendered: extract --render, renderPage())');
  const wide = widenRows(rows, N_BLOCK_FEATURES, layoutFeatures(doc, units, layout), N_LAYOUT_FEATURES);
  return predictProbaRows(model.gbdt, wide, units.length, N_BLOCK_FEATURES + N_LAYOUT_FEATURES);
}

/** p with `bias` added to its log-odds. */
export function shiftLogOdds(p: Float64Array, bias: number): Float64Array {
  const out = new Float64Array(p.length);
  for (let i = 0; i < p.length; i++) {
    const q = Math.min(1 - 1e-9, Math.max(1e-9, p[i]));
    out[i] = 1 / (1 + Math.exp(-(Math.log(q / (1 - q)) + bias)));
  }
  return out;
}

/** Kept units shorter than this may repeat (a "Read more" in every section); longer ones may not. */
const REPEAT_MIN_CHARS = 40;

/**
 * A kept unit whose text repeats an earlier kept unit in another container is dropped: a
 * paywall's copy of the article, a pull quote, a lead repeated as the teaser of its own page.
 * Repeats among siblings stay (a refrain, a list's repeated item, placeholder text): one
 * container repeating itself is the author's choice, two containers with one text are a copy.
 * `texts`: the units' unitText, when the caller has them.
 */
export function dropRepeatedText(units: readonly DomElement[], keep: boolean[], texts?: readonly string[]): void {
  const seen = new Map<string, DomElement | null>();
  for (let k = 0; k < units.length; k++) {
    if (!keep[k] || units[k].inlineLen < REPEAT_MIN_CHARS) continue;
    const t = texts ? texts[k] : unitText(units[k]);
    const first = seen.get(t);
    if (first === undefined) seen.set(t, units[k].parent);
    else if (first !== units[k].parent) keep[k] = false;
  }
}

/**
 * Below this first-pass probability a unit keeps it: the second pass is run only for the others.
 * Such confident noise is half of a page's units (48% on the trafilatura set, 29% on wcxb-dev), and
 * held out the second pass's verdict on them changed no set's score by more than .0002
 * (docs/labeler-experiments.md); at 0.1 scores moved by up to .0012 either way.
 */
export const SECOND_PASS_FROM = 0.05;

/** Second-pass probabilities for the units the first pass was not sure were noise; the first pass's for the rest. */
export function secondPass(smoother: GbdtModel, rows: Float32Array, p1: Float64Array): Float64Array {
  let count = 0;
  for (let k = 0; k < p1.length; k++) if (p1[k] >= SECOND_PASS_FROM) count++;
  const doubtful = new Int32Array(count);
  for (let k = 0, j = 0; k < p1.length; k++) if (p1[k] >= SECOND_PASS_FROM) doubtful[j++] = k;
  const p2 = predictProbaRows(smoother, smoothingRows(rows, p1, doubtful), count, N_SMOOTHED_FEATURES);
  const p = p1.slice();
  for (let j = 0; j < count; j++) p[doubtful[j]] = p2[j];
  return p;
}

/** Per element id: whether it is a text unit, and the block model's verdict on it. */
interface Verdicts {
  has(id: number): boolean;
  get(id: number): string | undefined;
}

/**
 * Turns kept units into a labels overlay that keeps the page's structure: one CONTENT root at the
 * deepest element holding every kept unit, NOISE on each maximal subtree inside it that has text
 * but no kept unit. Text-less elements (images, rules) between kept units stay. Only a dropped unit
 * holding kept units (stray text around paragraphs) splits the content into several roots.
 */
function markKept(doc: DomDocument, kept: DomElement[], verdict: Verdicts, labels: Labels): void {
  if (!kept.length) return;
  const els = doc.elements;
  const keptHere = new Uint8Array(els.length);
  for (const u of kept) keptHere[u.id] = 1;
  // keptBelow[i]: kept units in i's subtree; children have larger ids, so one reverse pass.
  const keptBelow = new Int32Array(els.length);
  for (let i = els.length - 1; i >= 0; i--) {
    keptBelow[i] += keptHere[i];
    const parent = els[i].parent;
    if (parent) keptBelow[parent.id] += keptBelow[i];
  }
  let root = doc.body ?? doc.root;
  for (;;) {
    if (keptHere[root.id]) break;
    const next = root.children.find((c): c is DomElement => c.kind === 1 && keptBelow[c.id] === keptBelow[root.id]);
    if (!next) break;
    root = next;
  }
  const stack: [DomElement, boolean][] = [[root, false]];
  while (stack.length) {
    const [el, inside] = stack.pop()!;
    // An inline element (a <font> or <a> around blocks) carries its unit's own text, so it is
    // never cut; only the blocks below it are.
    if (el !== root && !BLOCK_TAGS.has(el.tag)) {
      if (inside || keptBelow[el.id] > 0) pushBlockHolders(el, inside, stack);
      continue;
    }
    const isUnit = verdict.has(el.id);
    const content = keptBelow[el.id] > 0 ? (!isUnit || keptHere[el.id] === 1) : el.textLen === 0 && inside;
    if (content && !inside) labels.set(el, CONTENT, verdict.get(el.id) ?? 'holds the kept units');
    else if (!content && inside) labels.set(el, NOISE, verdict.get(el.id) ?? firstVerdict(el, verdict) ?? 'no kept unit inside');
    if (keptBelow[el.id] > 0) pushBlockHolders(el, content, stack);
  }
}

/** Children that are blocks or hold blocks: the only ones that can need a label of their own. */
function pushBlockHolders(el: DomElement, inside: boolean, stack: [DomElement, boolean][]): void {
  for (const c of el.children) if (c.kind === 1 && (c.blocks > 0 || BLOCK_TAGS.has(c.tag))) stack.push([c, inside]);
}

/** The verdict on the first unit of a dropped subtree, for the debug view. */
function firstVerdict(el: DomElement, verdict: Verdicts): string | undefined {
  for (let i = el.id, end = el.id + el.tags; i <= end; i++) if (verdict.has(i)) return verdict.get(i);
  return undefined;
}

/**
 * Units ranked by probability; the kept prefix maximises 2·Σp·w / (Σw + Σ_all p·w), the expected
 * F1 of the kept text measured in `weight` (text length) units.
 */
export function selectExpectedF1(p: ArrayLike<number>, weight: ArrayLike<number>): boolean[] {
  const order = orderBy(p, true);
  let expected = 0;
  for (let i = 0; i < p.length; i++) expected += p[i] * weight[i];
  let a = 0, b = 0, best = 0, bestK = 0;
  for (let k = 0; k < order.length; k++) {
    a += p[order[k]] * weight[order[k]]; b += weight[order[k]];
    const f = (2 * a) / (b + expected);
    if (f > best) { best = f; bestK = k + 1; }
  }
  const keep = new Array<boolean>(p.length).fill(false);
  for (let k = 0; k < bestK; k++) keep[order[k]] = true;
  return keep;
}
