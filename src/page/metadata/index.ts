/**
 * Page metadata: title, authors, publication and modification dates, site name, description,
 * lead image, canonical URL, language, tags and page kind, each from the most trusted source that
 * has it (merge.ts), with the source recorded.
 *
 * Sources, one file each, in trust order: JSON-LD (jsonld.ts), meta tags (meta-tags.ts),
 * microdata and RDFa (microdata.ts), the page's JSON payloads (app-data.ts for dates, app-article.ts
 * for a framework's article record: its text, headline and authors), date and author
 * markup (markup.ts), the byline next to the headline (byline.ts), the URL (url-date.ts), dates in
 * the text (text-date.ts). One walk over the elements (scan.ts) feeds them all. The sources below
 * the structured ones run only for fields still missing; the text around the headline, and the
 * whole body text, are flattened only when a source needs them. The title is chosen by title.ts
 * from the candidates gathered here; the published date is finally checked against the day the
 * page shows (reconcile.ts). Dates: dates.ts; placement of a date in the page: date-context.ts.
 *
 * Never throws on a parsed page: a source that fails on odd input is skipped (see safe()).
 */
import type { DomDocument, DomElement } from '../../dom/node.js';
import { chooseTitle, type ChosenTitle, type TitleCandidates } from './title.js';
import type { MetadataResult, PageMetadata } from './types.js';
import { Found } from './found.js';
import { scanPage, type PageScan } from './scan.js';
import { readJsonLd, langTag } from './jsonld.js';
import { readMetaTags } from './meta-tags.js';
import { readMicrodata } from './microdata.js';
import { readMarkup } from './markup.js';
import { readByline } from './byline.js';
import { urlDate, type UrlDate } from './url-date.js';
import { readTextDates } from './text-date.js';
import { readAppArticle, type AppArticle } from './app-article.js';
import { readAppData } from './app-data.js';
import { merge, type Merged } from './merge.js';
import { reconcilePublished, worthChecking, type Shown } from './reconcile.js';
import type { DateValue } from './dates.js';
import { buildAroundIndex, buildTextIndex, oneLine, textOf, type TextIndex } from './text.js';
import { detectLang } from './lang.js';
import { isHomeUrl } from './kind.js';
import { parsePageUrl } from './urls.js';
import { normaliseAuthors } from './authors.js';

export type { MetadataResult, PageMetadata, MetadataSource, PageKind } from './types.js';

export interface MetadataContext {
  /** The page's URL: base for relative URLs, and a source of dates. */
  url?: string;
}

/** Body text flattened for the text-date search, at most this many characters. */
const TEXT_CAP = 120_000;
/** Text before and after the headline flattened for the byline search (byline.ts reads less). */
const BYLINE_BEFORE = 400;
const BYLINE_AFTER = 1000;
/** What the structured sources' merge is read for: the title's site name, and readVisible's tests. */
const STRUCTURED_FIELDS = ['siteName', 'published', 'modified', 'authors'] as const;

export function extractMetadata(doc: DomDocument, ctx: MetadataContext = {}): MetadataResult {
  // Parsed once: the title's host names, the URL's date and the page's shape all read it.
  const pageUrl = parsePageUrl(ctx.url);
  const base = pageUrl?.href;
  const scan = scanPage(doc);
  const jsonld = safe(() => readJsonLd(doc.dataScripts), { found: new Found(), title: {} });
  const meta = safe(() => readMetaTags(scan.metas, scan.links), { found: new Found(), title: {}, mdy: false });
  const mdy = meta.mdy || /^en-us/.test(htmlLang(doc) ?? '');
  const micro = safe(() => readMicrodata(scan.itemprops, scan.itemtypes, mdy), { found: new Found(), title: {} });
  const appData = safe(() => readAppData(doc.dataScripts), new Found());
  // A framework's article record, read where JSON-LD gives no article text (its body is then the fallback output).
  const app = jsonld.articleBody ? undefined : safe(() => readAppArticle(doc.dataScripts), undefined);
  if (app) appData.add('authors', normaliseAuthors(app.authors), 'app-data');
  const structured = merge([jsonld.found, meta.found, micro.found, appData], undefined, STRUCTURED_FIELDS);

  const candidates: TitleCandidates = {
    titleTag: scan.titleEl ? oneLine(textOf(scan.titleEl, 600)) || undefined : undefined,
    ...meta.title, ...jsonld.title, ...micro.title, appHeadline: app?.headline,
    siteName: structured.values.siteName, url: pageUrl,
  };
  const chosen = safe(() => chooseTitle(doc, candidates), { title: candidates.titleTag ?? '', source: 'title-tag' as const, headline: null });
  const headline: DomElement | null = chosen.headline ?? scan.h1s.find((h) => !h.hidden) ?? null;

  const url = urlDate(pageUrl);
  const found = [jsonld.found, meta.found, micro.found, appData];
  const visible = readVisible(doc, scan, headline, url, structured.values, mdy, found);
  const urlFound = new Found();
  urlFound.add('published', url.day, 'url');
  found.push(urlFound, pageLangFound(doc, doc.body, visible.index), pageShape(scan, pageUrl));
  const merged = merge(found, base);
  const v = merged.values;
  // No source gives a published date: the modified one is the best date the page has.
  if (!v.published && v.modified) { v.published = v.modified; merged.sources.published = merged.sources.modified; }
  if (v.published && merged.sources.published && visible.checkShown) {
    const shown: Shown[] = [];
    if (visible.bylineDay) shown.push({ day: visible.bylineDay, source: 'byline' });
    if (url.day) shown.push({ day: url.day.day, source: 'url' });
    const r = reconcilePublished(v.published, merged.sources.published, v.modified, shown);
    v.published = r.value;
    merged.sources.published = r.source;
  }
  return assemble(chosen, merged, jsonld.articleBody ?? app?.body);
}

