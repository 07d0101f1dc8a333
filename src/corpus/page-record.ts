/**
 * One page of a corpus run: cleaned (paper 000 §4, thresher's extractor, with the site's model
 * when its host has one) and integrated into a DocView (paper 000 §6), the record the pipeline
 * stores. Pure: it runs in a worker thread.
 */
import type { Diagnostic, DocView, SiteRefiner } from '../types.js';
import { classifierTerms, type ClassifierModel } from './classify/model.js';
import { extract } from '../page/extract.js';
import { extractPage, integrate } from './docview.js';
import { indexFields, type IndexFields } from './search-text.js';
import { exactKey } from './replicas/exact.js';

/** A stored record: the page's DocView (without timings: records are deterministic) and where it came from. */
export type PageRecord = Omit<DocView, 'timings'> & {
  host: string;
  /** Whether the page was cleaned with its host's site model (the diagnostics say when the model stood aside). */
  siteModel: boolean;
  diagnostics: Diagnostic[];
};

/** A cleaned page: the record (deterministic) and how long it took (not part of the record). */
export interface CleanedPage {
  record: PageRecord;
  timings: DocView['timings'];
  /** The title, abstract and content as the search index holds them, where they differ (search-text.ts): made here, off the thread that stores. */
  index?: IndexFields;
}

export interface PageInput {
  id: string;
  url?: string;
  host: string;
  bytes: Uint8Array;
  contentType?: string;
}

export interface ProcessOptions {
  /** The site model of the page's host. */
  site?: SiteRefiner;
  /** The corpus's aggressive stop words (CorpusStats.aggressiveStopWords), for keywords and the abstract. */
  aggressiveStopWords?: ReadonlySet<string>;
  /** A content classifier: the record gets a category. */
  classifier?: ClassifierModel;
}

export function processPage(page: PageInput, options: ProcessOptions = {}): CleanedPage {
  const { record, timings } = cleanAndIntegrate(page, options);
  // After the page's tree is gone: the whole content is read again here. The exact-copy key is
  // made on the worker, so the thread that stores only compares it.
  record.fingerprint = exactKey(record.content) ?? undefined;
  return { record, timings, index: indexFields(record) };
}

function cleanAndIntegrate(page: PageInput, options: ProcessOptions): CleanedPage {
  const parsed = extractPage(page.bytes, { url: page.url, contentType: page.contentType, site: options.site });
  const { timings, ...view } = integrate(parsed, { url: page.url, id: page.id, aggressiveStopWords: options.aggressiveStopWords, classifier: options.classifier });
  const record: PageRecord = { ...view, host: page.host, siteModel: Boolean(options.site), diagnostics: parsed.extraction.diagnostics };
  return { record, timings };
}

/**
 * The distinct terms of a page's topic content, generic stop words out: one document of the
 * corpus's document frequencies (CorpusStats), from which its aggressive stop list comes.
 */
export function pageTerms(page: PageInput, options: { site?: SiteRefiner } = {}): string[] {
  const x = extract(page.bytes, { url: page.url, contentType: page.contentType, site: options.site });
  return [...new Set(classifierTerms(x.text, x.lang))];
}
