/**
 * Paper 000 §6, Web page integration: "extracting common required meta data from Web page based
 * on the result of Web page cleaning and integrating the extraction result into a general model
 * called DocView", all at one time from one feature vector (§1: the shared intermediate phases —
 * segmentation above all — are the bottleneck, so they are done once).
 *
 *   cleaned page (tree + labels) ─▶ tag tree, block weights (Algorithm 1)
 *     ─▶ topic feature vector (Formula 2, stop words + aggressive list) ─▶ keywords (λ)
 *     ─▶ title repair (top keywords)  ─▶ abstract (topic root's paragraphs, δ sentences, θ keywords)
 *     ─▶ relevant hyperlinks (hub blocks, cosine > β) ─▶ class code (classifier model) ─▶ DocView
 *
 * `integrate` takes HTML (it cleans the page itself) or a page the caller already cleaned with
 * `extractPage` / `extract(…, { keepTree: true })`, so a pipeline parses each page once.
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { ThresherError } from '../errors.js';
import { extract } from '../page/extract.js';
import { CONTENT, type Labels } from '../page/labels.js';
import { blockWeights, buildTagTree, type TagTreeParams } from '../page/tag-tree.js';
import { STOP_WORDS } from '../text/stopwords.js';
import type { DocView, ExtractOptions, Extraction, PageType } from '../types.js';
import { buildAbstract } from './abstract.js';
import { classify, classifierTerms, type ClassifierModel } from './classify/model.js';
import { featureTerms, stopWordUnion, topicVector, topKeywords } from './keywords.js';
import { detectLanguage, pageLanguage } from './language.js';
import { relevantLinks } from './links.js';
import { visibleText } from './page-text.js';
import { repairTitle } from '../page/metadata/title-placeholder.js';
import { contentMask, paragraphs } from './topic-tree.js';
import { docId } from './url.js';
import { INTEGRATE_TEXT_LIMIT, textBudget } from './text-limit.js';

export interface DocViewParams {
  /** λ: keywords (§6; the paper leaves it to the user). */
  keywords: number;
  /** δ: sentences in the abstract (§7.3: 15 in the paper's search engine). */
  abstractSentences: number;
  /** θ: keywords that weigh the sentences (§7.3: 15). */
  abstractKeywords: number;
  /** β: a hub block's links are relevant when its cosine similarity to the topic content is above this (§6). */
  linkSimilarity: number;
}

/**
 * Defaults with their provenance. δ = θ = 15: the paper's prototype (§7.3). λ = 10: the paper
 * gives no value; ten is what a search result or a tag cloud shows. β = 0.2: the paper gives no
 * value, and no data here labels relevant links. On the fixtures (test/fixtures/docview/) the
 * related-stories lists score 0.29–0.44 and "most read", shop and footer boxes 0; a menu that
 * names the topic once scores 0.1–0.3 ("Garden" on a gardening hub page: 0.30), which is why
 * menus are left out by their markup (links.ts), not by β.
 */
export const DOCVIEW_DEFAULTS: Readonly<DocViewParams> = Object.freeze({
  keywords: 10, abstractSentences: 15, abstractKeywords: 15, linkSimilarity: 0.2,
});

export { INTEGRATE_TEXT_LIMIT, textBudget };

export interface IntegrateOptions extends Partial<DocViewParams> {
  /** The page URL (default: the extraction's). */
  url?: string;
  /** The id when the page has no URL (a file path, a record number). Default "". */
  id?: string;
  /** Generic stop words (default: every list of text/stopwords.ts). */
  stopWords?: ReadonlySet<string>;
  /** The corpus's aggressive stop words (CorpusStats.aggressiveStopWords). */
  aggressiveStopWords?: ReadonlySet<string>;
  /** A classifier model: the DocView gets a category. */
  classifier?: ClassifierModel;
  /** Options for cleaning, when `integrate` is given HTML. */
  extract?: ExtractOptions;
  /** Tag-tree parameters (page/tag-tree.ts) for block types and weights. */
  tagTree?: Partial<TagTreeParams>;
  /** Characters of text integration reads, for each of its passes (default INTEGRATE_TEXT_LIMIT). */
  textLimit?: number;
}

/** A cleaned page with the tree it was cleaned from. */
export interface ParsedPage {
  extraction: Extraction;
  doc: DomDocument;
  labels: Labels & { pageType?: PageType };
  /** The headline element, cut from the body (it is the title): Formula 2 still weighs it. */
  headline?: DomElement | null;
}

/** Cleans a page and keeps its tree: what `integrate` reads. */
export function extractPage(input: string | Uint8Array, options: ExtractOptions = {}): ParsedPage {
  const extraction = extract(input, { ...options, keepTree: true });
  const tree = extraction.tree;
  if (!tree) throw new ThresherError('E_BAD_OPTION', 'the extraction kept no tree');
  return { extraction, doc: tree.doc, labels: tree.labels, headline: tree.headline };
}

