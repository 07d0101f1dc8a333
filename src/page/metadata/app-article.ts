/**
 * The article of a page built by a JavaScript framework, from the page's own JSON payload:
 * Next.js's `__NEXT_DATA__`, or Nuxt 3's `__NUXT_DATA__` (the devalue format: a flat array whose
 * objects and arrays hold indices into it). Client-rendered pages sometimes ship the article only
 * there. The payload's shape is the site's own, so the search is generic: the longest prose under
 * a key named like a body (body, articleBody, content, text, html...), as a string, an HTML
 * string (tags stripped), or a list of paragraph objects. The object that holds it (or the one
 * above) names the article: its headline under `title` or `headline`, its authors under `author`,
 * `authors` or `byline`. Bounded: payloads over a size cap are not parsed, and the walks visit a
 * fixed number of nodes. (Nuxt 2's `window.__NUXT__` is a script, not JSON: it is not read.)
 *
 * Issue 24: "JSON-LD articleBody (and __NEXT_DATA__ / __NUXT__ article fields)".
 */
import type { DataScript } from '../../dom/node.js';
import { authorNames } from './authors.js';

const MAX_PAYLOAD = 2 * 1024 * 1024;
const MAX_VISITS = 60_000;
const MIN_BODY = 400;
const BODY_KEYS = new Set(['body', 'articlebody', 'content', 'text', 'html', 'bodyhtml', 'body_html', 'contenthtml', 'article', 'richtext', 'paragraphs', 'blocks', 'fulltext', 'maintext']);
const HEADLINE_KEYS = ['headline', 'title'];
const AUTHOR_KEYS = ['author', 'authors', 'byline'];
/** A headline is one line of a few words: shorter is a label, longer a summary. */
const MIN_HEADLINE = 10;
const MAX_HEADLINE = 300;

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

export interface AppArticle {
  /** The article's text, paragraphs separated by blank lines. */
  body: string;
  /** The headline the payload gives the article, when the object holding the body (or the one above it) has one. */
  headline?: string;
  /** The raw author names found there (authors.ts normalises them). */
  authors: string[];
}

/** The article in the page's Next.js or Nuxt 3 payload; undefined when there is none (or no prose long enough). */
export function readAppArticle(scripts: DataScript[] | undefined): AppArticle | undefined {
  for (const s of scripts ?? []) {
    if (s.id !== '__NEXT_DATA__' && s.id !== '__NUXT_DATA__') continue;
    if (s.text.length > MAX_PAYLOAD) continue;
    let data: Json;
    try { data = JSON.parse(s.text) as Json; } catch { continue; }
    if (s.id === '__NUXT_DATA__') data = Array.isArray(data) ? fromDevalue(data) : null;
    const found = findArticle(data);
    if (found) return found;
  }
  return undefined;
}

/** The longest prose under a body-like key, with the headline and authors of the object that holds it. */
function findArticle(data: Json): AppArticle | undefined {
  let best = '';
  let holders: JsonObject[] = [];
  let visits = 0;
  // Each object with its parent object: the article's fields may sit one level above its body.
  const stack: [Json, JsonObject | null][] = [[data, null]];
  while (stack.length && visits++ < MAX_VISITS) {
    const [v, parent] = stack.pop()!;
    if (Array.isArray(v)) { for (let i = v.length - 1; i >= 0; i--) if (typeof v[i] === 'object') stack.push([v[i], parent]); continue; }
    if (typeof v !== 'object' || v === null) continue;
    for (const k in v) {
      const x = v[k];
      if (BODY_KEYS.has(k.toLowerCase())) {
        const t = bodyText(x);
        if (t.length > best.length && looksLikeProse(t)) { best = t; holders = parent ? [v, parent] : [v]; }
      }
      if (typeof x === 'object' && x !== null) stack.push([x, v]);
    }
  }
  if (best.length < MIN_BODY) return undefined;
  const out: AppArticle = { body: best, authors: [] };
  for (const h of holders) {
    out.headline ??= headlineOf(h);
    if (!out.authors.length) for (const k of AUTHOR_KEYS) if (h[k] !== undefined && (out.authors = authorNames(h[k])).length) break;
  }
  return out;
}

