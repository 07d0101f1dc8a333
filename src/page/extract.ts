/**
 * extract(): one page in, its topic content out.
 *   bytes ─decode─▶ string ─parse+prune─▶ tree ─features─▶ labeler ─▶ labels ─render─▶ text/markdown/html
 * With a fallback cascade when the chosen labeler keeps too little, its attempts recorded.
 */
import { decodeHtml, looksBinary } from '../dom/decode.js';
import { computeFeatures } from '../dom/features.js';
import type { DomDocument } from '../dom/node.js';
import { parseHtml } from '../dom/parse.js';
import { ThresherError } from '../errors.js';
import { renderText } from '../render/text.js';
import { renderMarkdown } from '../render/markdown.js';
import { renderHtml } from '../render/html.js';
import type { Algorithm, Budget, Diagnostic, ExtractOptions, Extraction } from '../types.js';
import { ALGORITHMS } from '../types.js';
import { DEFAULT_PARAMS, cutComments, labelDefault } from './default.js';
import { blockDebug } from './debug.js';
import { labelLearned } from './learned.js';
import type { Labels } from './labels.js';
import { pageLang, pageTitle } from './metadata.js';
import { repairMojibake } from '../text/mojibake.js';
import { labelSatisfiable } from './satisfiable.js';
import { labelTagTree } from './tag-tree.js';

export type Labeler = (doc: DomDocument, options: ExtractOptions) => Labels & { pageType?: Extraction['pageType'] };

export const LABELERS: Record<Algorithm, Labeler> = {
  default: (doc, options) => {
    const noComments = options.comments === false;
    const structural = labelDefault(doc, noComments ? { ...DEFAULT_PARAMS, keepComments: false } : DEFAULT_PARAMS);
    if (options.model === false) return structural;
    const learned = labelLearned(doc, structural, options.blockModel);
    if (noComments) cutComments(doc, learned);
    return learned;
  },
  tagtree: (doc) => labelTagTree(doc),
  satisfiable: (doc) => labelSatisfiable(doc),
};

/** Defaults: a 50 MB page still goes through; a pathological tree is cut, not allowed to stall. */
export const DEFAULT_BUDGET: Budget = { maxBytes: 64 * 1024 * 1024, maxNodes: 200_000, maxMillis: 10_000 };

/** Below this many characters of text, the cascade tries the next labeler. */
const MIN_CHARS = 250;
const CASCADE: Algorithm[] = ['default', 'satisfiable', 'tagtree'];