function withHeadline(labels: Labels, headline: DomElement): Labels {
  const l = labels.copy();
  l.set(headline, CONTENT, 'the headline (paper 000 Formula 2)');
  return l;
}

function isParsedPage(x: unknown): x is ParsedPage {
  return typeof x === 'object' && x !== null && 'extraction' in x && 'doc' in x && 'labels' in x;
}

function generatorOf(doc: DomDocument): string | undefined {
  if (!doc.head) return undefined;
  for (const c of doc.head.children) {
    if (c.kind === 1 && c.tag === 'meta' && (c.attr('name') ?? '').toLowerCase() === 'generator') return c.attr('content');
  }
  return undefined;
}

function checkParams(p: DocViewParams): void {
  for (const k of ['keywords', 'abstractSentences', 'abstractKeywords'] as const) {
    if (!Number.isInteger(p[k]) || p[k] < 0) throw new ThresherError('E_BAD_OPTION', `${k} must be a whole number ≥ 0, got ${p[k]}`);
  }
  if (!(p.linkSimilarity >= 0 && p.linkSimilarity <= 1)) throw new ThresherError('E_BAD_OPTION', `linkSimilarity (β) must be in [0, 1], got ${p.linkSimilarity}`);
}

/** Paper 000 §6: the DocView of a page (HTML, or a page cleaned by extractPage). */
export function integrate(input: string | Uint8Array | ParsedPage, options: IntegrateOptions = {}): DocView {
  const page = isParsedPage(input) ? input : extractPage(input, { url: options.url, ...options.extract });
  const t0 = performance.now();
  const p: DocViewParams = {
    keywords: options.keywords ?? DOCVIEW_DEFAULTS.keywords,
    abstractSentences: options.abstractSentences ?? DOCVIEW_DEFAULTS.abstractSentences,
    abstractKeywords: options.abstractKeywords ?? DOCVIEW_DEFAULTS.abstractKeywords,
    linkSimilarity: options.linkSimilarity ?? DOCVIEW_DEFAULTS.linkSimilarity,
  };
  checkParams(p);
  const { extraction: x, doc, labels, headline } = page;
  const url = options.url ?? x.url;
  const stopWords = stopWordUnion(options.stopWords ?? STOP_WORDS, options.aggressiveStopWords);

  // The content is segmented once, inside Formula 2; the same words serve the language guess
  // and the classifier. Each pass reads at most `limit` characters (INTEGRATE_TEXT_LIMIT).
  const limit = options.textLimit ?? INTEGRATE_TEXT_LIMIT;
  if (!(limit > 0)) throw new ThresherError('E_BAD_OPTION', `textLimit must be a positive number of characters, got ${limit}`);
  const words: string[] = [];
  const contentBudget = textBudget(limit);
  const tokenize = (s: string): string[] => {
    const piece = contentBudget(s);
    if (!piece) return [];
    const w = featureTerms(piece, x.lang);
    for (const v of w) words.push(v);
    return w;
  };
  const t = buildTagTree(doc, options.tagTree);
  const weights = blockWeights(t);
  // Paper 000's topic content page holds the headline, the heaviest block of Algorithm 1; the
  // output contract moved it to the title, so it is put back for Formula 2 alone.
  const vector = topicVector(t, headline ? withHeadline(labels, headline) : labels, { tokenize, stopWords, weights });
  const lang = pageLanguage(x.lang, detectLanguage(textBudget(limit)(x.text), words));
  const keywords = topKeywords(vector, Math.max(p.keywords, 2));
  const title = repairTitle(x.title, keywords, { url, generator: generatorOf(doc) });
  const mask = contentMask(doc, labels);
  const paraBudget = textBudget(limit);
  const paras = paragraphs(t, mask).map(paraBudget).filter(Boolean);
  const abstract = buildAbstract(paras, topKeywords(vector, p.abstractKeywords), { sentences: p.abstractSentences }).text;
  const linkBudget = textBudget(limit);
  const links = relevantLinks(t, mask, vector, {
    beta: p.linkSimilarity, url, tokenize: (s) => featureTerms(linkBudget(s), lang), stopWords, weights, contentLinks: x.pageType === 'hub',
  });

  let category: string | undefined;
  if (options.classifier) {
    const features = options.classifier.input === 'raw' ? classifierTerms(textBudget(limit)(visibleText(doc)), lang) : words.filter((w) => !STOP_WORDS.has(w));
    category = classify(options.classifier, features).label;
  }
  // Fields in paper 000's order; absent ones left out, so records stay small and stable.
  const view = {
    id: docId(url, options.id ?? ''), url, type: x.pageType, category, title: title.title, originalTitle: title.original,
    keywords: keywords.slice(0, p.keywords), abstract, content: x.text, links, lang, timings: { ...x.timings, integrateMs: 0 },
  } as DocView;
  for (const k of Object.keys(view) as (keyof DocView)[]) if (view[k] === undefined) delete view[k];
  view.timings.integrateMs = performance.now() - t0;
  return view;
}
