/**
 * Paper 002 (Shen, Li, Wang, "Application on web page filtering technology") end to end: DVPS on
 * a rendered page, and the labeler that turns its blocks into thresher's Labels.
 *
 *   tree + LayoutSnapshot ─join─▶ DIV_FOREST (§3.1–3.2) ─Table 1─▶ page block pool (§3.3)
 *     ─separators─▶ semantic block reconstruction (§3.3) ─▶ Imp_s (Eq. 5), Imp_y (Eq. 9),
 *     function-block thesaurus (§4.1) ─▶ CONTENT / NOISE
 *
 * The paper measures its result as the topic block it finds on each page (§5.1, Table 4) and
 * does not say how Eq. 5 and Eq. 9 combine, nor which blocks besides the topic block to keep.
 * Chosen, and tested on the synthetic fixtures:
 *  - A semantic block is noise when nothing of it is shown, when it has no text, or when the
 *    thesaurus finds it to be a function block. It is never content then, whatever its place.
 *  - Importance = Imp_s × Imp_y: a block must matter both where it sits and in what it says. The
 *    mean was tried first and kept a one-line footer on a short page (Eq. 5 as printed rewards a
 *    full-width strip: Imp_s 0.90 against the article's 0.83). A product also makes the ratio
 *    test below independent of each measure's range (Imp_s reaches 1.3, Imp_y 1).
 *  - The topic block is the most important of the others; any other block whose importance is at
 *    least contentRatio (0.5) of the topic block's is content too (a second part of the article
 *    that did not merge); the rest is noise.
 *  - §4.1 applies the thesaurus to "DIV blocks": inside a content block made of several basic
 *    DIV blocks, a basic block that is a function block on its own (a print/close/share line
 *    under the article) is noise too.
 *  - Elements the browser does not show (display:none, visibility:hidden, opacity 0, zero-size,
 *    off the page, no box) with nothing shown inside are cut as noise, inside content blocks too.
 * Library code: a malformed layout or parameter throws ThresherError E_BAD_OPTION; a layout that
 * matches the page poorly is a diagnostic (W_LAYOUT_JOIN), not an error.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { ThresherError } from '../errors.js';
import { CONTENT, Labels, NOISE } from '../page/labels.js';
import type { Diagnostic } from '../types.js';
import { addFeatures, buildDivForest, emptyFeatures, mainFont, type BlockFeatures, type DivForest, type DivNode } from './div-forest.js';
import { dvpsParams, type DvpsParams } from './dvps-params.js';
import { extractPageBlocks, type PageBlock, type PagePool } from './dvps-rules.js';
import { relativeAmount, semanticImportance, spatialImportance } from './importance.js';
import { joinLayout, pageRect, Shown, SHOWN_NAMES, type LayoutJoin, type LayoutSnapshot, type Rect } from './layout.js';
import { reconstructBlocks, type Reconstruction } from './reconstruct.js';
import { detectSeparators, type Separator, type SeparatorSide } from './separators.js';
import { isFunctionBlock, matchFunctionTerms, type FunctionMatch } from './thesaurus.js';

/** A semantic block with its §4 measures and the labeler's decision. */
export interface SemanticBlock {
  index: number;
  /** Pool blocks it was made of (ascending). */
  members: PageBlock[];
  doc: number;
  features: BlockFeatures;
  box: Rect | null;
  /** Eq. 5 and Eq. 9, and their product. */
  spatial: number;
  semantic: number;
  importance: number;
  /** Eq. 6, 7, 8: shares of the page's text, body tags and function-term words. */
  rt: number;
  rTopicTag: number;
  rFunctionalTag: number;
  fn: FunctionMatch;
  functionBlock: boolean;
  /** Basic DIV blocks of a block of several that are function blocks on their own (§4.1). */
  functionParts: { node: DivNode; fn: FunctionMatch }[];
  label: 'content' | 'noise';
  reason: string;
}

export interface DvpsResult {
  params: DvpsParams;
  join: LayoutJoin;
  forest: DivForest;
  pool: PagePool;
  separators: Separator[];
  reconstruction: Reconstruction;
  blocks: SemanticBlock[];
  /** Index of the topic block in `blocks`, or -1 when no block qualifies. */
  topic: number;
  diagnostics: Diagnostic[];
}

/** Below this share of the page's elements matched, the result says so (W_LAYOUT_JOIN). */
const MIN_COVERAGE = 0.9;

