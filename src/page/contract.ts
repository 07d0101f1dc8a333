/**
 * The output contract (README "The result"), applied to every labeler's labels before rendering:
 * `text`, `markdown` and `html` are the main content, and never hold
 *  - the headline (it is `title`; `title: true` puts it back in front), and the page's repeats of
 *    it with the breadcrumb trail one ends (headline-repeats.ts),
 *  - captions, credits and figures: <figure>, <figcaption>, a short block named caption or
 *    credit beside an image, and a small box of one image and a line or two of text set between
 *    the paragraphs (caption-boxes.ts) (`images: true` keeps them in Markdown and HTML); a credit or source
 *    line ("Foto: dpa", "Source: AP") and a line that ends in a copyright notice (a caption with
 *    its "© AFP / …", a copyright line); `byline: true` keeps those,
 *  - user comments, and a product page's customer reviews (`comments: true` lists them apart),
 *  - what the page hides (`hidden`, `aria-hidden`, inline display:none or visibility:hidden),
 *  - dialogs the page opens on demand (`<dialog>` without `open`, `aria-modal="true"`): size
 *    guides, policies, sign-up forms and cart drawers,
 *  - a call to action set between the article's paragraphs: a short box with a form control, a
 *    button-like link or a paid link (newsletter, membership, paywall, donation and affiliate
 *    pitches, blocked-embed placeholders),
 *  - a read-next line set between the paragraphs: a label and one link to another story ("Read
 *    more: <a>Headline</a>", "Lesen Sie auch: …"),
 *  - a second article appended after the page's own (infinite scroll),
 *  - the byline, date and reading-time lines by the headline (byline-lines.ts; they are
 *    `metadata.authors` and `published`; `byline: true` keeps them).
 * Each is a cut of the element, so whatever a labeler kept inside it goes too. A cut never takes
 * most of the page: an element holding most of the body's text is the content, whatever its
 * markup says (a hidden wrapper revealed by script, a <figure> around the whole article); a hidden
 * one is also the content when it holds every <h1> and most of the unlinked text. A closed
 * dialog is the exception: it is cut whatever its share unless it holds the headline (a product
 * page's whole privacy policy in a modal outweighs its two paragraphs of description).
 */
