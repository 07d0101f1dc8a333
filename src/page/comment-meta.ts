/**
 * Who wrote a comment and when, read from the markup of the element that holds it: a comment
 * thread's record shows its author's name and a date beside the text, in the same few idioms on
 * every CMS and forum (WordPress's `<cite class="fn">` and `<time datetime>`, Disqus's author
 * link, `itemprop="author"` and `itemprop="dateCreated"`, a `username` or `comment-date` class).
 * The entry's text keeps the line as the page shows it; these are the fields a corpus needs.
 */
import type { DomElement } from '../dom/node.js';
import { elementText } from './metadata/raw-title.js';
import { splitAuthor } from './metadata/authors.js';
import { findDates, parseDate } from './metadata/dates.js';

export interface CommentMeta {
  author?: string;
  published?: string;
  /** The elements the author and the date were read from (the record's header line). */
  from: DomElement[];
}

/** A comment's own markup is small: past this many elements, the rest is its replies. */
const MAX_ELEMENTS = 120;
/** A name or a date line is short; a longer element is the comment's text. */
const MAX_FIELD_CHARS = 80;

/** A line holding the record's date and little else. */
const MAX_DATE_LINE_CHARS = 60;
const FORM_TAGS = new Set(['form', 'label', 'input', 'select', 'textarea', 'button']);

const AUTHOR_CLASS = /author|user-?name|nick|commenter|poster|display-?name|profile-?name|(?:^|\s)fn(?:\s|$)/i;
const DATE_CLASS = /date|time|posted|published|stamp/i;
const DATE_ITEMPROP = /^(?:datePublished|dateCreated|commentTime|uploadDate)$/;

/**
 * Whether the element is itself marked as a comment's author line (Blogger's `<dt
 * class="comment-author">Jane said...</dt>`, whose comment is the `<dd>` after it).
 */
export function isAuthorLine(el: DomElement): boolean {
  return AUTHOR_CLASS.test(el.classId) || el.attr('itemprop') === 'author';
}

/**
 * The author and date of the comment in `container` (its record in the thread), the first of
 * each in page order: a top-level comment's own come before its replies'.
 */
export function commentMeta(container: DomElement, mdy = false): CommentMeta {
  const out: CommentMeta = { from: [] };
  // The container's own class is the record's ("comment-author-admin" on WordPress's <li>), not a field.
  const stack: DomElement[] = [];
  for (let i = container.children.length - 1; i >= 0; i--) { const c = container.children[i]; if (c.kind === 1) stack.push(c); }
  let seen = 0;
  let shownDay: string | undefined, shownAt: DomElement | undefined;
  while (stack.length && seen++ < MAX_ELEMENTS && (out.author === undefined || out.published === undefined)) {
    const el = stack.pop()!;
    // The reply form's "Name" and "Website" fields are no author.
    if (el.hidden || FORM_TAGS.has(el.tag)) continue;
    if (out.published === undefined && (out.published = dateOf(el, mdy)) !== undefined) out.from.push(el);
    if (out.author === undefined && (out.author = authorOf(el)) !== undefined) out.from.push(el);
    if (shownDay === undefined && out.published === undefined && (shownDay = shownDate(el, mdy)) !== undefined) shownAt = el;
    for (let i = el.children.length - 1; i >= 0; i--) {
      const c = el.children[i];
      if (c.kind === 1) stack.push(c);
    }
  }
  if (out.published === undefined && shownDay !== undefined) { out.published = shownDay; out.from.push(shownAt!); }
  if (out.author === undefined) delete out.author;
  if (out.published === undefined) delete out.published;
  return out;
}

function dateOf(el: DomElement, mdy: boolean): string | undefined {
  const itemprop = el.attr('itemprop');
  const machine = el.tag === 'time' ? el.attr('datetime') : itemprop && DATE_ITEMPROP.test(itemprop) ? el.attr('content') ?? el.attr('datetime') : undefined;
  const fromAttr = parseDate(machine, { mdy });
  if (fromAttr) return fromAttr.iso;
  const named = el.tag === 'time' || (itemprop !== undefined && DATE_ITEMPROP.test(itemprop)) || DATE_CLASS.test(el.classId);
  if (!named || el.textLen === 0 || el.textLen > MAX_FIELD_CHARS) return undefined;
  const text = elementText(el).trim();
  return parseDate(text, { mdy })?.iso ?? findDates(text, { mdy, limit: 1 })[0]?.day;
}

/**
 * A date the record shows in a short line of its own ("September 27th, 2012 at 11:01 pm", "Posted
 * by: Leslie | May 19, 2012"), for themes that name neither the element nor the date: the first
 * such line, taken only when the markup gives no date.
 */
function shownDate(el: DomElement, mdy: boolean): string | undefined {
  if (el.textLen === 0 || el.textLen > MAX_DATE_LINE_CHARS || el.blocks > 0) return undefined;
  return findDates(elementText(el), { mdy, limit: 1 })[0]?.day;
}

function authorOf(el: DomElement): string | undefined {
  const named = isAuthorLine(el) || el.tag === 'cite' || el.attr('itemprop') === 'creator';
  if (!named || el.textLen === 0 || el.textLen > MAX_FIELD_CHARS) return undefined;
  // "Jane says:", "Jane schrieb", "Jane dice:": the verb the theme writes after the name (a
  // name's lower-case particles come before its last word, never after it).
  const text = elementText(el).replace(/\s+/g, ' ').trim().replace(/:$/, '').replace(/\s+\p{Ll}+$/u, '');
  // "Shea on October 14, 2012 at 6:12 pm said:": a name with its date; the name alone is in a child.
  if (/\d/.test(text)) return undefined;
  return splitAuthor(text)[0];
}