function checkParams(p: DvpsParams): void {
  const nums: [string, number][] = [
    ['pDoc', p.pDoc], ['smallShare', p.smallShare], ['largeShare', p.largeShare], ['fewWords', p.fewWords],
    ['dividableDoc', p.dividableDoc], ['docScale', p.docScale], ['spacingShare', p.spacingShare], ['spacingEms', p.spacingEms],
    ['contentRatio', p.contentRatio], ['thesaurus.minConcepts', p.thesaurus.minConcepts],
    ['thesaurus.minShare', p.thesaurus.minShare], ['thesaurus.soloShare', p.thesaurus.soloShare],
    ...p.spatialWeights.map((w, i): [string, number] => [`spatialWeights[${i}]`, w]),
    ...p.semanticWeights.map((w, i): [string, number] => [`semanticWeights[${i}]`, w]),
  ];
  for (const [k, v] of nums) {
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) throw new ThresherError('E_BAD_OPTION', `dvps: ${k} must be a finite number >= 0, not ${String(v)}`);
  }
  if (p.spacingShare > 1) throw new ThresherError('E_BAD_OPTION', 'dvps: spacingShare must be at most 1');
  if (p.spacingEms === 0 || p.docScale === 0) throw new ThresherError('E_BAD_OPTION', 'dvps: spacingEms and docScale must be > 0');
  for (const [k, w] of [['spatialWeights', p.spatialWeights], ['semanticWeights', p.semanticWeights]] as const) {
    if (w.length !== 3 || w[0] + w[1] + w[2] <= 0) throw new ThresherError('E_BAD_OPTION', `dvps: ${k} must be three weights with a positive sum`);
  }
}

/** Every stage of DVPS on one page. `doc` must have its features computed. */
export function dvps(doc: DomDocument, layout: LayoutSnapshot, params: Partial<DvpsParams> = {}): DvpsResult {
  const p = dvpsParams(params);
  checkParams(p);
  const join = joinLayout(doc, layout);
  const forest = buildDivForest(doc, join, p.divTags);
  const pool = extractPageBlocks(forest, p);
  const sides = pool.blocks.map(sideOf);
  const separators = detectSeparators(sides, p);
  const reconstruction = reconstructBlocks(pool.blocks.map((b) => b.doc), separators, p);
  const blocks = measure(forest, pool, reconstruction, p);
  const topic = decide(blocks, p);
  const diagnostics: Diagnostic[] = [];
  const total = join.matched + join.unmatchedDom;
  if (total > 0 && join.matched < MIN_COVERAGE * total) {
    diagnostics.push({
      code: 'W_LAYOUT_JOIN',
      message: `the layout snapshot matches ${join.matched} of the page's ${total} elements` +
        (join.unmatchedExamples.length ? ` (first without a box: ${join.unmatchedExamples[0]})` : '') +
        ': was it captured from the same HTML, with scripts off?',
    });
  }
  return { params: p, join, forest, pool, separators, reconstruction, blocks, topic, diagnostics };
}

function sideOf(b: PageBlock): SeparatorSide {
  const f = b.features;
  return { box: f.box, font: mainFont(f), background: b.background, linkDensity: f.textLen > 0 ? f.linkTextLen / f.textLen : 1 };
}

/** Sums each semantic block's features and computes Eq. 5–9 and the thesaurus match. */
function measure(forest: DivForest, pool: PagePool, r: Reconstruction, p: DvpsParams): SemanticBlock[] {
  const body = forest.root?.sub ?? emptyFeatures();
  const page = pageRect(forest.join.snapshot);
  const matches = pool.blocks.map((b) => matchFunctionTerms(b.features.texts.join(' ')));
  const pageTermWords = matches.reduce((s, m) => s + m.termWords, 0);
  return r.groups.map((g, index) => {
    const members = g.map((i) => pool.blocks[i]);
    const features = emptyFeatures();
    for (const m of members) addFeatures(features, m.features);
    const fn = g.length === 1 ? matches[g[0]] : matchFunctionTerms(features.texts.join(' '));
    const box = features.box;
    const spatial = box && box.width > 0 && box.height > 0 ? spatialImportance(box, page, p.spatialWeights) : 0;
    // Without the semantic half (the VIPS-style baseline), Imp_y is 1: importance is Imp_s alone.
    const semantic = p.semantics ? semanticImportance(features, { textLen: body.textLen, htmlNumber: body.htmlNumber }, p.semanticWeights) : 1;
    const nodes = members.flatMap((m) => m.nodes);
    const functionParts = nodes.length < 2 || !p.semantics ? [] : nodes
      .map((node) => ({ node, fn: matchFunctionTerms(node.own.texts.join(' ')) }))
      .filter((x) => isFunctionBlock(x.fn, p.thesaurus));
    return {
      index, members, doc: r.docs[index], features, box, spatial, semantic, importance: spatial * semantic,
      rt: relativeAmount(features.textLen, body.textLen), rTopicTag: relativeAmount(features.bodyTags, body.bodyTags),
      rFunctionalTag: relativeAmount(fn.termWords, pageTermWords), fn, functionBlock: p.semantics && isFunctionBlock(fn, p.thesaurus), functionParts,
      label: 'noise' as const, reason: '',
    };
  });
}