export function extract(input: string | Uint8Array, options: ExtractOptions = {}): Extraction {
  const algorithm = options.algorithm ?? 'default';
  if (!ALGORITHMS.includes(algorithm)) {
    throw new ThresherError('E_BAD_OPTION', `unknown algorithm "${String(algorithm)}"; use one of ${ALGORITHMS.join(', ')}`);
  }
  const site = options.site as unknown;
  if (site !== undefined && (typeof site !== 'object' || site === null || typeof (site as { refine?: unknown }).refine !== 'function')) {
    const isModel = typeof site === 'object' && site !== null && (site as { kind?: unknown }).kind === 'thresher.site-model';
    throw new ThresherError('E_BAD_OPTION', isModel
      ? 'options.site takes a SiteRefiner: wrap the site model with siteRefiner(model) (once per model, then reuse it)'
      : 'options.site must be a SiteRefiner (siteRefiner(loadSiteModel(json)))');
  }
  const budget: Budget = { ...DEFAULT_BUDGET, ...options.budget };
  const diagnostics: Diagnostic[] = [];
  const t0 = performance.now();

  const size = typeof input === 'string' ? input.length : input.byteLength;
  if (size === 0) throw new ThresherError('E_INPUT_EMPTY', 'the page is empty (0 bytes)');
  if (size > budget.maxBytes) {
    throw new ThresherError('E_INPUT_TOO_LARGE', `the page is ${size} bytes, over the ${budget.maxBytes}-byte budget (budget.maxBytes)`);
  }
  let html: string;
  let encoding: Extraction['encoding'];
  if (typeof input === 'string') html = input;
  else {
    if (looksBinary(input)) throw new ThresherError('E_INPUT_BINARY', 'the input is binary data, not an HTML page');
    const d = decodeHtml(input, { contentType: options.contentType });
    html = d.text;
    encoding = { name: d.encoding, source: d.source };
  }

  const doc = parseHtml(html, { maxNodes: budget.maxNodes, maxMillis: budget.maxMillis });
  if (doc.truncated) diagnostics.push({ code: 'W_BUDGET_NODES', message: `tree cut short by the node or time budget (budget.maxNodes = ${budget.maxNodes}, budget.maxMillis = ${budget.maxMillis})` });
  computeFeatures(doc);
  const t1 = performance.now();
  if (t1 - t0 > budget.maxMillis) diagnostics.push({ code: 'W_BUDGET_TIME', message: `parsing alone took ${(t1 - t0).toFixed(0)} ms, over budget.maxMillis; labelling with the cheapest labeler` });

  const attempts: Extraction['attempts'] = [];
  const order = t1 - t0 > budget.maxMillis ? ['satisfiable' as Algorithm] : [algorithm, ...CASCADE.filter((a) => a !== algorithm)];
  let labels: ReturnType<Labeler> | null = null;
  let text = '';
  const available = doc.body ? doc.body.textLen : doc.root.textLen;
  // The first labeler's result stands unless it is short; then the longest result wins. The rule
  // reads only the results, never the page's total text: on a page's own clean output, whichever
  // labeler keeps everything gives the same text again (idempotence).
  let chosen = 0;
  for (const alg of order) {
    const l = options.site ? options.site.refine(doc, LABELERS[alg](doc, options), { url: options.url, attempt: attempts.length }) : LABELERS[alg](doc, options);
    const t = renderText(l);
    const first = labels === null;
    const better = first || t.length > text.length;
    attempts.push({ algorithm: alg, chars: t.length, accepted: false });
    if (better) { labels = l; text = t; chosen = attempts.length - 1; }
    if (first && t.length >= MIN_CHARS) break;
    if (performance.now() - t0 > budget.maxMillis) {
      diagnostics.push({ code: 'W_BUDGET_TIME', message: 'time budget spent during the fallback cascade' });
      break;
    }
  }
  attempts[chosen].accepted = true;
  const siteNotes = (labels as { diagnostics?: Diagnostic[] } | null)?.diagnostics;
  if (siteNotes) diagnostics.push(...siteNotes);
  if (!text) diagnostics.push({ code: 'W_NO_CONTENT', message: available ? 'no block passed as topic content' : 'the page has no visible text' });
  const t2 = performance.now();

  const formats = new Set(options.formats ?? []);
  // Repaired on the way out: the labelers read the page as it is, the outputs are what it meant.
  const repair = options.repairMojibake === false ? (s: string) => s : repairMojibake;
  const title = pageTitle(doc);
  const result: Extraction = {
    url: options.url, title: repair(title), pageType: labels!.pageType ?? 'topic', algorithm, lang: pageLang(doc),
    text: repair(text), attempts, diagnostics, timings: { parseMs: t1 - t0, labelMs: t2 - t1, renderMs: 0 },
  };
  if (encoding) result.encoding = encoding;
  if (formats.has('markdown')) result.markdown = repair(renderMarkdown(labels!));
  if (formats.has('html')) result.html = repair(renderHtml(labels!, title));
  if (options.debug) result.blocks = blockDebug(labels!);
  result.timings.renderMs = performance.now() - t2;
  if (options.keepTree) Object.defineProperty(result, 'tree', { value: { doc, labels: labels! }, enumerable: false, writable: false });
  return result;
}
