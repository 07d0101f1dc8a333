/**
 * One page of a corpus run: cleaned (paper 000 §4, thresher's extractor, with the site's model
 * when its host has one) and integrated into a DocView (paper 000 §6), the record the pipeline
 * stores. Pure: it runs in a worker thread.
 */
import type { Diagnostic, DocView, SiteRefiner } from '../types.js';
import { extractPage, integrate } from './docview.js';

/** A stored record: the page's DocView (without timings: records are deterministic) and where it came from. */
export type PageRecord = Omit<DocView, 'timings'> & {
  host: string;
  /** Whether a site model refined the page-level labels. */
  siteModel: boolean;
  diagnostics: Diagnostic[];
};

/** A cleaned page: the record (deterministic) and how long it took (not part of the record). */
export interface CleanedPage {
  record: PageRecord;
  timings: DocView['timings'];
}

export interface PageInput {
  id: string;
  url?: string;
  host: string;
  bytes: Uint8Array;
  contentType?: string;
}

export function processPage(page: PageInput, options: { site?: SiteRefiner } = {}): CleanedPage {
  const parsed = extractPage(page.bytes, { url: page.url, contentType: page.contentType, site: options.site });
  const { timings, ...view } = integrate(parsed, { url: page.url, id: page.id });
  const record: PageRecord = { ...view, host: page.host, siteModel: Boolean(options.site), diagnostics: parsed.extraction.diagnostics };
  return { record, timings };
}
