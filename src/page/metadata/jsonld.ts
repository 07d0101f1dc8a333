/**
 * JSON-LD (`<script type="application/ld+json">`): the most trusted metadata source, since the
 * publisher writes it for search engines. Pages get it wrong in every way the format allows —
 * trailing commas, raw newlines in strings, HTML comments around it, several objects in a row,
 * `@graph`, arrays, authors as strings, objects, arrays or `@id` references — so each block is
 * parsed leniently, and the page's main entity is chosen among all nodes: the Article family
 * first, a WebPage as a weaker fallback.
 */
import type { DataScript } from '../../dom/node.js';
import { parseDate } from './dates.js';
import { Found, type TitleHints } from './found.js';
import { kindFromSchemaType } from './kind.js';
import { splitTags } from './tags.js';
import { authorNames, normaliseAuthors } from './authors.js';
import { rawUrl } from './urls.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type Obj = { [k: string]: Json };

/** Blocks longer than this are not parsed (JSON-LD is a few KB; megabytes are a data dump). */
const MAX_BLOCK = 1024 * 1024;
/** Nodes gathered across all blocks, at most. */
const MAX_NODES = 500;

const ARTICLE_TYPES = new Set([
  'article', 'newsarticle', 'blogposting', 'reportagenewsarticle', 'opinionnewsarticle', 'livablogposting',
  'liveblogposting', 'scholarlyarticle', 'techarticle', 'report', 'analysisnewsarticle', 'backgroundnewsarticle',
  'reviewnewsarticle', 'askpublicnewsarticle', 'satiricalarticle', 'socialmediaposting', 'discussionforumposting',
  'medicalscholarlyarticle', 'advertisercontentarticle', 'review', 'criticreview', 'posting', 'blog',
]);
const PAGE_TYPES = new Set(['webpage', 'itempage', 'aboutpage', 'faqpage', 'qapage', 'profilepage', 'collectionpage', 'searchresultspage', 'medicalwebpage', 'checkoutpage', 'realestatelisting']);

export interface JsonLdResult {
  found: Found;
  title: Pick<TitleHints, 'jsonLdHeadline'>;
  articleBody?: string;
}

/** Lenient JSON: as is, then with the usual breakage repaired; null when still not JSON. */
export function parseLenient(text: string): Json | undefined {
  if (text.length > MAX_BLOCK) return undefined;
  try { return JSON.parse(text) as Json; } catch { /* repair below */ }
  let t = text.trim();
  // HTML comments and CDATA markers some CMSs wrap scripts in.
  t = t.replace(/^(?:<!--|\/\/\s*<!\[CDATA\[|<!\[CDATA\[)\s*/, '').replace(/\s*(?:-->|\/\/\s*\]\]>|\]\]>)$/, '');
  // Raw control characters (newlines inside strings) are the most common error; outside strings
  // they are white space, so a space is right either way.
  t = t.replace(/[\u0000-\u001f]+/g, ' ');
  // Trailing commas.
  t = t.replace(/,\s*([}\]])/g, '$1');
  try { return JSON.parse(t) as Json; } catch { /* try more */ }
  // Several objects in a row: "{...}{...}" or "{...}\n{...}".
  if (/}\s*{/.test(t)) {
    try { return JSON.parse(`[${t.replace(/}\s*{/g, '},{')}]`) as Json; } catch { /* no */ }
  }
  // Garbage after the value: cut after the last closing bracket.
  const last = Math.max(t.lastIndexOf('}'), t.lastIndexOf(']'));
  if (last > 0 && last < t.length - 1) {
    try { return JSON.parse(t.slice(0, last + 1)) as Json; } catch { /* give up */ }
  }
  return undefined;
}

const isObj = (v: Json | undefined): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every node: top-level objects and arrays, `@graph` members, one level of nesting kept as is. */
function collectNodes(v: Json, out: Obj[]): void {
  const stack: Json[] = [v];
  while (stack.length && out.length < MAX_NODES) {
    const x = stack.pop()!;
    if (Array.isArray(x)) { for (let i = x.length - 1; i >= 0; i--) stack.push(x[i]); continue; }
    if (!isObj(x)) continue;
    out.push(x);
    const g = x['@graph'];
    if (g !== undefined) stack.push(g);
  }
}

