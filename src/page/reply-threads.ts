/**
 * Comment threads the markup does not name, found by their shape, in any language (issue 24:
 * "reader comments, kept by default"). boilerplate.ts finds threads by their class and id words
 * ("comments", "disqus", "respond"); a theme with hashed class names or words in another language
 * ("respuestas", "reacties") names nothing. Its shape still says what it is:
 *  - a reply form: a visible <textarea> (an article body never holds one);
 *  - beside it, in the same container, a run of alike records: two or more siblings with the
 *    same tag and class, each a small block of its own (a name, a date, some prose, a "Reply"
 *    link), not paragraphs of one text.
 * That container is the thread. It is never one holding an <h1> (the article's own container,
 * when the form sits at the end of it) and never one holding most of the page's prose (a forum's
 * posts are its content: default.ts cutComments keeps those as it keeps declared threads).
 */
import { inSubtree, type DomDocument, type DomElement } from '../dom/node.js';
import { templateClass } from './records.js';

/** Containers looked at from a form, at most, for the records beside it. */
const MAX_CLIMB = 6;
/** A record holds at least this much text outside links (a comment says something). */
const MIN_RECORD_TEXT = 20;
/** Tags a record may have: blocks of their own, not the paragraphs or lines of one text. */
const RECORD_TAGS = new Set(['div', 'li', 'article', 'section', 'dd']);

/** A thread found by its shape: its container, and the records (the comments) in it. */
export interface ReplyThread { thread: DomElement; records: DomElement[] }

/**
 * The outermost reply threads of the page, in document order. The parser drops form controls
 * from the tree and notes where each <textarea> stood (DomDocument.textareaParents).
 */
export function replyThreads(doc: DomDocument): ReplyThread[] {
  const body = doc.body ?? doc.root;
  const els = doc.elements;
  const places = doc.textareaParents;
  if (!places?.length) return [];
  const bodyPlain = Math.max(1, body.textLen - body.linkTextLen);
  // Readers reply under what they read: a thread above the page's first <h1> is something else
  // (a sign-up or log-in panel of alike rows in the page's banner).
  const h1 = firstH1(body, els);
  const found: ReplyThread[] = [];
  for (const place of places) {
    // Attached to this tree (the parser may have moved it) inside the body, and shown.
    if (els[place.id] !== place || place === body || !inSubtree(place, body) || hiddenUpTo(place, body)) continue;
    const t = threadAround(place, body, bodyPlain, els);
    if (t && (!h1 || t.thread.id > h1.id)) found.push(t);
  }
  // Outermost only: in document order, a thread inside the last one kept (or the same) is dropped.
  found.sort((a, b) => a.thread.id - b.thread.id);
  const out: ReplyThread[] = [];
  for (const t of found) if (!out.length || !inSubtree(t.thread, out[out.length - 1].thread)) out.push(t);
  return out;
}

/** The lowest container from `place` up that holds a run of alike records, if it is a thread. */
function threadAround(place: DomElement, body: DomElement, bodyPlain: number, els: readonly DomElement[]): ReplyThread | null {
  let t: DomElement | null = place, branch: DomElement | null = null;
  for (let up = 0; up < MAX_CLIMB && t && t !== body; up++, branch = t, t = t.parent) {
    // A form's own rows (name, e-mail, website) are alike blocks too, and no comments.
    if (t.tag === 'form') continue;
    const records = recordRuns(t, branch);
    if (!records.length) continue;
    const plain = t.textLen - t.linkTextLen;
    return plain * 2 <= bodyPlain && !holdsH1(t, els) ? { thread: t, records } : null;
  }
  return null;
}

function hiddenUpTo(el: DomElement, body: DomElement): boolean {
  for (let e: DomElement | null = el; e && e !== body; e = e.parent) if (e.hidden) return true;
  return false;
}

/** The records in runs among `t`'s children, or else among its children's children outside `skip`. */
function recordRuns(t: DomElement, skip: DomElement | null): DomElement[] {
  const out = runsIn(t);
  if (out.length) return out;
  for (const c of t.children) if (c.kind === 1 && c !== skip && c.tag !== 'form') out.push(...runsIn(c));
  return out;
}

/** Element children of `parent` that are records next to an alike record (same tag and first class). */
function runsIn(parent: DomElement): DomElement[] {
  const out: DomElement[] = [];
  let prev: DomElement | null = null;
  for (const c of parent.children) {
    if (c.kind !== 1) continue;
    if (prev && c.tag === prev.tag && isRecord(prev) && isRecord(c) && sameClass(c, prev)) {
      if (out[out.length - 1] !== prev) out.push(prev);
      out.push(c);
    }
    prev = c;
  }
  return out;
}

function isRecord(el: DomElement): boolean {
  return RECORD_TAGS.has(el.tag) && !el.hidden && el.tags >= 2 && el.textLen - el.linkTextLen >= MIN_RECORD_TEXT;
}

/**
 * The same template class word (records.ts; a reply is often marked apart: "comment reply", "comment
 * by-author"). Blocks without a class are no run: any two plain <div>s in a row would be one.
 */
function sameClass(a: DomElement, b: DomElement): boolean {
  const ca = templateClass(a);
  return ca !== '' && ca === templateClass(b);
}

function firstH1(body: DomElement, els: readonly DomElement[]): DomElement | null {
  for (let i = body.id + 1, end = body.id + body.tags; i <= end; i++) if (els[i].tag === 'h1') return els[i];
  return null;
}

function holdsH1(t: DomElement, els: readonly DomElement[]): boolean {
  for (let i = t.id + 1, end = t.id + t.tags; i <= end; i++) if (els[i].tag === 'h1') return true;
  return false;
}
