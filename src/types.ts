/** The data that flows through thresher. */
import type { DomDocument, DomElement } from './dom/node.js';
import type { BlockModel } from './page/learned.js';
import type { Labels } from './page/labels.js';
import type { MetadataSource, PageMetadata } from './page/metadata/types.js';
import type { LayoutSnapshot } from './visual/layout.js';
import type { DvpsParams } from './visual/dvps-params.js';
import type { RenderPool } from './render-browser/pool.js';
export type { MetadataSource, PageKind, PageMetadata } from './page/metadata/types.js';

/** Which page-level labeler decides content vs noise. */
export type Algorithm = 'default' | 'tagtree' | 'satisfiable' | 'dvps';
export const ALGORITHMS: readonly Algorithm[] = ['default', 'tagtree', 'satisfiable', 'dvps'];

export type OutputFormat = 'text' | 'markdown' | 'html' | 'json';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['text', 'markdown', 'html', 'json'];
/** Paper 000 §3: a page (or block) is a topic, hub (link list) or image page. */
export type PageType = 'topic' | 'hub' | 'image';

export interface Budget {
  /** Input size limit in bytes (decoded UTF-16 length for strings). */
  maxBytes: number;
  /** Element-node limit; the parse stops adding nodes past it and a diagnostic says so. */
  maxNodes: number;
  /** Wall-clock limit for labelling, in ms; past it the cheapest fallback is used. */
  maxMillis: number;
}

export interface ExtractOptions {
  /**
   * The labeler (default 'default'). 'dvps' (paper 002, visual segmentation) needs `layout`, the
   * page as a browser laid it out (render-browser, or visual/synthetic-layout for tests).
   */
  algorithm?: Algorithm;
  /**
   * The rendered layout of this very HTML (a LayoutSnapshot from the browser renderer). Required
   * by `algorithm: 'dvps'`; ignored by the other labelers.
   */
  layout?: LayoutSnapshot;
  /**
   * DVPS parameters over paper 002's and the chosen defaults (visual/dvps-params.ts, DVPS_PARAMS);
   * VIPS_BASELINE_PARAMS gives the VIPS-style baseline. `algorithm: 'dvps'` only.
   */
  dvps?: Partial<DvpsParams>;
  /**
   * Render the page in the system's Chromium first (offline; render-browser/) and extract from the
   * DOM after its scripts, with its layout. extract() then returns a Promise. Needs `url`. An
   * object sets the browser: executablePath, allowLive, timeoutMs (per page).
   */
  render?: boolean | { executablePath?: string; allowLive?: boolean; timeoutMs?: number };
  /** With `render`: the RenderPool to render in (kept by the caller, for many pages); else one browser per call. */
  renderPool?: RenderPool;
  /** Page URL, for resolving links and for the record. */
  url?: string;
  /** HTTP Content-Type header, if known: its charset wins over <meta> (WHATWG sniffing). */
  contentType?: string;
  /** Renderings to produce besides plain text. */
  formats?: OutputFormat[];
  /** Record every block with its features, label and reason. */
  debug?: boolean;
  /**
   * Fill `Extraction.comments` with the page's user comments, one entry per comment (default
   * false). Comments never go into `text`, `markdown` or `html`, whatever this says.
   */
  comments?: boolean;
  /** Put the headline first: a first line of `text`, `# Title` in Markdown, `<h1>` in HTML (default false). */
  title?: boolean;
  /** Keep figures (images and their captions) in Markdown and HTML (default false: no captions, credits or images). */
  images?: boolean;
  /**
   * Keep the byline, date and reading-time lines by the headline, and credit and copyright lines
   * ("Foto: dpa", "… © AFP / Name"), in the body (default false: the first are `metadata.authors`
   * and `metadata.published`, and none is content).
   */
  byline?: boolean;
  /**
   * Where the cut falls on doubtful blocks (default 'balanced'): 'precision' keeps less (a cleaner
   * corpus), 'recall' more (nothing of the article missed). The default labeler only.
   */
  mode?: ExtractMode;
  /**
   * The default labeler refines its structural decision with the learned block classifier
   * (page/learned.ts). false: the structural decision alone (default true).
   */
  model?: boolean;
  /** A block model of your own (scripts/train-block-model.mjs) instead of the shipped one. */
  blockModel?: BlockModel;
  /**
   * Decode double-encoded UTF-8 in the outputs and the title ("CafÃ©" → "Café", "â€™" → "’";
   * text/mojibake.ts). Default true; false gives the page's characters as they are.
   */
  repairMojibake?: boolean;
  /**
   * Compose the outputs and the title to Unicode NFC ("u" + combining "¨" → "ü"; text/unicode.ts),
   * as the W3C recommends for web text, so that the same word is the same string. Default true;
   * false gives the page's code points as they are.
   */
  normalizeUnicode?: boolean;
  budget?: Partial<Budget>;
  /**
   * What a site model (src/site/) knows about this page's site. Every page-level labeling,
   * fallbacks included, passes through site.refine before it is rendered, so the page-level
   * extractor decides what the site model leaves open.
   */
  site?: SiteRefiner;
  /**
   * Keep the parsed tree and the chosen labels on the result (`Extraction.tree`, not enumerable,
   * so JSON and structured clone leave it out): DocView integration reads them without parsing
   * the page again.
   */
  keepTree?: boolean;
}

