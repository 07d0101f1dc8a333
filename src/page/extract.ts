/**
 * extract(): one page in, its topic content out.
 *   bytes ─decode─▶ string ─parse+prune─▶ tree ─features─▶ labeler ─▶ labels ─render─▶ text/markdown/html
 * With a fallback cascade when the chosen labeler keeps too little, its attempts recorded.
 */
import { decodeHtml, looksBinary } from '../dom/decode.js';
import { computeFeatures } from '../dom/features.js';
import type { DomDocument, DomElement } from '../dom/node.js';
import { parseHtml } from '../dom/parse.js';
import { ThresherError } from '../errors.js';
import { renderText } from '../render/text.js';
import { escapeHeading, renderMarkdown } from '../render/markdown.js';
import { CLEAN_HTML_GENERATOR, renderHtml } from '../render/html.js';
import type { Algorithm, Budget, Diagnostic, ExtractOptions, Extraction } from '../types.js';
import { ALGORITHMS, EXTRACT_MODES, OUTPUT_FORMATS } from '../types.js';
import { labelDefault } from './default.js';
import { blockDebug } from './debug.js';
import { addedUnitsScore, labelLearned, type BlockModel, type UnitScores } from './learned.js';
import { BLOCK_MODEL } from './block-model.generated.js';
import { CONTENT, Labels } from './labels.js';
import { extractMetadata } from './metadata/index.js';
import type { MetadataResult } from './metadata/types.js';
import { applyContract, isFigureReason, isScriptNotice } from './contract.js';
import { findComments, renderComments } from './comments.js';
import { customerReviews } from './customer-reviews.js';
import { jsonArticle, SHORT_ARTICLE_CHARS, type JsonArticle } from './json-article.js';
import { cjkWeightedLength } from '../text/measure.js';
import { repairMojibake } from '../text/mojibake.js';
import { toNfc } from '../text/unicode.js';
import { oneLine } from '../text/whitespace.js';
import { labelSatisfiable } from './satisfiable.js';
import { cutDeclaredBoilerplate } from './boilerplate.js';
import { labelTagTree } from './tag-tree.js';
import { labelDvps } from '../visual/dvps.js';

export type Labeler = (doc: DomDocument, options: ExtractOptions, meta?: MetadataResult) => Labels & { pageType?: Extraction['pageType']; scores?: UnitScores };

export const LABELERS: Record<Algorithm, Labeler> = {
  default: (doc, options, meta) => {
    const structural = labelDefault(doc);
    if (options.model === false) return structural;
    return labelLearned(doc, structural, options.blockModel, { headline: meta?.headline, articleBody: meta?.articleBody, mode: options.mode, layout: options.layout });
  },
  tagtree: (doc) => labelTagTree(doc),
  satisfiable: (doc) => labelSatisfiable(doc),
  // checkOptions has made sure the layout is there.
  dvps: (doc, options) => labelDvps(doc, options.layout!, options.dvps),
};

/** Defaults: a 50 MB page still goes through; a pathological tree is cut, not allowed to stall. */
export const DEFAULT_BUDGET: Budget = { maxBytes: 64 * 1024 * 1024, maxNodes: 200_000, maxMillis: 10_000 };

const CASCADE: Algorithm[] = ['default', 'satisfiable', 'tagtree'];

