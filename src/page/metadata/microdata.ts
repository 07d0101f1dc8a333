/**
 * schema.org microdata (`itemprop`): datePublished, dateCreated, dateModified, author (a Person
 * scope's name or plain text), headline, publisher's name, description, image, keywords. A value
 * is the `content` or `datetime` attribute, else the element's URL attribute, else its text.
 *
 * Properties inside a Comment or Answer scope are skipped: their dates and authors are the
 * commenters', not the article's.
 */
import type { DomElement } from '../../dom/node.js';
import { parseDate } from './dates.js';
import { Found, type TitleHints } from './found.js';
import { kindFromItemtype } from './kind.js';
import { splitTags } from './tags.js';
import { normaliseAuthors } from './authors.js';
import { rawUrl } from './urls.js';
import { cleanName, langTag } from './jsonld.js';
import { textOf } from './text.js';

const SKIP_SCOPES = /comment|answer|question|review|rating|offer|breadcrumb|event/i;

export interface MicrodataResult {
  found: Found;
  title: Pick<TitleHints, 'microdataHeadline'>;
}

/** The nearest itemscope at or above `el` (at most a few levels up), or null. */
function scopeOf(el: DomElement, self: boolean): DomElement | null {
  let p: DomElement | null = self ? el : el.parent;
  for (let k = 0; p && k < 30; k++, p = p.parent) if (p.attr('itemscope') !== undefined) return p;
  return null;
}

function valueOf(el: DomElement): string | undefined {
  const v = el.attr('content') ?? el.attr('datetime');
  if (v !== undefined) return v.trim();
  if (el.tag === 'img' || el.tag === 'source') return el.attr('src');
  if (el.tag === 'a' || el.tag === 'link') return el.attr('href');
  if (el.tag === 'meta') return undefined;
  return textOf(el, 300) || undefined;
}

export function readMicrodata(itemprops: readonly DomElement[], itemtypes: readonly string[], mdy: boolean): MicrodataResult {
  const found = new Found();
  const res: MicrodataResult = { found, title: {} };
  const authors: string[] = [];
  for (const el of itemprops) {
    const props = propsOf(el);
    if (!props.length) continue;
    const scope = scopeOf(el, false);
    const scopeType = scope?.attr('itemtype') ?? '';
    if (SKIP_SCOPES.test(scopeType) && !props.includes('author')) continue;
    for (const p of props) readProp(p, el, scope, scopeType, res, authors, mdy);
  }
  found.add('authors', normaliseAuthors(authors), 'microdata');
  for (const t of itemtypes) {
    const k = kindFromItemtype(t);
    if (k) { found.add('kind', k, 'microdata'); break; }
  }
  return res;
}

/** itemprop names, or RDFa property names without their prefix (schema:datePublished, dc:date). */
function propsOf(el: DomElement): string[] {
  const ip = el.attr('itemprop');
  if (ip) return ip.toLowerCase().split(/\s+/).filter(Boolean);
  const p = el.attr('property');
  if (!p || p.length > 200) return [];
  return p.toLowerCase().split(/\s+/).map((x) => RDFA_NAMES[x.replace(/^.*[:/#]/, '')] ?? '').filter(Boolean);
}

/** RDFa property names (after the prefix) read, as the microdata name they mean. */
const RDFA_NAMES: Record<string, string> = {
  datepublished: 'datepublished', datecreated: 'datecreated', datemodified: 'datemodified', date: 'datepublished',
  created: 'datecreated', issued: 'dateissued', modified: 'datemodified', published_time: 'datepublished',
  modified_time: 'datemodified', author: 'author', creator: 'author', headline: 'headline',
};

function readProp(p: string, el: DomElement, scope: DomElement | null, scopeType: string, res: MicrodataResult,
  authors: string[], mdy: boolean): void {
  const f = res.found;
  switch (p) {
    case 'datepublished': case 'datecreated': case 'uploaddate': case 'dateissued':
      f.add('published', parseDate(valueOf(el), { mdy }), 'microdata'); break;
    case 'datemodified':
      f.add('modified', parseDate(valueOf(el), { mdy }), 'microdata'); break;
    case 'author': case 'creator': {
      if (SKIP_SCOPES.test(scopeType)) break;
      // A Person scope: its name property is read when met (case 'name').
      if (el.attr('itemscope') !== undefined) break;
      const v = valueOf(el);
      if (v) authors.push(v);
      break;
    }
    case 'name': case 'givenname': {
      // The name of an author or publisher scope.
      const owner = scope?.attr('itemprop')?.toLowerCase() ?? '';
      if (/\b(?:author|creator)\b/.test(owner) && !SKIP_SCOPES.test(scopeOf(scope!, false)?.attr('itemtype') ?? '')) {
        const v = valueOf(el); if (v) authors.push(v);
      } else if (/\bpublisher\b/.test(owner)) f.add('siteName', cleanName(valueOf(el)), 'microdata');
      break;
    }
    case 'headline':
      if (!res.title.microdataHeadline) { const v = valueOf(el); if (v) res.title.microdataHeadline = v.slice(0, 600); }
      break;
    case 'description': f.add('description', valueOf(el)?.replace(/\s+/g, ' ').slice(0, 2000), 'microdata'); break;
    case 'image': case 'thumbnailurl': {
      const v = el.attr('content') ?? el.attr('src') ?? el.attr('href');
      f.add('image', rawUrl(v), 'microdata');
      break;
    }
    case 'keywords': f.add('tags', splitTags(valueOf(el)), 'microdata'); break;
    case 'inlanguage': f.add('lang', langTag(valueOf(el)), 'microdata'); break;
    default: break;
  }
}