/**
 * The seam between the page level and the site level: page/ defines it, site/ implements it, so
 * dependencies keep pointing one way (page ← site).
 */
export type ExtractMode = 'precision' | 'balanced' | 'recall';
export const EXTRACT_MODES: readonly ExtractMode[] = ['precision', 'balanced', 'recall'];

/** One user comment: its text and Markdown. */
export interface CommentEntry {
  text: string;
  markdown: string;
  /** Who wrote it, where the record's markup names them (a `fn`/author/username element, `<cite>`, itemprop=author). */
  author?: string;
  /** When it was posted, ISO 8601 (a `<time datetime>`, itemprop dateCreated, or a short date-named element's text). */
  published?: string;
}

export interface SiteRefiner {
  /** The host the model was learned for. */
  readonly host: string;
  /**
   * The page-level labels, refined with the site's template (a new overlay, or the same one).
   * `context.url` is the page's URL when known (a refiner may refuse another host's page);
   * `context.attempt` is the fallback cascade's attempt (0: the chosen labeler; later ones run
   * because the earlier results were short). `diagnostics` on the result (why the model was not
   * applied, say) join the extraction's.
   */
  refine(doc: DomDocument, page: Labels & { pageType?: PageType }, context?: { url?: string; attempt?: number }): Labels & { pageType?: PageType; diagnostics?: Diagnostic[] };
}

export interface Diagnostic {
  code: string;
  message: string;
}

export interface BlockDebug {
  /** CSS-like path of the block, e.g. body>div#main>article. */
  path: string;
  tag: string;
  label: 'content' | 'noise';
  reason: string;
  features: Record<string, number | string>;
}

export interface Extraction {
  url?: string;
  /** The headline (metadata.title): the site name removed, checked against <h1> and og:title. */
  title: string;
  /** What the page says about itself: authors, dates, site name, description, image, ... (page/metadata/). */
  metadata: PageMetadata;
  /** With `debug`: the source that won each metadata field. */
  metadataSources?: Partial<Record<keyof PageMetadata, MetadataSource>>;
  /** With `comments: true`: the page's user comments, in page order (empty when it has none). */
  comments?: CommentEntry[];
  pageType: PageType;
  algorithm: Algorithm;
  /** Declared or detected language (metadata.lang). */
  lang?: string;
  /** Which encoding the bytes were decoded with, and why (absent for string input). */
  encoding?: { name: string; source: string };
  text: string;
  markdown?: string;
  html?: string;
  /** Fallback attempts, in order, when a labeler kept too little. */
  attempts: { algorithm: string; chars: number; accepted: boolean }[];
  diagnostics: Diagnostic[];
  blocks?: BlockDebug[];
  timings: { parseMs: number; labelMs: number; renderMs: number };
  /** With `keepTree`: the parsed page and the labels the text was rendered from (not enumerable). */
  tree?: { doc: DomDocument; labels: Labels & { pageType?: PageType }; headline: DomElement | null };
}

/** A DocView keyword: a feature of the topic content and its Formula 2 weight (paper 000 §3.2, §6). */
export interface Keyword {
  term: string;
  /** Formula 2 weight (the vector is L2-normalised over all features of the page). */
  weight: number;
}

/** A relevant hyperlink of a DocView (paper 000 §6). */
export interface RelevantLink {
  /** The target, resolved against the page URL and normalised when possible, else as written. */
  url: string;
  /** Anchor text. */
  text: string;
  /** Cosine similarity of the link's block to the topic content; absent for a hub page's own content links. */
  similarity?: number;
}

/**
 * Paper 000 §2 and §6: a page integrated into DocView — identifier, type, content classification
 * code, title, keywords, abstract, topic content and relevant hyperlinks — plus language,
 * fingerprint and timings (DESIGN.md).
 */
export interface DocView {
  /** The page URL, normalised (corpus/url.ts); the caller's id when the page has no URL. */
  id: string;
  /** The URL as given. */
  url?: string;
  type: PageType;
  /** Content classification code, when a classifier model was given. */
  category?: string;
  /** The page title, or its top keywords in place of an "Untitled"-style or generator title. */
  title: string;
  /** The page's own title, when it was replaced. */
  originalTitle?: string;
  /** The λ heaviest features of the topic content, heaviest first. */
  keywords: Keyword[];
  /** δ sentences of the topic content, chosen per paragraph by the θ keywords, in document order. */
  abstract: string;
  /** Topic content, plain text. */
  content: string;
  links: RelevantLink[];
  /** Declared or detected language (BCP 47). */
  lang?: string;
  /** Near-replica fingerprint: left for the corpus pipeline to fill (replica removal). */
  fingerprint?: string;
  timings: { parseMs: number; labelMs: number; renderMs: number; integrateMs: number };
}