export function extract(input: string | Uint8Array, options: ExtractOptions = {}): Extraction {
  const algorithm = checkOptions(options);
  const budget: Budget = { ...DEFAULT_BUDGET, ...options.budget };
  const diagnostics: Diagnostic[] = [];
  const t0 = performance.now();
  const { html, encoding } = decodeInput(input, options, budget);

  const doc = parseHtml(html, { maxNodes: budget.maxNodes, maxMillis: budget.maxMillis });
  if (doc.truncated) diagnostics.push({ code: 'W_BUDGET_NODES', message: `tree cut short by the node or time budget (budget.maxNodes = ${budget.maxNodes}, budget.maxMillis = ${budget.maxMillis})` });
  computeFeatures(doc);
  const t1 = performance.now();
  const overBudget = t1 - t0 > budget.maxMillis;
  if (overBudget) diagnostics.push({ code: 'W_BUDGET_TIME', message: `parsing alone took ${(t1 - t0).toFixed(0)} ms, over budget.maxMillis; labelling with the cheapest labeler` });

  const meta = extractMetadata(doc, { url: options.url });
  const order = overBudget ? ['satisfiable' as Algorithm] : [algorithm, ...CASCADE.filter((a) => a !== algorithm)];
  const c = runCascade(doc, options, meta, order, { t0, maxMillis: budget.maxMillis, diagnostics });
  // The article may exist only in the page's JSON (rendered by script): then that is the output.
  const fromJson = jsonArticle(meta.articleBody, c.text, meta.metadata.description);
  if (fromJson) c.attempts.push({ algorithm: 'json', chars: fromJson.text.length, accepted: true });
  else c.attempts[c.chosen].accepted = true;
  const siteNotes = (c.labels as { diagnostics?: Diagnostic[] }).diagnostics;
  if (siteNotes) diagnostics.push(...siteNotes);
  if (!c.text && !fromJson) diagnostics.push({ code: 'W_NO_CONTENT', message: noContentMessage(doc) });
  const t2 = performance.now();

  // Repaired on the way out: the labelers read the page as it is, the outputs are what it meant.
  const repair = outputRepair(options);
  // thresher's own clean HTML keeps the title the first extraction gave, as written in its
  // <title>: read afresh, the site name could be cut from it a second time (fuzz campaign, issue 25).
  const title = repair(ownCleanTitle(doc) ?? meta.metadata.title);
  const metadata = { ...meta.metadata, title };
  const lead = options.title === true && title ? title : '';
  const body = fromJson ? fromJson.text : c.text;
  const result: Extraction = {
    url: options.url, title, metadata, pageType: c.labels.pageType ?? 'topic', algorithm, lang: metadata.lang,
    text: repair(lead ? (body ? `${lead}\n${body}` : lead) : body), attempts: c.attempts, diagnostics,
    timings: { parseMs: t1 - t0, labelMs: t2 - t1, renderMs: 0 },
  };
  if (encoding) result.encoding = encoding;
  renderFormats(result, c, { options, title, lead, fromJson, repair });
  if (options.comments === true) {
    const scores = c.labels.scores;
    // An ambiguous 03/05 in a comment's date reads month first on a US English page, as metadata's do.
    const mdy = /^en-us\b/i.test(metadata.lang ?? '');
    result.comments = scores ? renderComments(findComments(scores, options.blockModel ?? BLOCK_MODEL, c.labels, c.reviews), repair, mdy) : [];
  }
  if (options.debug) { result.blocks = blockDebug(c.labels); result.metadataSources = meta.sources; }
  result.timings.renderMs = performance.now() - t2;
  if (options.keepTree) Object.defineProperty(result, 'tree', { value: { doc, labels: c.labels, headline: meta.headline }, enumerable: false, writable: false });
  return result;
}

/**
 * What every output string passes through: double-encoded UTF-8 decoded first (its repair yields
 * composed letters), then canonical composition (text/unicode.ts). Each can be turned off.
 */
function outputRepair(options: ExtractOptions): (s: string) => string {
  const mojibake = options.repairMojibake !== false, nfc = options.normalizeUnicode !== false;
  if (mojibake && nfc) return (s) => toNfc(repairMojibake(s));
  return mojibake ? repairMojibake : nfc ? toNfc : (s) => s;
}

