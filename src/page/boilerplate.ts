/**
 * Markup signals of boilerplate: what a page's own author says a block is, through its tag,
 * ARIA role, and class/id words. These are the signals every peer uses (readability's
 * unlikelyCandidates, trafilatura's BODY/COMMENTS/OVERALL discard lists, defuddle's selectors);
 * the word lists here are ours, tuned on ../shared/datasets (see docs/default-labeler.md).
 *
 * A signal is a hint, never a verdict: the default labeler weighs it against the text a block
 * actually holds (a "sidebar" class on a div that holds the whole article is overruled).
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { CONTENT, type Labels } from './labels.js';
import { compilePhraseRules, firstPhraseRule } from '../text/word-phrases.js';

export const BOILER_KINDS = ['nav', 'footer', 'header', 'aside', 'comments', 'share', 'related', 'ad',
  'cookie', 'newsletter', 'meta', 'hidden', 'form', 'breadcrumb', 'pagination'] as const;
export type BoilerKind = typeof BOILER_KINDS[number];

const TAG_KIND: Record<string, BoilerKind> = {
  nav: 'nav', footer: 'footer', aside: 'aside', form: 'form', menu: 'nav',
};
// A ticker (marquee) and a countdown (timer) are ARIA's live regions of non-essential, changing
// information; a log (a chat, a live blog) may be the page's content, so it is not here.
const ROLE_KIND: Record<string, BoilerKind> = {
  navigation: 'nav', banner: 'header', contentinfo: 'footer', complementary: 'aside', search: 'form',
  menu: 'nav', menubar: 'nav', dialog: 'cookie', alertdialog: 'cookie', toolbar: 'share', tablist: 'nav', marquee: 'aside', timer: 'aside',
};

// Class/id words, matched as whole words of the class/id string: not preceded or followed by a
// letter a-z (text/word-phrases.ts; "-?": with or without a hyphen, "s?": optional). Order
// matters: the first rule that matches names the kind.
export const WORD_RULES: readonly (readonly [BoilerKind, readonly string[]])[] = [
  ['comments', ['comments?', 'comment-?list', 'commentlist', 'disqus', 'respond', 'replies', 'reactions', 'discussion']],
  ['cookie', ['cookies?', 'consent', 'gdpr', 'cmp', 'onetrust', 'cookiebanner']],
  ['share', ['share', 'sharing', 'social', 'sharebar', 'share-?buttons?', 'addthis', 'sociable', 'shareaholic', 'likes?']],
  ['related', ['related', 'recommended', 'recommendations?', 'more-?stories', 'read-?more', 'also-?read', 'trending', 'popular',
    'most-?read', 'taboola', 'outbrain', 'you-?may-?like', 'next-?post', 'prev-?post', 'post-?navigation', 'teasers?',
    'recirculation', 'more-?from', 'further-?reading', 'see-?also']],
  ['ad', ['ads?', 'advert', 'advertisement', 'advertising', 'adsense', 'ad-?slot', 'ad-?unit', 'adbox', 'sponsor(?:ed)?', 'promo',
    'promotion', 'dfp', 'banner-?ad']],
  ['newsletter', ['newsletter', 'subscribe', 'subscription', 'signup', 'sign-?up', 'mailing-?list', 'optin', 'opt-?in']],
  ['breadcrumb', ['breadcrumbs?', 'crumbs?']],
  ['meta', ['credits?', 'photo-?credit', 'image-?credit', 'copyright-?image']],
  ['meta', ['author-?(?:box|bio|info|card|description|details|profile)', 'about-?(?:the-?)?author', 'bio-?box']],
  ['pagination', ['pagination', 'pager', 'paging']],
  ['nav', ['nav', 'navbar', 'navigation', 'menu', 'menubar', 'mainmenu', 'topnav', 'subnav', 'skip-?link', 'skip']],
  ['footer', ['footer', 'site-?footer', 'page-?footer', 'copyright', 'colophon']],
  ['header', ['masthead', 'site-?header', 'page-?header', 'top-?bar', 'topbar']],
  ['aside', ['sidebar', 'side-?bar', 'widget', 'widgets', 'rail', 'right-?rail', 'left-?rail', 'sidebar-?right', 'sidebar-?left', 'secondary']],
  ['cookie', ['modal', 'popup', 'pop-?up', 'overlay', 'lightbox', 'offcanvas', 'off-?canvas', 'drawer']],
];

/** Class/id words that name the content. */
const POSITIVE_WORDS: readonly string[] = [
  'article', 'articlebody', 'article-?body', 'article-?content', 'entry', 'entry-?content', 'post', 'post-?content',
  'post-?body', 'main', 'main-?content', 'content', 'story', 'story-?body', 'text', 'body', 'blog', 'hentry', 'prose',
  'markdown', 'rich-?text', 'page-?content', 'single',
];

