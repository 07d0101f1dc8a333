/**
 * The article text of a Next.js page, from its `__NEXT_DATA__` payload (a JSON script): client-
 * rendered pages sometimes ship the article only there. The payload's shape is the site's own, so
 * the search is generic: the longest prose under a key named like a body (body, articleBody,
 * content, text, html...), as a string, an HTML string (tags stripped), or a list of paragraph
 * objects. Bounded: payloads over a size cap are not parsed, and the walk visits a fixed number
 * of nodes.
 */
import type { DataScript } from '../../dom/node.js';

const MAX_PAYLOAD = 2 * 1024 * 1024;
const MAX_VISITS = 60_000;
const MIN_BODY = 400;
const BODY_KEYS = new Set(['body', 'articlebody', 'content', 'text', 'html', 'bodyhtml', 'body_html', 'contenthtml', 'article', 'richtext', 'paragraphs', 'blocks', 'fulltext', 'maintext']);

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

export function readNextData(scripts: DataScript[] | undefined): string | undefined {
  const s = scripts?.find((x) => x.id === '__NEXT_DATA__');
  if (!s || s.text.length > MAX_PAYLOAD) return undefined;
  let data: Json;
  try { data = JSON.parse(s.text) as Json; } catch { return undefined; }
  let best = '';
  let visits = 0;
  const stack: Json[] = [data];
  while (stack.length && visits++ < MAX_VISITS) {
    const v = stack.pop()!;
    if (Array.isArray(v)) { for (let i = v.length - 1; i >= 0; i--) if (typeof v[i] === 'object') stack.push(v[i]); continue; }
    if (typeof v !== 'object' || v === null) continue;
    for (const k in v) {
      const x = v[k];
      if (BODY_KEYS.has(k.toLowerCase())) {
        const t = bodyText(x);
        if (t.length > best.length && looksLikeProse(t)) best = t;
      }
      if (typeof x === 'object' && x !== null) stack.push(x);
    }
  }
  return best.length >= MIN_BODY ? best : undefined;
}

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
