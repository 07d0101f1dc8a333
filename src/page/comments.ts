/**
 * User comments, a class of their own: never in the body, and with `comments: true` a list of
 * their own, one entry per comment where the page shows them.
 *
 * Which units are comments is learned (the block model's `comments` ensemble, trained on dragnet's
 * truth, which appends a page's comments after a marker line): it reads the same first-pass rows
 * as the body model, so markup ("comment", "disqus", "respond"), opening words ("Reply", "says:",
 * "71 Kommentare") and shape (short runs of prose after the article, under repeated records) all
 * count, in any language the vocabularies know. A thread the markup declares ("comments",
 * "disqus", role and class words: boilerplate.ts) lowers the bar (DECLARED_THRESHOLD). Units the
 * body shows are never comments.
 *
 * Entries: the comment units' lowest common ancestor is the thread; each of its children holding
 * comment units is one entry (a top-level comment with its replies, where the page nests them).
 */
import { inSubtree, type DomElement } from '../dom/node.js';
import { predictProbaRows } from '../learn/gbdt.js';
import { BLOCK_FEATURES, N_BLOCK_FEATURES, unitText } from './block-features.js';
import { CONTENT, type Labels } from './labels.js';
import { HEADING_TAGS } from '../dom/tags.js';
import type { BlockModel, UnitScores } from './learned.js';
import type { CommentEntry } from '../types.js';
import { escapeLineStart, escapeText } from '../render/markdown.js';
import { replyThreads } from './reply-threads.js';
import { commentMeta, isAuthorLine } from './comment-meta.js';
import { isScriptNotice } from './contract.js';

/** A unit is part of a comment from this probability on. */
export const COMMENT_THRESHOLD = 0.5;
/**
 * Inside a thread the markup declares (and outside its reply form), from this lower probability
 * on. The markup alone is not enough: declared threads hold headings, counters, "Reply" links and
 * login prompts, and on dragnet (in-sample) taking every unit of them lowered the score from .934
 * (the ensemble alone) to .912; with this bar it is .936.
 */
export const DECLARED_THRESHOLD = 0.1;

/**
 * In a thread found by its shape (reply-threads.ts), a record's line is a comment from this body
 * probability on: below it the body model takes the line for furniture (a reply form's preview
 * box, a sign-up panel's rows). Held out, dragnet is the same at .1, .15 and .2; at .2 a retrained
 * model dropped one of three short replies (p .16) of the reply-threads test page.
 */
const SHAPED_BODY_P = 0.1;

/** Where the markup-declared kind flag sits in a unit's row. */
const IN_COMMENTS = BLOCK_FEATURES.indexOf('in_comments');
const IN_FORM = BLOCK_FEATURES.indexOf('in_form');

/** One comment: its units, and the record that holds them (where its author and date are shown). */
export interface CommentGroup { units: DomElement[]; record: DomElement }

/**
 * The page's comment units, grouped per comment, in page order; never a unit the body shows.
 * `others`: threads the caller found (a product page's customer reviews), read as those found by their shape.
 */
export function findComments(scores: UnitScores, model: BlockModel, body: Labels, others: readonly DomElement[] = []): CommentGroup[] {
  const { units, rows } = scores;
  if (!units.length) return [];
  const pc = model.comments ? predictProbaRows(model.comments.gbdt, rows, units.length, N_BLOCK_FEATURES) : null;
  const shown = body.effectiveAll();
  // Per element id: 1 inside a record of a thread found by its shape (records are disjoint siblings: linear).
  const inRecords = new Uint8Array(body.doc.elements.length);
  for (const t of replyThreads(body.doc)) for (const r of t.records) inRecords.fill(1, r.id, r.id + r.tags + 1);
  for (const t of others) inRecords.fill(1, t.id, t.id + t.tags + 1);
  const found: DomElement[] = [];
  for (let k = 0; k < units.length; k++) {
    const at = k * N_BLOCK_FEATURES;
    const p = pc === null ? 0 : pc[k];
    const declared = rows[at + IN_COMMENTS] === 1 && rows[at + IN_FORM] === 0;
    // In a thread found by its shape (or the caller's), the records are the comments: their lines
    // that are not links, and that the body model does not take for furniture (a form's preview box).
    const inRecord = inRecords[units[k].id] === 1 && scores.p[k] >= SHAPED_BODY_P && units[k].inlineLinkLen * 2 < units[k].inlineLen;
    const comment = inRecord || p >= COMMENT_THRESHOLD || (declared && p >= DECLARED_THRESHOLD);
    // A thread's own heading ("3 comments") is furniture, not a comment.
    if (comment && shown[units[k].id] !== CONTENT && !HEADING_TAGS.has(units[k].tag) && !inScriptNotice(units[k])) found.push(units[k]);
  }
  const groups = groupByThread(found);
  addHeaderLines(groups, units, shown);
  return groups;
}

