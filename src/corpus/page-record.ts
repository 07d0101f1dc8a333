/**
 * One page of a corpus run: cleaned (paper 000 §4, thresher's extractor), with the site's model
 * when its host has one, into the record the pipeline stores. Pure: it runs in a worker thread.
 */
import { extract } from '../page/extract.js';
import type { Diagnostic, PageType, SiteRefiner } from '../types.js';

export interface PageRecord {
  /** The page's id: its URL when known. */
  id: string;
  url?: string;
  host: string;
  type: PageType;
  title: string;
  lang?: string;
  /** Topic content, plain text. */
  content: string;
  /** Whether a site model refined the page-level labels. */
  siteModel: boolean;
  diagnostics: Diagnostic[];
}

/** A cleaned page: the record (deterministic) and how long it took (not part of the record). */
export interface CleanedPage {
  record: PageRecord;
  timings: { parseMs: number; labelMs: number; renderMs: number };
}

export interface PageInput {
  id: string;
  url?: string;
  host: string;
  bytes: Uint8Array;
  contentType?: string;
}

export function processPage(page: PageInput, options: { site?: SiteRefiner } = {}): CleanedPage {
  const x = extract(page.bytes, { url: page.url, contentType: page.contentType, site: options.site });
  const record: PageRecord = {
    id: page.id, url: page.url, host: page.host, type: x.pageType, title: x.title, lang: x.lang,
    content: x.text, siteModel: Boolean(options.site), diagnostics: x.diagnostics,
  };
  return { record, timings: x.timings };
}