import { inSubtree, isAncestor, type DomDocument, type DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import type { Labels } from './labels.js';
import { cutComments } from './default.js';
import { bylineElements } from './byline-lines.js';
import { headlineRepeats, inSentence } from './headline-repeats.js';
import { oneLine, textOf } from './metadata/text.js';
import { key } from './metadata/title-text.js';
import { isCallToAction, isReadNextLine } from './call-to-action.js';
import { isCaptionBox } from './caption-boxes.js';

export interface ContractContext {
  /** The headline element (metadata), when the page has one in its body. */
  headline: DomElement | null;
  /** An element showing the title's text where no headline element was trusted: cut, its place read for nothing else. */
  shownTitle?: DomElement;
  /** Keep figures and their captions (the `images` option). */
  images: boolean;
  /**
   * The headline is the one thresher's clean HTML opens with (`title: true`): cut whatever share
   * of the page it holds, as the first extraction left it out of the body it rendered, and no
   * later <article> is taken for a second story (the first extraction decided that).
   */
  renderedHeadline?: boolean;
  /** Keep the byline, date and reading-time lines by the headline, and credit lines (the `byline` option). */
  byline?: boolean;
  /** The article's authors as metadata found them: a line of their names and a date is a byline. */
  authors?: readonly string[];
  /** A product page's customer reviews (customer-reviews.ts): cut as user comments are. */
  reviews?: readonly DomElement[];
}

/** Why the contract cut a figure or caption (extract() marks such figures in the clean HTML it shows them in). */
const FIGURE = 'a figure or its caption (images: false)';
/**
 * A figure told by its shape alone (caption-boxes.ts), cut as figures are. Its units weigh nothing
 * in training, as a figure's do: kept as examples of noise (LINE_RULE_REASONS) they moved the two
 * seeds' CVs by l3s-gn1 +.0026, readability +.0019, cleaneval −.0032, dragnet −.0013 on the mean
 * (docs/extraction-quality.md, twentieth session).
 */
const CAPTION_BOX = 'a caption box: one image and its caption beside the text (images: false)';
/** Whether the contract cut an element as a figure (extract() marks those in the clean HTML). */
export function isFigureReason(reason: string): boolean {
  return reason === FIGURE || reason === CAPTION_BOX;
}
const HIDDEN = 'hidden by its markup';
const DIALOG = 'a dialog the page opens on demand (closed <dialog>, aria-modal)';
const SCRIPT_NOTICE = 'a notice for browsers without scripts (a <noscript> naming JavaScript, or markup saved as its text)';
const CREDIT = 'a credit or source line ("Photo: …", "Quelle: …"; byline: true keeps it)';
const AD_LABEL = 'an advertisement\'s label ("Advertisement", "Anzeige", "Реклама", "広告")';
const BYLINE = 'a byline, date or reading time (metadata; byline: true keeps it)';
const CALL_TO_ACTION = 'a call to action beside the text (a promo, sign-up, paywall or consent box)';
const HEADLINE_REPEAT = 'the headline shown again (a breadcrumb trail ending in it, a sticky bar)';
const READ_NEXT = 'a read-next line between the paragraphs (a label and another story\'s link)';
/**
 * The reasons of the rules that judge one line or box by its words and shape (credits, bylines,
 * calls to action, read-next lines, the headline's repeats, <noscript> notices), as against the page's structure
 * (hidden, dialogs, figures, the headline, a second article). The trainer may keep the former's
 * units as examples of noise (scripts/train-block-model.mjs --contract-mask structural).
 */
export const LINE_RULE_REASONS: ReadonlySet<string> = new Set([CREDIT, AD_LABEL, BYLINE, CALL_TO_ACTION, HEADLINE_REPEAT, READ_NEXT, SCRIPT_NOTICE]);

/** A cut element may hold at most this share of the body's text. */
const MAX_CUT_SHARE = 0.5;

export function applyContract(doc: DomDocument, labels: Labels, ctx: ContractContext): void {
  const renders = labels.rendersSomething();
  for (const [el, reason] of contractCuts(doc, ctx, renders)) if (renders(el)) labels.cut(el, reason);
  cutComments(doc, labels, ctx.reviews);
}

/**
 * The outermost elements the contract cuts, with the reason, in document order. The trainer
 * reads it too: units in them weigh nothing, since no model decides their fate. With `renders`
 * (the labels' view: applyContract), a subtree the labels render nothing of is not looked into.
 */
export function contractCuts(doc: DomDocument, ctx: ContractContext, renders?: (el: DomElement) => boolean): [DomElement, string][] {
  const body = doc.body ?? doc.root;
  // The rendered headline of the clean HTML is no text of the page the first extraction weighed.
  const added = ctx.renderedHeadline && ctx.headline ? ctx.headline.textLen : 0;
  const limit = MAX_CUT_SHARE * Math.max(1, body.textLen - added);
  const els = doc.elements;
  const out: [DomElement, string][] = [];
  const figures: [DomElement, string][] = [];
  let figureText = 0;
  const flows = new Map<DomElement, boolean>();
  const h1Memo = { h1s: -1 };
  for (let i = body.id + 1, end = body.id + body.tags; i <= end; i++) {
    const el = els[i];
    // What the labels render nothing of needs no cut: the line rules are most of the cost.
    if (renders && !renders(el)) { i += el.tags; continue; }
    // In thresher's own clean HTML what is marked as left out of the text (data-thresher="figure":
    // a figure, or what was written from inside one) is cut, and no other figure: the first
    // extraction decided (its share of the text there is another; found by the fuzz campaign).
    const figure = ctx.images ? null : ctx.renderedHeadline ? (el.attr('data-thresher') === 'figure' ? FIGURE : null)
      : el.tag === 'figure' || el.tag === 'figcaption' || isMarkupCaption(el) ? FIGURE
        : isCaptionBox(el, els, flows) ? CAPTION_BOX : null;
    const reason = el.hidden ? HIDDEN
      : isClosedDialog(el) ? DIALOG
      : isScriptNotice(el) ? SCRIPT_NOTICE
      : figure ? figure
        : el === ctx.headline || el === ctx.shownTitle ? 'the headline (it is the title)'
          // Nor a line rule: the first extraction applied them to the page. Tried again on its
          // clean HTML, where the context they read has changed, they could only cut more
          // (fuzz campaign: a link box kept beside the text became a call to action there).
          : ctx.renderedHeadline ? null
          : !ctx.byline && isCreditLine(el) ? CREDIT
          : isAdLabel(el) ? AD_LABEL
          : isCallToAction(el, els, flows) ? CALL_TO_ACTION
            : isReadNextLine(el, els, flows) ? READ_NEXT
              : null;
    if (!reason) continue;
    // A closed dialog is no content at any share, unless the headline is in it (a story in a
    // lightbox); with no headline to tell, the usual limit applies.
    // A short script notice neither: a page that is a script's empty shell shows nothing.
    const dialogHeadline = reason === DIALOG && !ctx.renderedHeadline ? ctx.headline : null;
    if (dialogHeadline ? isAncestor(el, dialogHeadline)
      : reason === HIDDEN && holdsThePage(els, el, body, h1Memo)
        || el.textLen > limit && !(ctx.renderedHeadline && (el === ctx.headline || reason === FIGURE))
        && !(reason === SCRIPT_NOTICE && el.textLen <= SHORT_SCRIPT_NOTICE_CHARS)) continue;
    if (isFigureReason(reason) && !ctx.renderedHeadline) { figures.push([el, reason]); figureText += el.textLen; } else out.push([el, reason]);
    i += el.tags;
  }
  // Figures holding most of the page's text are a gallery (paper 000's image page): its content.
  if (figureText <= limit) out.push(...figures);
  // Not in thresher's own clean HTML: the first extraction cut what it had to, and an <article>
  // after the rendered headline is the page's own (fuzz campaign, issue 25).
  const next = ctx.headline && !ctx.renderedHeadline ? laterArticle(doc, ctx.headline, limit) : null;
  const inCut = (e: DomElement): boolean => out.some(([el]) => inSubtree(e, el));
  if (next && !inCut(next)) out.push([next, 'a second article after the page\'s own (infinite scroll)']);
  if (ctx.headline && !ctx.renderedHeadline && !ctx.byline) {
    for (const el of bylineElements(doc, ctx.headline, { authors: ctx.authors ?? [] })) if (el.textLen <= limit && !inCut(el)) out.push([el, BYLINE]);
  }
  if (ctx.headline && !ctx.renderedHeadline) {
    for (const el of headlineRepeats(doc, ctx.headline)) if (el.textLen <= limit && !inCut(el)) out.push([el, HEADLINE_REPEAT]);
  }
  return out.sort((a, b) => a[0].id - b[0].id);
}

/**
 * A hidden element that is the page itself: it holds every <h1> of the page and most of its
 * unlinked text. A script shows it once it runs (an age gate's or a consent wall's wrapper, a
 * product page rendered late behind display:none). The share counts unlinked text because the
 * menus that stay shown around such a wrapper are mostly links, and would outweigh it.
 */
function holdsThePage(elements: readonly DomElement[], el: DomElement, body: DomElement, memo: { h1s: number }): boolean {
  if (2 * (el.textLen - el.linkTextLen) <= body.textLen - body.linkTextLen) return false;
  if (memo.h1s < 0) memo.h1s = h1Count(elements, body);
  return memo.h1s > 0 && h1Count(elements, el) === memo.h1s;
}

/** The <h1> elements in `root`'s subtree. */
function h1Count(elements: readonly DomElement[], root: DomElement): number {
  let n = 0;
  for (let i = root.id + 1, end = root.id + root.tags; i <= end; i++) if (elements[i].tag === 'h1') n++;
  return n;
}

/**
 * One article per page: an <article> after the headline's, holding an <h1> of its own and not the
 * headline, is the next story a page appended as the reader scrolled. Everything from the first
 * such article on goes with it only when it is an <article>: an <h1> used as a sub-heading inside
 * the page's own article has no <article> of its own apart from the headline's.
 */
function laterArticle(doc: DomDocument, headline: DomElement, limit: number): DomElement | null {
  const els = doc.elements;
  const holdsHeadline = (el: DomElement): boolean => inSubtree(headline, el);
  let headlineKey: string | undefined;
  for (let i = headline.id + headline.tags + 1; i < els.length; i++) {
    const h = els[i];
    if (h.tag !== 'h1' || h.hidden) continue;
    let article: DomElement | null = null;
    for (let p = h.parent; p && !holdsHeadline(p); p = p.parent) if (p.tag === 'article') article = p;
    if (!article || article.textLen > limit) continue;
    // The same headline again is the page's own story under a banner that shows its title (a
    // theme's hero header above the <article>), not the next story.
    headlineKey ??= key(textOf(headline, 600));
    if (key(textOf(h, 600)) === headlineKey) continue;
    return article;
  }
  return null;
}

/** A caption is short: a longer element named so is a container (a gallery, a product grid). */
const MAX_CAPTION_CHARS = 300;
/** The words every theme names its captions and photo credits with, where it uses no <figcaption>. */
const CAPTION_NAME = /caption|cutline|credit/;

/**
 * A caption without <figure>: a short element whose class or id names a caption or credit
 * (WordPress's wp-caption-text, a news theme's photo-credit), next to an image (one in it, its
 * parent or grandparent). The name alone is not enough: "credit" also names a byline, and a
 * "caption" class styles many short labels.
 */
function isMarkupCaption(el: DomElement): boolean {
  if (el.textLen === 0 || el.textLen > MAX_CAPTION_CHARS || el.attrs.length === 0) return false;
  // One block of unlinked text: a card's "caption" (Bootstrap's thumbnails, product grids) holds a
  // linked name, a price and a button in blocks of their own.
  if (el.blocks > 1 || el.linkTextLen * 2 > el.textLen) return false;
  const parent = el.parent;
  if (el.images === 0 && (parent?.images ?? 0) === 0 && (parent?.parent?.images ?? 0) === 0) return false;
  return CAPTION_NAME.test(el.classId);
}

const CREDIT_LABEL = new RegExp('^\\(?\\s*(?:quellen?|sources?|fuentes?|fontes?|źródło|bron|credits?|crédits?|créditos?|illustration'
  // German compounds: Titelbild, Beitragsbild, Symbolfoto, Bildnachweis, Fotoquelle, Abbildung 4.
  + '|(?:titel|beitrags|symbol|aufmacher|header|teaser|vorschau)?(?:bild|foto)(?:er|s|nachweise?|quellen?|rechte)?|abbildung(?:en)?(?:\\s*\\d{1,3})?'
  // English: Photo, Images, Photo credit, Image source, Featured image, Cover photo.
  + '|(?:(?:featured|header|cover|top|lead)\\s+)?(?:photo|image|picture)s?(?:\\s+(?:credits?|sources?|courtesy))?'
  // Beyond Western Europe: source, photo and editor labels ("Источник:", "Kaynak:", "来源：", "责任编辑：", "사진=").
  + '|источник|фото|kaynak|fotoğraf|sumber|nguồn|ảnh|المصدر|تصوير|来源|來源|图片来源|圖片來源|责任编辑|責任編輯|编辑|編輯|出处|出處|写真|出典|사진|출처'
  + ')\\s*[:：=]', 'i');
const CREDIT_LINE = new RegExp(CREDIT_LABEL.source + '\\s*(.*?)\\)?$', 'i');
const CREDIT_TAGS = new Set(['p', 'div', 'small']);
/** Enough of a line's start to hold any label and its colon. */
const CREDIT_LABEL_CHARS = 24;
/** A credit line is a label and a name: a few elements at most. */
const MAX_CREDIT_TAGS = 12;
/**
 * A credit or source line, alone on its line: "Quelle: Landesregierung", "Image: © Getty Images",
 * "(Foto: dpa)", "Titelbild: …", "Photo credit: …", "Source: The Associated Press". Only the label
 * is read, in the main European languages; what follows it is a name, so at most 60 characters.
 * Or a line that ends in a copyright notice (isCopyrightLine). Like a byline it says who made what
 * the page shows, so `byline: true` keeps it (the inclusive truths do).
 */
function isCreditLine(el: DomElement): boolean {
  if (el.textLen < 3 || el.textLen > MAX_COPYRIGHT_LINE || el.blocks > 0 || el.tags > MAX_CREDIT_TAGS || !CREDIT_TAGS.has(el.tag)) return false;
  if (el.textLen >= 8 && el.textLen <= 100 && CREDIT_LABEL.test(leadingText(el, CREDIT_LABEL_CHARS))) {
    const m = CREDIT_LINE.exec(oneLine(textOf(el, 120)));
    if (m !== null && m[1].length >= 2 && m[1].length <= 60) return !inSentence(el);
  }
  return el.linkTextLen * 2 < el.textLen && holdsCopyrightSign(el) && isCopyrightLine(oneLine(textOf(el, MAX_COPYRIGHT_LINE + 20))) && !inSentence(el);
}

/**
 * The word a page prints above or inside an ad slot, alone on its line, in the languages of the
 * world's news. The slot's own markup is often a generated name; the label is what a reader sees.
 */
const AD_LABEL_TEXT = new RegExp('^[\\s\\-–—·•*|]*(?:advertisement|advertising|advert|ads?|sponsored|anzeige|werbung|publicité|publicidad|pubblicità'
  + '|publicidade|advertentie|annonce|reklama|reklame|reklam|mainos|hirdetés|διαφήμιση|реклама|iklan|quảng cáo|إعلان|إعلانات|تبلیغات|פרסומת'
  + '|विज्ञापन|广告|廣告|広告|광고|スポンサーリンク)[\\s\\-–—·•*|]*$', 'i');
const MAX_AD_LABEL = 40;

function isAdLabel(el: DomElement): boolean {
  // A word or two (a CJK label counts a word a character: "スポンサーリンク" is eight).
  return el.textLen > 0 && el.textLen <= MAX_AD_LABEL && (el.words <= 3 || el.textLen <= 24) && el.blocks === 0 && el.linkTextLen === 0 && aloneOnItsLine(el)
    && AD_LABEL_TEXT.test(oneLine(textOf(el, MAX_AD_LABEL + 10)));
}

/**
 * No other text in the block that holds `el` (a bold "Ads" before ": Facebook Ads are…" is a list
 * item's term), and that block is no table cell (a table of contents' "Werbung" row).
 */
function aloneOnItsLine(el: DomElement): boolean {
  // Up to the block, while no ancestor holds more text, and a few levels at most: a hostile
  // page's thousands of nested inline elements would make the walk quadratic (fuzz: md-emph-nest).
  let block = el;
  for (let level = 0; !BLOCK_TAGS.has(block.tag); level++) {
    if (!block.parent || level >= MAX_INLINE_LEVELS || block.parent.textLen > el.textLen + 2) return false;
    block = block.parent;
  }
  return block.textLen <= el.textLen + 2 && block.tag !== 'td' && block.tag !== 'th';
}
const MAX_INLINE_LEVELS = 8;

/** A caption with its credit, or a copyright line, is short. */
const MAX_COPYRIGHT_LINE = 250;
/** What follows the © is a name and perhaps a year: "© AFP / Marco Bertorello", "© 2024 Example Ltd. All rights reserved." */
const MAX_COPYRIGHT_NAME = 60;

/**
 * A line that ends in a copyright notice: a caption with the photo's credit ("Johannes Bø will für
 * Furore sorgen. © AFP / Marco Bertorello", "… | © Getty Images") or a copyright line. Held out
 * no truth that leaves credits out keeps such lines (docs/extraction-quality.md, seventeenth
 * session). A © right after a Latin-1 letter is mojibake ("â©" for a closing quote), not a sign.
 */
function isCopyrightLine(line: string): boolean {
  const at = line.lastIndexOf('©');
  if (at < 0 || line.length - at - 1 > MAX_COPYRIGHT_NAME) return false;
  const before = at > 0 ? line.charCodeAt(at - 1) : 0;
  if (before >= 0xc0 && before <= 0xff) return false;
  // A notice opens the line or follows the caption's end ("sorgen. © AFP", "… | © Getty"), and
  // names someone: a capital, a year, or a domain ("© rike/pixelio.de"). "…, © as a sign, café"
  // is the sign written about in a sentence.
  if (/[,;(]\s*$/.test(line.slice(0, at))) return false;
  const name = line.slice(at + 1).trim();
  return /^[\p{Lu}\d]/u.test(name) || /^\S*[./]\S/.test(name);
}

/** Whether a text node below `el` holds a ©: a cheap test before the line is read. */
function holdsCopyrightSign(el: DomElement): boolean {
  const stack: DomElement[] = [el];
  while (stack.length) {
    for (const c of stack.pop()!.children) {
      if (c.kind === 3) { if (c.data.includes('©')) return true; } else if (c.textLen > 0) stack.push(c);
    }
  }
  return false;
}

/** An element's text up to `cap` characters or a little more, its pieces trimmed and joined by a space ("( Quelle: dpa"). */
function leadingText(el: DomElement, cap: number, out = ''): string {
  for (const c of el.children) {
    if (out.length >= cap) break;
    // White space (the markup's indentation) fills no part of the cap.
    if (c.kind === 3) { const t = c.data.trim(); if (t) out = out ? `${out} ${t}` : t; } else if (c.textLen > 0) out = leadingText(c, cap, out);
  }
  return out;
}

/** A dialog the page shows only on demand: a `<dialog>` without `open`, or one declared modal. */
function isClosedDialog(el: DomElement): boolean {
  return el.tag === 'dialog' ? el.attr('open') === undefined : el.attr('aria-modal') === 'true';
}

/** A <noscript> notice is a sentence or two; forum software serves whole threads in <noscript>. */
const MAX_SCRIPT_NOTICE_CHARS = 1500;
/** A notice of a sentence or two is cut at any share: no forum thread is that short. */
const SHORT_SCRIPT_NOTICE_CHARS = 300;
/** A tag written as text: what a browser running scripts saves of a <noscript> (a tracking pixel, a player). */
const TAG_AS_TEXT = /<\/?[a-z][a-z0-9]*[\s>\/]/i;
/**
 * A <noscript> that names JavaScript ("Please enable JavaScript", "JavaScript ist deaktiviert",
 * "JavaScriptが無効"; the word is the same in every language), or whose text is markup (a page
 * saved by a browser running scripts keeps <noscript> as raw text). The page is parsed as a
 * browser without scripts sees it, so that content served there is read (parse.ts); a reader's
 * browser runs scripts and never shows either. None of the dev sets' truths holds one (325 such
 * <noscript> elements on 5,715 pages).
 */
export function isScriptNotice(el: DomElement): boolean {
  if (el.tag !== 'noscript' || el.textLen > MAX_SCRIPT_NOTICE_CHARS) return false;
  const text = textOf(el, MAX_SCRIPT_NOTICE_CHARS);
  return /javascript/i.test(text) || TAG_AS_TEXT.test(text);
}