/** A comment's header line (its author's name, its date) is this short at most. */
const MAX_HEADER_CHARS = 120;

/**
 * Each comment's header line, where its record shows one (the elements its author and date are
 * read from): taken with the comment whether or not the model took it, so that every entry of a
 * thread reads alike ("Mark says:" above one comment and not above the next was the model's
 * doubt on a short line, not the page's).
 */
function addHeaderLines(groups: CommentGroup[], units: readonly DomElement[], shown: Uint8Array): void {
  let unitIds: Set<number> | null = null;
  for (const g of groups) {
    if (g.units.length === 1 && g.units[0] === g.record) continue;
    let added = false;
    for (const el of commentMeta(g.record).from) {
      unitIds ??= new Set(units.map((u) => u.id));
      let u: DomElement | null = el;
      while (u && u !== g.record && !unitIds.has(u.id)) u = u.parent;
      if (!u || u === g.record || g.units.includes(u) || u.textLen > MAX_HEADER_CHARS || shown[u.id] === CONTENT || HEADING_TAGS.has(u.tag)) continue;
      g.units.push(u);
      added = true;
    }
    if (added) g.units.sort((a, b) => a.id - b.id);
  }
}

/** A <noscript> notice ("enable JavaScript to comment") sits in the thread, but no reader sees it (contract.ts). */
function inScriptNotice(unit: DomElement): boolean {
  for (let el: DomElement | null = unit; el; el = el.parent) if (el.tag === 'noscript') return isScriptNotice(el);
  return false;
}

/**
 * Comment units grouped by the child of their common ancestor that holds them (the group's
 * record); a unit that is the common ancestor itself is its own record.
 */
export function groupByThread(found: readonly DomElement[]): CommentGroup[] {
  if (found.length <= 1) return found.length ? [{ units: [found[0]], record: found[0] }] : [];
  const thread = commonAncestor(found);
  const groups: CommentGroup[] = [];
  let current: DomElement | null = null;
  for (const u of found) {
    let top: DomElement = u;
    while (top.parent && top.parent !== thread) top = top.parent;
    if (top === thread || top !== current) { groups.push({ units: [u], record: top === thread ? u : top }); current = top === thread ? null : top; }
    else groups[groups.length - 1].units.push(u);
  }
  return groups;
}

function commonAncestor(els: readonly DomElement[]): DomElement {
  // Ancestors of the first, then the deepest of them holding every other one (ids are pre-order,
  // `tags` counts descendants, so "holds" is an interval test).
  let lca = els[0];
  for (const el of els) {
    while (lca.parent && !inSubtree(el, lca)) lca = lca.parent;
  }
  return lca;
}

/**
 * One entry per comment: its units' text, one per line; Markdown paragraphs, escaped (a comment
 * is text a stranger wrote: "<img src=x onerror=...>" or "[x](javascript:...)" written as text
 * was live HTML or a live link in the Markdown; found by the fuzz campaign, issue 25).
 */
export function renderComments(groups: readonly CommentGroup[], repair: (s: string) => string, mdy = false): CommentEntry[] {
  const out: CommentEntry[] = [];
  for (const g of groups) {
    const lines = g.units.map(unitText).filter(Boolean).map(repair);
    const { author, published } = commentMeta(g.record, mdy);
    const text = lines.join('\n');
    if (!author && !published && !isAuthorLine(g.record) && isThreadFurniture(text)) continue;
    out.push({
      text, markdown: lines.map((l) => escapeLineStart(escapeText(l))).join('\n\n'),
      ...(author ? { author: repair(author) } : {}), ...(published ? { published } : {}),
    });
  }
  return out;
}

/** Words a comment has at least, unless its record names an author or a date ("Thanks!" under a name is a comment). */
const MIN_COMMENT_WORDS = 3;
const SENTENCE_END = /(?:[!?。！？]|[^.]\.)[\s"'”’)]*$/u;
// A Chinese or Japanese character counts as a word: those scripts put no spaces between words.
const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}]+/gu;

/**
 * A thread's furniture taken for a comment: one or two words, not ending as a sentence, with no
 * author or date around it ("Like", "Share", "Loading Comments...", "6 comments", a vote count,
 * the reply form's "Δ"). What a stranger writes as a comment is a short sentence at least, or
 * sits in a record that says who wrote it (or is the line that does: isAuthorLine).
 */
function isThreadFurniture(text: string): boolean {
  // "Great post!", "Lindas capas!", "Thanks.": a short comment ends as a sentence does; "Loading..." does not.
  if (SENTENCE_END.test(text)) return false;
  let words = 0;
  for (const _ of text.matchAll(WORD)) if (++words >= MIN_COMMENT_WORDS) return false;
  return true;
}