function headlineOf(o: JsonObject): string | undefined {
  for (const k of HEADLINE_KEYS) {
    const v = o[k];
    if (typeof v !== 'string') continue;
    const t = v.replace(/\s+/g, ' ').trim();
    if (t.length >= MIN_HEADLINE && t.length <= MAX_HEADLINE && !t.includes('<')) return t;
  }
  return undefined;
}

/**
 * A devalue payload (Nuxt 3) as plain JSON: entry 0 is the root; an object's values and an
 * array's items are indices of other entries; an array that starts with a string is a typed value
 * (["Reactive", i], ["Date", iso], ...), of which the wrappers are unwrapped and the rest dropped.
 * Shared entries are expanded once per use, within MAX_VISITS in all (a payload can be a DAG).
 */
function fromDevalue(arr: Json[]): Json {
  let visits = 0;
  const at = (i: Json, depth: number): Json => {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= arr.length || depth > 64 || visits++ >= MAX_VISITS) return null;
    const v = arr[i];
    if (Array.isArray(v)) {
      if (typeof v[0] === 'string') return WRAPPERS.has(v[0]) ? at(v[1], depth + 1) : null;
      return v.map((x) => at(x, depth + 1));
    }
    if (typeof v !== 'object' || v === null) return v;
    const o: JsonObject = {};
    for (const k in v) o[k] = at(v[k], depth + 1);
    return o;
  };
  return at(0, 0);
}

const WRAPPERS = new Set(['Reactive', 'ShallowReactive', 'Ref', 'ShallowRef']);

/** A body value as text: a string (HTML stripped), or an array of paragraph strings/objects. */
function bodyText(x: Json): string {
  if (typeof x === 'string') return x.includes('<') ? stripTags(x) : x.trim();
  if (!Array.isArray(x)) return '';
  const parts: string[] = [];
  for (const item of x.slice(0, 2000)) {
    if (typeof item === 'string') parts.push(item.includes('<') ? stripTags(item) : item.trim());
    else if (item && typeof item === 'object' && !Array.isArray(item)) {
      const t = item['text'] ?? item['content'] ?? item['html'] ?? item['value'];
      if (typeof t === 'string') parts.push(t.includes('<') ? stripTags(t) : t.trim());
    }
  }
  return parts.filter(Boolean).join('\n\n');
}

/** Prose has spaces between words and sentence punctuation; ids, URLs and JSON-in-strings do not. */
function looksLikeProse(t: string): boolean {
  const sample = t.length > 4000 ? t.slice(0, 4000) : t;
  let spaces = 0, dots = 0, braces = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 32) spaces++; else if (c === 46 || c === 0x3002 || c === 33 || c === 63) dots++; else if (c === 123 || c === 125) braces++;
  }
  return spaces * 12 > sample.length && dots > 0 && braces * 50 < sample.length;
}

const BLOCK_START = new Set(['p', 'div', 'br', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'section', 'tr', 'pre', 'ul', 'ol', 'figure', 'figcaption']);

/** HTML to text by a single scan: tags dropped, block tags as paragraph breaks, a few entities decoded. */
export function stripTags(html: string): string {
  let out = '';
  let i = 0;
  const n = html.length;
  let lower: string | undefined;
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0) { out += html.slice(i); break; }
    out += html.slice(i, lt);
    const gt = html.indexOf('>', lt + 1);
    if (gt < 0) break;
    let j = lt + 1;
    if (html.charCodeAt(j) === 47) j++;
    let k = j;
    while (k < gt && /[a-zA-Z0-9]/.test(html[k])) k++;
    const name = html.slice(j, k).toLowerCase();
    if (BLOCK_START.has(name)) out += '\n';
    // The text of a script or style is not prose.
    if ((name === 'script' || name === 'style') && html.charCodeAt(lt + 1) !== 47) {
      const close = (lower ??= html.toLowerCase()).indexOf(`</${name}`, gt);
      i = close < 0 ? n : close;
      continue;
    }
    i = gt + 1;
  }
  return decodeEntities(out).replace(/[ \t\u00a0]+/g, ' ').replace(/ ?\n[\s]*/g, '\n\n').trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (m, e: string) => {
    const k = e.toLowerCase();
    if (k in ENTITIES) return ENTITIES[k];
    const cp = k.startsWith('#x') ? parseInt(k.slice(2), 16) : k.startsWith('#') ? parseInt(k.slice(1), 10) : NaN;
    return Number.isFinite(cp) && cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}