/** Throws E_BAD_OPTION on an option extract() cannot honour; returns the algorithm. */
function checkOptions(options: ExtractOptions): Algorithm {
  if (typeof options !== 'object' || options === null) throw new ThresherError('E_BAD_OPTION', `options must be an object, not ${describe(options)}`);
  const algorithm = options.algorithm ?? 'default';
  if (!ALGORITHMS.includes(algorithm)) {
    throw new ThresherError('E_BAD_OPTION', `unknown algorithm "${String(algorithm)}"; use one of ${ALGORITHMS.join(', ')}`);
  }
  if (options.render) {
    throw new ThresherError('E_BAD_OPTION', 'options.render makes extraction async: call the public extract() (thresher), which renders first and returns a Promise');
  }
  // The snapshot's shape is checked where it is joined to the tree (visual/layout.ts).
  if (algorithm === 'dvps' && options.layout === undefined) {
    throw new ThresherError('E_BAD_OPTION', 'algorithm "dvps" segments the page as a browser laid it out: pass options.layout (render it with --render / renderPage(), or build one with syntheticLayoutOf)');
  }
  const site = options.site as unknown;
  if (site !== undefined && (typeof site !== 'object' || site === null || typeof (site as { refine?: unknown }).refine !== 'function')) {
    const isModel = typeof site === 'object' && site !== null && (site as { kind?: unknown }).kind === 'thresher.site-model';
    throw new ThresherError('E_BAD_OPTION', isModel
      ? 'options.site takes a SiteRefiner: wrap the site model with siteRefiner(model) (once per model, then reuse it)'
      : 'options.site must be a SiteRefiner (siteRefiner(loadSiteModel(json)))');
  }
  if (options.mode !== undefined && !EXTRACT_MODES.includes(options.mode)) {
    throw new ThresherError('E_BAD_OPTION', `unknown mode "${String(options.mode)}"; use one of ${EXTRACT_MODES.join(', ')}`);
  }
  const formats = options.formats as unknown;
  if (formats !== undefined && (!Array.isArray(formats) || formats.some((f) => !OUTPUT_FORMATS.includes(f)))) {
    throw new ThresherError('E_BAD_OPTION', `options.formats must be an array of ${OUTPUT_FORMATS.join(', ')}, not ${describe(formats)}`);
  }
  const model = options.blockModel as unknown as Partial<BlockModel> | undefined;
  if (model !== undefined && !(typeof model === 'object' && model !== null && Array.isArray(model.features) &&
    typeof model.gbdt === 'object' && model.gbdt !== null && Array.isArray(model.gbdt.trees))) {
    throw new ThresherError('E_BAD_OPTION', 'options.blockModel is not a block model (features, gbdt.trees): pass one that scripts/train-block-model.mjs wrote, or leave it out');
  }
  const budget = options.budget as unknown;
  if (budget !== undefined) {
    if (typeof budget !== 'object' || budget === null) throw new ThresherError('E_BAD_OPTION', `options.budget must be an object, not ${describe(budget)}`);
    for (const [k, v] of Object.entries(budget)) {
      // NaN compares false with everything: left unchecked, it would remove the limit.
      if (typeof v !== 'number' || !(v >= 0)) throw new ThresherError('E_BAD_OPTION', `options.budget.${k} must be a number >= 0 (Infinity for no limit), not ${describe(v)}`);
    }
  }
  return algorithm;
}

/** A value as an error message names it. */
function describe(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return `[${v.map((x) => describe(x)).join(', ')}]`;
  if (typeof v === 'object') return (v as object).constructor?.name ?? 'an object';
  return typeof v === 'string' ? JSON.stringify(v) : String(v);
}

/** The page as a string: bytes decoded by the WHATWG sniffing rules, after the size and binary checks. */
function decodeInput(input: string | Uint8Array, options: ExtractOptions, budget: Budget): { html: string; encoding?: Extraction['encoding'] } {
  const given = input as unknown;
  if (typeof given !== 'string' && !(given instanceof Uint8Array)) {
    throw new ThresherError('E_INPUT_TYPE', `the page must be a string or a Uint8Array (a Buffer is one), not ${describe(given)}` +
      (given instanceof ArrayBuffer || ArrayBuffer.isView(given) ? ': wrap its bytes in a Uint8Array' : ''));
  }
  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size === 0) throw new ThresherError('E_INPUT_EMPTY', 'the page is empty (0 bytes)');
  if (size > budget.maxBytes) {
    throw new ThresherError('E_INPUT_TOO_LARGE', `the page is ${size} bytes, over the ${budget.maxBytes}-byte budget (budget.maxBytes)`);
  }
  if (typeof input === 'string') return { html: input };
  if (looksBinary(input)) throw new ThresherError('E_INPUT_BINARY', 'the input is binary data, not an HTML page');
  const d = decodeHtml(input, { contentType: options.contentType });
  return { html: d.text, encoding: { name: d.encoding, source: d.source } };
}