const f2 = (x: number): string => x.toFixed(2);

function functionWhy(fn: FunctionMatch): string {
  return `${fn.concepts.join(', ')} (${Math.round((100 * fn.termWords) / fn.words)}% of ${fn.words} words)`;
}

/** Labels every semantic block content or noise (see the header); returns the topic block's index. */
function decide(blocks: SemanticBlock[], p: DvpsParams): number {
  let topic = -1;
  for (const b of blocks) {
    const imp = `importance ${f2(b.importance)} (Imp_s ${f2(b.spatial)} × Imp_y ${f2(b.semantic)})`;
    if (!b.box || b.box.width <= 0 || b.box.height <= 0) b.reason = 'nothing of it is shown with an area';
    else if (b.features.textLen === 0) b.reason = 'no text';
    else if (b.functionBlock) {
      b.reason = `function block: ${functionWhy(b.fn)}`;
    } else {
      b.reason = imp;
      if (topic < 0 || b.importance > blocks[topic].importance) topic = b.index;
    }
  }
  if (topic < 0) return -1;
  const best = blocks[topic].importance;
  for (const b of blocks) {
    if (b.reason.startsWith('importance')) {
      if (b.index === topic) { b.label = 'content'; b.reason = `topic block, ${b.reason}`; }
      else if (b.importance >= p.contentRatio * best) { b.label = 'content'; b.reason += ` >= ${p.contentRatio} of the topic block's ${f2(best)}`; }
      else b.reason += ` < ${p.contentRatio} of the topic block's ${f2(best)}`;
    }
  }
  return topic;
}

/** The prefix every label reason starts with: which semantic block, its Doc and pool blocks. */
function blockTag(b: SemanticBlock): string {
  const ids = b.members.map((m) => m.index);
  const span = ids.length === 1 ? `pool block ${ids[0]}` : `pool blocks ${ids.join(', ')}`;
  return `DVPS semantic block ${b.index} (Doc ${b.doc.toFixed(1)}, ${span})`;
}

/**
 * The DVPS labeler: CONTENT on the DIV nodes of content blocks, NOISE on the others, and NOISE
 * cut over what the browser does not show. `doc` must have its features computed; throws
 * ThresherError E_BAD_OPTION on a malformed layout or parameter.
 */
export function labelDvps(doc: DomDocument, layout: LayoutSnapshot, params: Partial<DvpsParams> = {}): Labels & { diagnostics?: Diagnostic[] } {
  const r = dvps(doc, layout, params);
  const labels: Labels & { diagnostics?: Diagnostic[] } = new Labels(doc);
  for (const b of r.blocks) {
    const label = b.label === 'content' ? CONTENT : NOISE;
    const reason = `${blockTag(b)}: ${b.reason}`;
    // Each DIV node of the block is labelled, so that a function part below cannot pass its NOISE on.
    for (const m of b.members) {
      labels.set(m.root.el, label, reason);
      for (const n of m.nodes) labels.set(n.el, label, reason);
    }
    if (b.label !== 'content') continue;
    for (const { node, fn } of b.functionParts) labels.set(node.el, NOISE, `${blockTag(b)}: function DIV block inside it: ${functionWhy(fn)}`);
  }
  cutUnshown(doc, r.join, labels);
  if (r.diagnostics.length) labels.diagnostics = r.diagnostics;
  return labels;
}

/** Cuts (NOISE) every element of the body the browser does not show and under which nothing shows. */
function cutUnshown(doc: DomDocument, join: LayoutJoin, labels: Labels): void {
  const body = doc.body;
  if (!body) return;
  const els = doc.elements, start = body.id, end = body.id + body.tags;
  const shownBelow = new Uint8Array(els.length);
  for (let i = end; i >= start; i--) {
    if (join.state[i] === Shown.VISIBLE) shownBelow[i] = 1;
    const p: DomElement | null = els[i].parent;
    if (shownBelow[i] && p) shownBelow[p.id] = 1;
  }
  for (let i = start; i <= end; i++) {
    if (shownBelow[i]) continue;
    labels.cut(els[i], `not shown by the browser: ${SHOWN_NAMES[join.state[i]]}`);
    i += els[i].tags;
  }
}