interface Visible {
  /** The full body text index, when the text-date search built it (the language vote reuses it). */
  index: TextIndex | null;
  /** The byline's published-role date, when the byline was read. */
  bylineDay?: string;
  /** Whether the published date is to be checked against the shown dates (reconcile.ts). */
  checkShown: boolean;
}

/**
 * The sources below the structured ones (markup, byline, text) are read only for what is still
 * missing — the merge would never pick their value over a structured one, and they cost more —
 * or, for the byline, to check a structured date against the date the page shows.
 */
function readVisible(doc: DomDocument, scan: PageScan, headline: DomElement | null, url: UrlDate,
  sv: Merged['values'], mdy: boolean, found: Found[]): Visible {
  const out: Visible = { index: null, checkShown: false };
  const haveDate = sv.published !== undefined, haveAuthors = sv.authors !== undefined;
  if (!haveDate || !haveAuthors) {
    found.push(safe(() => readMarkup(scan, headline, mdy, { dates: !haveDate, authors: !haveAuthors }, { day: url.day?.day, month: url.month }), new Found()));
  }
  const body = doc.body;
  if (!body) return out;
  const dateSoFar = found.some((f) => f.has('published'));
  const authorsSoFar = found.some((f) => f.has('authors'));
  const structuredPub = sv.published;
  out.checkShown = structuredPub !== undefined && worthChecking(structuredPub, sv.modified);
  if (dateSoFar && authorsSoFar && !out.checkShown) return out;
  // The byline lies next to the headline: only the text just around it is needed.
  const local = headline ? buildAroundIndex(headline, body, BYLINE_BEFORE, BYLINE_AFTER) : buildTextIndex(body, BYLINE_AFTER);
  const headText = headline ? textOf(headline, 600) : '';
  const byline = safe(() => readByline(local, headline, headText, mdy, { day: url.day?.day, month: url.month }), { found: new Found(), headlineAt: -1 });
  found.push(byline.found);
  const shown = byline.found.list.find((p) => p.field === 'published');
  if (shown) out.bylineDay = (shown.value as DateValue).day;
  if (!dateSoFar && !out.bylineDay && !url.day) {
    const idx = (out.index = buildTextIndex(body, TEXT_CAP, headline));
    found.push(safe(() => readTextDates(idx, url, headline, mdy), new Found()));
  }
  return out;
}

/** The result object: metadata fields, their sources, the headline element, the article body. */
function assemble(chosen: ChosenTitle, merged: Merged, articleBody: string | undefined): MetadataResult {
  const v = merged.values;
  const metadata: PageMetadata = { title: chosen.title, authors: v.authors ?? [], tags: v.tags ?? [] };
  if (v.published) metadata.published = v.published.iso;
  if (v.modified) metadata.modified = v.modified.iso;
  for (const k of ['siteName', 'description', 'image', 'canonicalUrl', 'lang', 'kind'] as const) {
    if (v[k] !== undefined) (metadata as unknown as Record<string, unknown>)[k] = v[k];
  }
  const sources: MetadataResult['sources'] = { ...merged.sources };
  if (metadata.title) sources.title = chosen.source;
  const res: MetadataResult = { metadata, sources, headline: chosen.headline };
  if (chosen.shown) res.shownTitle = chosen.shown;
  if (articleBody) res.articleBody = articleBody;
  return res;
}

/** Runs one source; a source that throws on odd input gives nothing rather than failing the page. */
function safe<T>(fn: () => T, fallback: T): T {
  try { return fn(); } catch { return fallback; }
}

function htmlLang(doc: DomDocument): string | undefined {
  return langTag(doc.html?.attr('lang') ?? doc.html?.attr('xml:lang'));
}

/** <html lang> ('markup'), else a language detected from the body text ('detected'). */
function pageLangFound(doc: DomDocument, body: DomElement | null, idx: TextIndex | null): Found {
  const f = new Found();
  const l = htmlLang(doc);
  if (l) { f.add('lang', l, 'markup'); return f; }
  if (!body) return f;
  f.add('lang', detectLang(idx ? idx.text.slice(0, 3000) : textOf(body, 3000)), 'detected');
  return f;
}

/**
 * The page's shape, when it is clear: the site's root URL is its home page; many short <article>s
 * (teasers) a listing. Many long ones are a forum thread's posts or a blog's full posts: unsure.
 */
function pageShape(scan: PageScan, url: URL | undefined): Found {
  const f = new Found();
  if (isHomeUrl(url)) f.add('kind', 'homepage', 'detected');
  else if (scan.articles >= 4 && scan.articleText < scan.articles * MAX_TEASER_TEXT) f.add('kind', 'listing', 'detected');
  return f;
}

/** Average text of a listing's <article> teasers, at most. */
const MAX_TEASER_TEXT = 500;