/** thresher's own clean HTML (render/html.ts marks it): it is all main content already. */
function isOwnCleanHtml(doc: DomDocument): boolean {
  return doc.head?.children.some((c) => c.kind === 1 && c.tag === 'meta' && c.attr('name')?.toLowerCase() === 'generator' &&
    c.attr('content') === CLEAN_HTML_GENERATOR) ?? false;
}

/** The <title> of thresher's own clean HTML, as renderHtml wrote it; null for any other page. */
function ownCleanTitle(doc: DomDocument): string | null {
  if (!isOwnCleanHtml(doc)) return null;
  const el = doc.head?.children.find((c): c is DomElement => c.kind === 1 && c.tag === 'title');
  return el ? oneLine(el.children.map((c) => (c.kind === 3 ? c.data : '')).join('')) : null;
}

/** The <h1> renderHtml writes first with `title: true` (marked); null when the clean HTML has none. */
function renderedHeadline(doc: DomDocument): DomElement | null {
  const first = doc.body?.children.find((c): c is DomElement => c.kind === 1);
  return first?.tag === 'h1' && first.attr('data-thresher') === 'title' ? first : null;
}

function labelWhole(doc: DomDocument): Labels {
  const labels = new Labels(doc);
  labels.set(doc.body ?? doc.root, CONTENT, "thresher's own clean HTML (meta generator): all of it is content");
  return labels;
}

interface CascadeResult {
  labels: ReturnType<Labeler>;
  text: string;
  attempts: Extraction['attempts'];
  chosen: number;
  /** With `images`: the chosen labels before the contract's cuts, for Markdown and HTML with figures. */
  uncut: Labels | null;
  /** A product page's customer reviews, found once: the contract cuts them, `comments: true` lists them. */
  reviews: readonly DomElement[];
}

/**
 * The labelers in `order`, each refined by the site model and cut by the output contract (a
 * fallback, which reads no markup, also of the boilerplate the page's markup declares). The
 * first one's result stands unless it is short; then the longest result wins, unless the block
 * model (the learned first labeler's) is sure that what it adds is noise. The rule reads only
 * the results, never the page's total text: on a page's own clean output, whichever labeler keeps
 * everything gives the same text again (idempotence).
 */
function runCascade(doc: DomDocument, options: ExtractOptions, meta: MetadataResult, order: Algorithm[],
  clock: { t0: number; maxMillis: number; diagnostics: Diagnostic[] }): CascadeResult {
  const own = isOwnCleanHtml(doc);
  // In the clean HTML the headline is out already, unless `title` put it back as its first line.
  const contract = { headline: own ? renderedHeadline(doc) : meta.headline, shownTitle: own ? undefined : meta.shownTitle, images: false, renderedHeadline: own,
    byline: options.byline === true, authors: meta.metadata.authors, reviews: customerReviews(doc, meta.metadata.kind) };
  const attempts: Extraction['attempts'] = [];
  let best: CascadeResult | null = null;
  let attempt0: Labels | null = null;
  for (const alg of own ? order.slice(0, 1) : order) {
    const page = own ? labelWhole(doc) : LABELERS[alg](doc, options, meta);
    const l = options.site && !own ? options.site.refine(doc, page, { url: options.url, attempt: attempts.length }) : page;
    if (!(l instanceof Labels)) throw new ThresherError('E_BAD_OPTION', `options.site.refine returned ${describe(l)}, not the page's labels`);
    // A fallback (satisfiable, tagtree in the default order) reads no markup: what the page
    // declares boilerplate is cut from what it keeps. The algorithm asked for is left as it is.
    if (!own && attempts.length > 0) cutDeclaredBoilerplate(doc, l);
    // The text never holds figures; with `images`, Markdown and HTML keep them.
    const uncut = options.images === true ? l.copy() : null;
    applyContract(doc, l, contract);
    const t = renderText(l);
    const first = best === null;
    attempts.push({ algorithm: alg, chars: t.length, accepted: false });
    if (first || (t.length > best!.text.length && !modelRejects(attempt0!, l))) best = { labels: l, text: t, attempts, chosen: attempts.length - 1, uncut, reviews: contract.reviews };
    if (first) attempt0 = l;
    if (first && cjkWeightedLength(t) >= SHORT_ARTICLE_CHARS) break;
    if (performance.now() - clock.t0 > clock.maxMillis) {
      clock.diagnostics.push({ code: 'W_BUDGET_TIME', message: 'time budget spent during the fallback cascade' });
      break;
    }
  }
  if (best!.uncut) applyContract(doc, best!.uncut, { ...contract, images: true });
  return best!;
}