const KIND_RULES = compilePhraseRules(WORD_RULES.map(([, words]) => words));
// One alternation of a few dozen phrases is what irregexp does best: faster here than the scan,
// which pays off only for the kinds' 150 phrases in 15 ordered rules.
const POSITIVE = new RegExp(`(?:^|[^a-z])(?:${POSITIVE_WORDS.join('|')})(?:$|[^a-z])`);

/** The kind the first matching word rule names (lower-case class + id string), or null. */
export function classIdKind(ci: string): BoilerKind | null {
  const r = firstPhraseRule(KIND_RULES, ci);
  return r < 0 ? null : WORD_RULES[r][0];
}

/** The boilerplate kind the markup of `el` itself declares, if any. */
export function boilerKind(el: DomElement): BoilerKind | null {
  if (el.hidden) return 'hidden';
  const t = TAG_KIND[el.tag];
  if (t) return t;
  const role = el.attr('role');
  if (role) { const r = ROLE_KIND[role.toLowerCase()]; if (r) return r; }
  if (el.tag === 'header') return 'header';
  const ci = el.classId;
  return ci ? classIdKind(ci) : null;
}

/**
 * True when the markup names `el` the content: <article>, <main>, class/id words (article,
 * entry-content, post-body, …) or itemprop articleBody / text.
 */
export function namesContent(el: DomElement): boolean {
  if (el.tag === 'article' || el.tag === 'main') return true;
  const ci = el.classId;
  if (ci && POSITIVE.test(ci)) return true;
  const itemprop = el.attr('itemprop');
  return itemprop === 'articleBody' || itemprop === 'text';
}

const NAMED_OF_DOC = new WeakMap<DomDocument, Uint8Array>();

/** namesContent of every element of `doc` (1 or 0), by element id, computed once per document like boilerKinds. */
export function contentNamed(doc: DomDocument): Uint8Array {
  let named = NAMED_OF_DOC.get(doc);
  if (!named) {
    const els = doc.elements;
    named = new Uint8Array(els.length);
    for (let i = 0; i < els.length; i++) if (namesContent(els[i])) named[i] = 1;
    NAMED_OF_DOC.set(doc, named);
  }
  return named;
}

const KINDS_OF_DOC = new WeakMap<DomDocument, (BoilerKind | null)[]>();

/**
 * boilerKind of every element of `doc`, by element id, computed once per document: the default
 * labeler and the block features both read it for every element.
 */
export function boilerKinds(doc: DomDocument): readonly (BoilerKind | null)[] {
  let kinds = KINDS_OF_DOC.get(doc);
  if (!kinds) {
    kinds = doc.elements.map(boilerKind);
    KINDS_OF_DOC.set(doc, kinds);
  }
  return kinds;
}

/**
 * The kinds a fallback labeler's output is cut of: all but the header (a standfirst and the byline
 * sit in an article's <header>), forms (a page-wide <form> wraps every page of some frameworks)
 * and hidden elements (the output contract cuts those for every labeler).
 */
const FALLBACK_CUT_KINDS: ReadonlySet<BoilerKind> = new Set<BoilerKind>(['nav', 'footer', 'aside', 'comments', 'share', 'related',
  'ad', 'cookie', 'newsletter', 'meta', 'breadcrumb', 'pagination']);
const DECLARED_BOILERPLATE_REASON = 'boilerplate its markup declares (a fallback labeler reads no markup)';

/**
 * Cuts what the page's markup declares boilerplate (FALLBACK_CUT_KINDS) from `labels`, unless the
 * element holds half of the kept text or more (a "sidebar" class on the article's wrapper). For
 * the fallback cascade's labelers (paper 000's and the satisfiable labeler), which read the text's
 * shape and not the markup: on a short article they keep the share bar, the related posts and the
 * author box the page names as such (docs/extraction-quality.md, nineteenth session).
 */
export function cutDeclaredBoilerplate(doc: DomDocument, labels: Labels): void {
  const kinds = boilerKinds(doc);
  const effective = labels.effectiveAll();
  const els = doc.elements;
  // The kept text: that of the outermost kept elements (contentRoots, from the labels already read).
  let kept = 0;
  for (let i = 0; i < els.length; i++) {
    const parent = els[i].parent;
    if (effective[i] === CONTENT && (!parent || effective[parent.id] !== CONTENT)) kept += els[i].textLen;
  }
  for (let i = 0; i < els.length; i++) {
    const kind = kinds[i];
    if (kind === null || effective[i] !== CONTENT || !FALLBACK_CUT_KINDS.has(kind) || els[i].textLen * 2 > kept) continue;
    labels.cut(els[i], DECLARED_BOILERPLATE_REASON);
    i += els[i].tags;
  }
}
