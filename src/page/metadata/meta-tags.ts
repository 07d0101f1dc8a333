/**
 * <meta> tags: OpenGraph (og:*, article:*), Twitter cards, Dublin Core (dc.*, dcterms.*) and the
 * plain names CMSs and analytics tags use (author, description, keywords, date, pubdate,
 * sailthru.date, parsely-pub-date...), read in one pass over the metas the scan collected (head
 * and body). Also the <link> tags (canonical, author, image_src) the scan collected.
 *
 * Each value is labelled with its family (opengraph, twitter, dublin-core, meta): the merge trusts
 * them in that order.
 */
import type { DomElement } from '../../dom/node.js';
import { parseDate, type DateValue } from './dates.js';
import { Found, type TitleHints } from './found.js';
import { kindFromOgType } from './kind.js';
import { splitTags } from './tags.js';
import { normaliseAuthors } from './authors.js';
import { rawUrl } from './urls.js';
import { cleanName, langTag } from './jsonld.js';

type Family = 'opengraph' | 'twitter' | 'dublin-core' | 'meta';
const FAMILIES: Family[] = ['opengraph', 'twitter', 'dublin-core', 'meta'];

// Names (lower case) → field. Order within a field and family: the first listed is trusted most.
const PUBLISHED = [
  'article:published_time', 'article:published', 'og:article:published_time', 'og:published_time', 'og:pubdate',
  'article:post_date', 'og:regdate',
  'dc.date.issued', 'dcterms.issued', 'dc.date.created', 'dcterms.created', 'dc.created', 'dc.date', 'dcterms.date',
  'datepublished', 'date_published', 'published_time', 'publish_date', 'publish-date', 'publishdate', 'published-date',
  'publication_date', 'publication-date', 'pubdate', 'pub_date', 'article.published', 'article_date_original',
  'originalpublicationdate', 'original-publish-date', 'sailthru.date', 'parsely-pub-date', 'citation_publication_date',
  'citation_date', 'citation_online_date', 'prism.publicationdate', 'rnews:datepublished', 'shareaholic:article_published_time',
  'article.created', 'datecreated', 'date_created', 'creation_date', 'created', 'displaydate', 'firstpublishedtime',
  'cxenseparse:recs:publishtime', 'bt:pubdate', 'og:article:published', 'live_date', 'release_date', 'dc.date.published', 'date',
];
const MODIFIED = [
  'article:modified_time', 'article:modified', 'og:updated_time', 'og:article:modified_time', 'article:updated_time',
  'dc.date.modified', 'dcterms.modified', 'datemodified', 'date_modified', 'modified_time', 'last-modified',
  'lastmod', 'revised', 'updated', 'shareaholic:article_modified_time', 'eomportal-lastupdate', 'last_updated', 'dc.modified',
];
const AUTHOR = ['article:author', 'og:article:author', 'dc.creator', 'dcterms.creator', 'author', 'byl', 'parsely-author', 'sailthru.author', 'citation_author', 'dc.contributor'];
const DESCRIPTION = ['og:description', 'twitter:description', 'dc.description', 'dcterms.description', 'description'];
const IMAGE = ['og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src'];
const SITE = ['og:site_name', 'dc.publisher', 'dcterms.publisher', 'application-name', 'apple-mobile-web-app-title'];
const TAGS = ['article:tag', 'og:article:tag', 'keywords', 'news_keywords', 'dc.subject', 'parsely-tags', 'sailthru.tags'];
const LANG = ['content-language', 'og:locale', 'dc.language', 'dcterms.language', 'language'];
const CANONICAL = ['og:url', 'twitter:url'];

const FIELD_OF = new Map<string, [string, number]>();
for (const [field, names] of [['published', PUBLISHED], ['modified', MODIFIED], ['author', AUTHOR], ['description', DESCRIPTION],
  ['image', IMAGE], ['site', SITE], ['tags', TAGS], ['lang', LANG], ['canonical', CANONICAL]] as const) {
  names.forEach((n, i) => FIELD_OF.set(n, [field, i]));
}

function family(name: string): Family {
  if (name.startsWith('og:') || name.startsWith('article:')) return 'opengraph';
  if (name.startsWith('twitter:')) return 'twitter';
  if (name.startsWith('dc.') || name.startsWith('dcterms.')) return 'dublin-core';
  return 'meta';
}

/** `order`: the family's place in FAMILIES, found once a hit rather than once a comparison. */
interface Hit { name: string; rank: number; family: Family; order: number; value: string }

export interface MetaTagsResult {
  found: Found;
  title: Pick<TitleHints, 'ogTitle' | 'twitterTitle'>;
  /** <meta name=generator>, for the title chooser's placeholder test. */
  generator?: string;
  /** The page's locale is en-US (og:locale and the like): an ambiguous 3/5/2024 is month first. */
  mdy: boolean;
}