/**
 * Below this mean probability the block model is sure that what a fallback labeler adds is noise
 * (comments, navigation, a footer), and a short article stays short. Held out, on the shipped
 * model's fold models: taking the longer fallback regardless cost dragnet .0097, l3s-gn1 .0010 and
 * trafilatura .0014, and gained cleaneval .0028 and readability .0026 (pages whose article the
 * model missed, where it is unsure rather than sure); at .03 no set loses
 * (docs/extraction-quality.md, twelfth session).
 */
const MIN_FALLBACK_SCORE = 0.03;

/** True when the first (learned) attempt's model is sure that what `fallback` adds is noise. */
function modelRejects(first: Labels, fallback: Labels): boolean {
  const score = addedUnitsScore(first, fallback);
  return score !== null && score < MIN_FALLBACK_SCORE;
}

/**
 * Why the text is empty; a page that asks for JavaScript is loaded by scripts (render it). Read
 * from the page, not from the labels' reasons: the contract records no cut of a notice the block
 * model had already dropped.
 */
function noContentMessage(doc: DomDocument): string {
  if (!(doc.body ?? doc.root).textLen) return 'the page has no visible text';
  if (doc.elements.some(isScriptNotice)) return 'no block passed as topic content; the page asks for JavaScript, so its content is likely loaded by scripts (render it: --render)';
  return 'no block passed as topic content';
}

/** The figures the contract cut from the text (shown in Markdown and HTML with `images`). */
function figuresCut(labels: Labels): DomElement[] {
  const els: DomElement[] = [];
  for (const [id, reason] of labels.reasons) if (isFigureReason(reason)) els.push(labels.doc.elements[id]);
  return els;
}

/** Markdown and HTML, as asked for in `formats`. */
function renderFormats(result: Extraction, c: CascadeResult, o: {
  options: ExtractOptions; title: string; lead: string; fromJson: JsonArticle | null; repair: (s: string) => string;
}): void {
  const formats = new Set(o.options.formats ?? []);
  const images = o.options.images === true;
  const shown = c.uncut ?? c.labels;
  if (formats.has('markdown')) {
    const md = o.fromJson ? o.fromJson.markdown : renderMarkdown(shown, { images, baseUrl: o.options.url });
    // The headline is text: escaped, or a title "[x](javascript:...)" became a live link (fuzz campaign, issue 25).
    result.markdown = o.repair(o.lead ? `# ${escapeHeading(o.lead)}\n\n${md}` : md);
  }
  if (formats.has('html')) {
    result.html = o.repair(o.fromJson ? o.fromJson.html(o.title, o.lead !== '')
      : renderHtml(shown, o.title, { images, headline: o.lead !== '', baseUrl: o.options.url, textCut: c.uncut ? figuresCut(c.labels) : undefined }));
  }
}
