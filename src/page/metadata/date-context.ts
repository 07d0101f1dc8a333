/**
 * Where a date stands, for the sources that read dates from the page's visible markup and text
 * (markup.ts, byline.ts, text-date.ts): what the words before it say (published, updated, a
 * copyright line), and whether it sits in comments or in the page's furniture (sidebars, footers,
 * "related articles" lists), whose dates belong to other texts. Bounded walks up the tree only.
 */
import type { DomElement } from '../../dom/node.js';

export type DateRole = 'published' | 'modified' | 'neutral' | 'copyright';

// Words just before a date, in the languages of the month table. Checked on the last ~48 chars.
const MODIFIED_WORDS = /(?:updated?|last modified|modified|edited|revised|aktualisiert|geändert|zuletzt|mis à jour|mise à jour|modifié|actualizado|actualización|aggiornat[oa]|atualizad[oa]|bijgewerkt|gewijzigd|zaktualizowano|uppdaterad|opdateret|oppdatert|päivitetty|aktualizováno|обновлено)\s*(?:on|am|le|el|il|em|op)?\s*[:\-–—]?\s*$/i;
const PUBLISHED_WORDS = /(?:published|posted|written|created|veröffentlicht|erschienen|publiziert|erstellt|publié|publicado|publicada|pubblicato|gepubliceerd|geplaatst|opublikowano|publicerad|publiceret|publisert|julkaistu|publikováno|опубликовано|date|datum|fecha|data)\s*(?:on|am|le|el|il|em|op|:)?\s*[:\-–—]?\s*$/i;
const COPYRIGHT_WORDS = /(?:©|\(c\)|copyright|urheberrecht|all rights reserved|tous droits réservés|todos los derechos)[^\n]{0,30}$/i;

/** What the text just before a date says about it. */
export function roleOf(before: string): DateRole {
  const b = before.length > 48 ? before.slice(-48) : before;
  if (COPYRIGHT_WORDS.test(b)) return 'copyright';
  if (MODIFIED_WORDS.test(b)) return 'modified';
  if (PUBLISHED_WORDS.test(b)) return 'published';
  return 'neutral';
}

const COMMENT_HINT = /comment|respond|reply|replies|discussion|disqus|kommentar|commentaire|comentario|commento/;
const FURNITURE_HINT = /sidebar|widget|related|footer|teaser|recent|popular|archive|(?:^|[\s_-])nav|menu|similar|more-|further|recommend|breadcrumb|calendar|ticker|trending|also/;
const FURNITURE_TAGS = new Set(['aside', 'nav', 'form']);
const MODIFIED_HINT = /updated|modified|aktualisiert|lastmod|date-mod|changed/;
const PUBLISHED_HINT = /published|pubdate|date-pub|post-date|postdate|entry-date|posted|created|publish|date-line|dateline|byline/;

export interface Placement {
  inComments: boolean;
  /** In an aside, nav, footer or a sidebar/related/widget box. */
  inFurniture: boolean;
  /** In a page <header> (a "today's date" widget lives there; an article's header too). */
  inPageHeader: boolean;
  /** class/id of the element or a near ancestor says updated/modified, or published. */
  hint: 'published' | 'modified' | null;
}

/** The body's text length (0 on a tree without features: no wrapper is then too big). */
function pageTextOf(el: DomElement | null): number {
  let e = el;
  for (let k = 0; e && e.tag !== 'body' && k < 200; k++) e = e.parent;
  return e && e.tag === 'body' && e.textLen > 0 ? e.textLen : Infinity;
}

/**
 * Whether `e` is `h` or one of its ancestors. Elements are numbered in pre-order and `tags` counts
 * an element's descendants, so its subtree is the id range [id, id + tags]; trees without
 * features (ids -1) walk up instead. Nothing is cached per headline: a module-level WeakMap from
 * the headline to its ancestors kept the page's tree alive after extract() returned, because V8's
 * scavenger treats a WeakMap's values strongly; every scavenge copied (and promoted) the trees of
 * the last pages, and GC went from 5% to 15% of the bench's pass (docs/performance.md).
 */
function holdsHeadline(e: DomElement, h: DomElement): boolean {
  if (e.id >= 0 && h.id >= 0) return e.id <= h.id && h.id <= e.id + e.tags;
  for (let x: DomElement | null = h; x; x = x.parent) if (x === e) return true;
  return false;
}

/**
 * Looks up to `depth` ancestors for comment, furniture and date-role hints. The walk stops at the
 * first ancestor that also holds the headline: above it lie the article's container and the page's
 * wrappers, whose classes ("layout-with-sidebar") say nothing about where the date stands.
 */
export function placementOf(el: DomElement | null, headline: DomElement | null = null, depth = 25): Placement {
  const p: Placement = { inComments: false, inFurniture: false, inPageHeader: false, hint: null };
  // Without a headline, a wrapper holding most of the page's text is where the walk stops.
  const big = headline ? Infinity : pageTextOf(el) * 0.4;
  let footer = false;
  for (let e = el, k = 0; e && k < depth; e = e.parent, k++) {
    const tag = e.tag;
    if (tag === 'body' || (headline && holdsHeadline(e, headline)) || e.textLen > big) break;
    // A header or footer inside the article is the article's own: its date is the article's.
    if (tag === 'article' || tag === 'main') { p.inPageHeader = false; footer = false; continue; }
    // An embedded post (Twitter, Instagram: a blockquote) or a quotation carries its own date.
    if (tag === 'blockquote') p.inFurniture = true;
    else if (tag === 'header') p.inPageHeader = true;
    else if (tag === 'footer') footer = true;
    else if (FURNITURE_TAGS.has(tag)) p.inFurniture = true;
    const cid = e.classId;
    if (!cid || cid.length > 300) continue;
    if (k < 4 && !p.hint) {
      // "entry-date published updated": a published hint outweighs the hAtom "updated" beside it.
      if (PUBLISHED_HINT.test(cid)) p.hint = 'published';
      else if (MODIFIED_HINT.test(cid)) p.hint = 'modified';
    }
    if (COMMENT_HINT.test(cid)) p.inComments = true;
    else if (FURNITURE_HINT.test(cid)) p.inFurniture = true;
  }
  if (footer) p.inFurniture = true;
  return p;
}