/** Reads the meta tags, and the <link> tags of the raw HTML when it is given. */
export function readMetaTags(metas: readonly DomElement[], linkEls: readonly DomElement[]): MetaTagsResult {
  const hits = new Map<string, Hit[]>();
  const res: MetaTagsResult = { found: new Found(), title: {}, mdy: false };
  let ogType: string | undefined;
  for (const m of metas) {
    // One pass over the attributes. itemprop metas are microdata's (microdata.ts), read there
    // with their scope.
    let rawName: string | undefined, content: string | undefined;
    const at = m.attrs;
    for (let k = 0; k < at.length; k++) {
      const n = at[k].name;
      if (n === 'content') content = at[k].value;
      else if (n === 'property' || (rawName === undefined && (n === 'name' || n === 'http-equiv'))) rawName = at[k].value;
    }
    if (!rawName || content === undefined || rawName.length > 60) continue;
    const name = rawName.trim().toLowerCase();
    const value = content.trim();
    if (!value) continue;
    if (name === 'og:title') res.title.ogTitle ??= value.slice(0, 600);
    else if (name === 'twitter:title') res.title.twitterTitle ??= value.slice(0, 600);
    else if (name === 'og:type') ogType ??= value;
    else if (name === 'generator') res.generator ??= value;
    const f = FIELD_OF.get(name);
    if (!f) continue;
    let list = hits.get(f[0]);
    if (!list) hits.set(f[0], (list = []));
    const fam = family(name);
    list.push({ name, rank: f[1], family: fam, order: FAMILIES.indexOf(fam), value });
  }
  // Families in trust order, then each name's rank, then page order (a stable sort).
  for (const list of hits.values()) list.sort((a, b) => a.order - b.order || a.rank - b.rank);
  const f = res.found;
  const mdy = (res.mdy = isUsLocale(hits.get('lang')));
  for (const h of hits.get('published') ?? []) f.add('published', metaDate(h.value, mdy), h.family);
  for (const h of hits.get('modified') ?? []) f.add('modified', metaDate(h.value, mdy), h.family);
  const authorHits = hits.get('author');
  if (authorHits) for (const fam of FAMILIES) {
    const raw = valuesOf(authorHits, fam);
    if (raw.length) f.add('authors', normaliseAuthors(raw), fam);
  }
  // og:description, twitter:description and description often repeat one text: spaced once.
  let lastDesc: string | undefined, spaced = '';
  for (const h of hits.get('description') ?? []) {
    if (h.value !== lastDesc) { lastDesc = h.value; spaced = oneSpaced(lastDesc).slice(0, 2000); }
    f.add('description', spaced, h.family);
  }
  for (const h of hits.get('image') ?? []) f.add('image', rawUrl(h.value), h.family);
  for (const h of hits.get('site') ?? []) f.add('siteName', cleanName(h.value), h.family);
  const tagHits = hits.get('tags');
  if (tagHits) for (const fam of FAMILIES) {
    const raw = valuesOf(tagHits, fam);
    if (raw.length) f.add('tags', splitTags(raw.join(',')), fam);
  }
  for (const h of hits.get('lang') ?? []) f.add('lang', langTag(h.value.split(',')[0]), h.family);
  const links = readLinkTags(linkEls);
  f.add('canonicalUrl', rawUrl(links.canonical), 'meta');
  for (const h of hits.get('canonical') ?? []) f.add('canonicalUrl', rawUrl(h.value), h.family);
  f.add('image', rawUrl(links.image), 'meta');
  f.add('kind', kindFromOgType(ogType), 'opengraph');
  return res;
}

/**
 * The values of one family's hits, in order. A loop, not filter().map(): the empty and the full
 * arrays those return differ in V8's elements kind, and the optimised readMetaTags was thrown
 * away on meeting the other one, pass after pass (100 ms of compiling each time).
 */
function valuesOf(hits: Hit[], fam: Family): string[] {
  const out: string[] = [];
  for (const h of hits) if (h.family === fam) out.push(h.value);
  return out;
}

/** White space runs as single spaces; most texts have none but single spaces, and stay as they are. */
function oneSpaced(s: string): string {
  return /[^\S ]|\s\s/.test(s) ? s.replace(/\s+/g, ' ') : s;
}

/** A meta date: an ISO or RFC date, or a byline-like "March 5, 2024". */
function metaDate(v: string, mdy: boolean): DateValue | null {
  return parseDate(v, { mdy });
}

function isUsLocale(langs: Hit[] | undefined): boolean {
  for (const h of langs ?? []) if (/^en[-_]us$/i.test(h.value.trim())) return true;
  return false;
}

export interface LinkTags { canonical?: string; image?: string; author?: string }

/**
 * <link rel=canonical|image_src|author> from the elements the scan collected (the parser keeps
 * <link>: it has no text, and this is what reads it). The first of each kind wins.
 */
export function readLinkTags(links: readonly DomElement[]): LinkTags {
  const out: LinkTags = {};
  for (const el of links) {
    const rel = el.attr('rel')?.toLowerCase(), href = el.attr('href')?.trim();
    if (!rel || !href) continue;
    const rels = rel.split(/\s+/);
    if (rels.includes('canonical')) out.canonical ??= href;
    else if (rels.includes('image_src')) out.image ??= href;
    else if (rels.includes('author')) out.author ??= href;
  }
  return out;
}