function types(n: Obj): string[] {
  const t = n['@type'];
  if (typeof t === 'string') return [t.toLowerCase().replace(/^.*[/:#]/, '')];
  if (Array.isArray(t)) return t.filter((x): x is string => typeof x === 'string').map((x) => x.toLowerCase().replace(/^.*[/:#]/, ''));
  return [];
}

function str(v: Json | undefined): string | undefined {
  if (typeof v === 'string') return v.trim() || undefined;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return str(v[0]);
  if (isObj(v)) return str(v['@value'] ?? v['name'] ?? v['url']);
  return undefined;
}

/** Rank of a node as the page's main entity: Article family 3 (with a date 4), WebPage 1. */
function rank(n: Obj): number {
  const ts = types(n);
  let r = 0;
  if (ts.some((t) => ARTICLE_TYPES.has(t) || t.endsWith('article'))) r = 3;
  else if (ts.some((t) => PAGE_TYPES.has(t))) r = 1;
  if (r && (n['datePublished'] || n['dateCreated'])) r++;
  // Any other node with a publication date (a HowTo, a Recipe, a Product page's review) is a
  // weaker candidate still: its date is the page's more often than not.
  if (!r && (n['datePublished'] || n['dateCreated'])) r = 0.5;
  return r;
}

export function readJsonLd(scripts: DataScript[] | undefined): JsonLdResult {
  const found = new Found();
  const res: JsonLdResult = { found, title: {} };
  const nodes: Obj[] = [];
  for (const s of scripts ?? []) {
    if (!s.type.includes('ld+json')) continue;
    const v = parseLenient(s.text);
    if (v !== undefined) collectNodes(v, nodes);
  }
  if (!nodes.length) return res;
  const byId = new Map<string, Obj>();
  for (const n of nodes) { const id = n['@id']; if (typeof id === 'string' && !byId.has(id)) byId.set(id, n); }
  let main: Obj | null = null, best = 0;
  for (const n of nodes) { const r = rank(n); if (r > best) { best = r; main = n; } }
  // The kind comes from the main entity; else from a Product, Recipe or Event node, which a page
  // carries only when it is one (a Person, a VideoObject or an ItemList sit on article pages too).
  const mainKind = main ? kindOf(main) : undefined;
  if (mainKind) found.add('kind', mainKind, 'json-ld');
  else {
    for (const n of nodes) {
      const k = kindOf(n);
      if (k === 'product' || k === 'recipe' || k === 'event') { found.add('kind', k, 'json-ld'); break; }
    }
  }
  if (main) readMain(main, byId, res);
  // The site's name: the publisher's, else a WebSite or Organization node's.
  for (const n of nodes) {
    const ts = types(n);
    if (ts.includes('website') || ts.includes('organization') || ts.includes('newsmediaorganization')) {
      found.add('siteName', cleanName(str(n['name'])), 'json-ld');
    }
    if (!found.has('lang')) found.add('lang', langTag(str(n['inLanguage'])), 'json-ld');
  }
  return res;
}

function kindOf(n: Obj) {
  for (const t of types(n)) { const k = kindFromSchemaType(t); if (k) return k; }
  return undefined;
}

function readMain(n: Obj, byId: Map<string, Obj>, res: JsonLdResult): void {
  const f = res.found;
  const deref = (v: Json | undefined): Json | undefined => {
    if (isObj(v) && typeof v['@id'] === 'string' && Object.keys(v).length === 1) return byId.get(v['@id']) ?? v;
    return v;
  };
  const headline = str(n['headline']) ?? (rank(n) >= 3 ? str(n['name']) : undefined);
  if (headline) res.title.jsonLdHeadline = headline.slice(0, 600);
  f.add('published', parseDate(str(n['datePublished'])) ?? parseDate(str(n['dateCreated'])), 'json-ld');
  f.add('modified', parseDate(str(n['dateModified'])), 'json-ld');
  f.add('authors', normaliseAuthors(authorNames(deref(n['author']) ?? deref(n['creator']), deref)), 'json-ld');
  const pub = deref(n['publisher']);
  f.add('siteName', cleanName(str(isObj(pub) ? pub['name'] : pub)), 'json-ld');
  const part = deref(n['isPartOf']);
  if (isObj(part) && types(part).includes('website')) f.add('siteName', cleanName(str(part['name'])), 'json-ld');
  f.add('description', str(n['description'])?.slice(0, 2000), 'json-ld');
  f.add('image', rawUrl(imageUrl(deref(n['image']) ?? deref(n['thumbnailUrl']))), 'json-ld');
  const mep = deref(n['mainEntityOfPage']);
  f.add('canonicalUrl', rawUrl(typeof mep === 'string' ? mep : isObj(mep) ? str(mep['@id'] ?? mep['url']) : undefined)
    ?? rawUrl(str(n['url'])), 'json-ld');
  f.add('tags', jsonTags(n['keywords']), 'json-ld');
  f.add('lang', langTag(str(n['inLanguage'])), 'json-ld');
  const body = n['articleBody'] ?? n['text'];
  if (typeof body === 'string' && body.length > 40) res.articleBody = body;
}

function imageUrl(v: Json | undefined): string | undefined {
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return imageUrl(v[0]);
  if (isObj(v)) return str(v['url'] ?? v['contentUrl'] ?? v['@id']);
  return undefined;
}

function jsonTags(v: Json | undefined): string[] {
  if (typeof v === 'string') return splitTags(v);
  if (Array.isArray(v)) return splitTags(v.filter((x): x is string => typeof x === 'string').slice(0, 100).join(','));
  return [];
}

export function cleanName(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const t = s.replace(/\s+/g, ' ').trim();
  return t && t.length <= 120 ? t : undefined;
}

/** A BCP 47 tag, lower case, `_` as `-`: "en_US" → "en-us"; undefined when it is not one. */
export function langTag(s: string | undefined): string | undefined {
  if (!s) return undefined;
  const t = s.trim().replace(/_/g, '-').toLowerCase();
  return /^[a-z]{2,3}(?:-[a-z0-9]{2,8}){0,3}$/.test(t) ? t : undefined;
}
