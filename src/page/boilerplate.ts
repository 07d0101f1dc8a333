/**
 * Markup signals of boilerplate: what a page's own author says a block is, through its tag,
 * ARIA role, and class/id words. These are the signals every peer uses (readability's
 * unlikelyCandidates, trafilatura's BODY/COMMENTS/OVERALL discard lists, defuddle's selectors);
 * the word lists here are ours, tuned on ../shared/datasets (see docs in README, "default").
 *
 * A signal is a hint, never a verdict: the default labeler weighs it against the text a block
 * actually holds (a "sidebar" class on a div that holds the whole article is overruled).
 */
import type { DomDocument, DomElement } from '../dom/node.js';

export const BOILER_KINDS = ['nav', 'footer', 'header', 'aside', 'comments', 'share', 'related', 'ad',
  'cookie', 'newsletter', 'meta', 'hidden', 'form', 'breadcrumb', 'pagination'] as const;
export type BoilerKind = typeof BOILER_KINDS[number];

const TAG_KIND: Record<string, BoilerKind> = {
  nav: 'nav', footer: 'footer', aside: 'aside', form: 'form', menu: 'nav',
};
const ROLE_KIND: Record<string, BoilerKind> = {
  navigation: 'nav', banner: 'header', contentinfo: 'footer', complementary: 'aside', search: 'form',
  menu: 'nav', menubar: 'nav', dialog: 'cookie', alertdialog: 'cookie', toolbar: 'share', tablist: 'nav',
};

// Class/id words, matched as whole tokens of the class/id string split on non-letters, or as
// prefixes where marked. Order matters: the first rule that matches names the kind.
const WORD_RULES: [RegExp, BoilerKind][] = [
  [/(?:^|[^a-z])(?:comments?|comment-?list|commentlist|disqus|respond|replies|reactions|discussion)(?:$|[^a-z])/, 'comments'],
  [/(?:^|[^a-z])(?:cookies?|consent|gdpr|cmp|onetrust|cookiebanner)(?:$|[^a-z])/, 'cookie'],
  [/(?:^|[^a-z])(?:share|sharing|social|sharebar|share-?buttons?|addthis|sociable|shareaholic|likes?)(?:$|[^a-z])/, 'share'],
  [/(?:^|[^a-z])(?:related|recommended|recommendations?|more-?stories|read-?more|also-?read|trending|popular|most-?read|taboola|outbrain|you-?may-?like|next-?post|prev-?post|post-?navigation|teasers?|recirculation|more-?from|further-?reading|see-?also)(?:$|[^a-z])/, 'related'],
  [/(?:^|[^a-z])(?:ads?|advert|advertisement|advertising|adsense|ad-?slot|ad-?unit|adbox|sponsor(?:ed)?|promo|promotion|dfp|banner-?ad)(?:$|[^a-z])/, 'ad'],
  [/(?:^|[^a-z])(?:newsletter|subscribe|subscription|signup|sign-?up|mailing-?list|optin|opt-?in)(?:$|[^a-z])/, 'newsletter'],
  [/(?:^|[^a-z])(?:breadcrumbs?|crumbs?)(?:$|[^a-z])/, 'breadcrumb'],
  [/(?:^|[^a-z])(?:credits?|photo-?credit|image-?credit|copyright-?image)(?:$|[^a-z])/, 'meta'],
  [/(?:^|[^a-z])(?:author-?(?:box|bio|info|card|description|details|profile)|about-?(?:the-?)?author|bio-?box)(?:$|[^a-z])/, 'meta'],
  [/(?:^|[^a-z])(?:pagination|pager|paging)(?:$|[^a-z])/, 'pagination'],
  [/(?:^|[^a-z])(?:nav|navbar|navigation|menu|menubar|mainmenu|topnav|subnav|skip-?link|skip)(?:$|[^a-z])/, 'nav'],
  [/(?:^|[^a-z])(?:footer|site-?footer|page-?footer|copyright|colophon)(?:$|[^a-z])/, 'footer'],
  [/(?:^|[^a-z])(?:masthead|site-?header|page-?header|top-?bar|topbar)(?:$|[^a-z])/, 'header'],
  [/(?:^|[^a-z])(?:sidebar|side-?bar|widget|widgets|rail|right-?rail|left-?rail|sidebar-?right|sidebar-?left|secondary)(?:$|[^a-z])/, 'aside'],
  [/(?:^|[^a-z])(?:modal|popup|pop-?up|overlay|lightbox|offcanvas|off-?canvas|drawer)(?:$|[^a-z])/, 'cookie'],
];

const POSITIVE = /(?:^|[^a-z])(?:article|articlebody|article-?body|article-?content|entry|entry-?content|post|post-?content|post-?body|main|main-?content|content|story|story-?body|text|body|blog|hentry|prose|markdown|rich-?text|page-?content|single)(?:$|[^a-z])/;

// Most class/id strings match no rule, and a site repeats the same few hundred: one combined test
// rejects the common case, and the kind of each string seen is remembered (bounded, per process).
const ANY_WORD_RULE = new RegExp(WORD_RULES.map(([re]) => re.source).join('|'));
const KIND_OF_CLASS_ID = new Map<string, BoilerKind | null>();
const CLASS_ID_MEMO_LIMIT = 20_000;

function classIdKind(ci: string): BoilerKind | null {
  let kind = KIND_OF_CLASS_ID.get(ci);
  if (kind !== undefined) return kind;
  kind = null;
  if (ANY_WORD_RULE.test(ci)) for (const [re, k] of WORD_RULES) if (re.test(ci)) { kind = k; break; }
  if (KIND_OF_CLASS_ID.size >= CLASS_ID_MEMO_LIMIT) KIND_OF_CLASS_ID.clear();
  KIND_OF_CLASS_ID.set(ci, kind);
  return kind;
}

const NAMES_CONTENT = new Map<string, boolean>();

/** POSITIVE.test(ci), remembered per string like classIdKind (labelers ask for every element). */
function classIdNamesContent(ci: string): boolean {
  let yes = NAMES_CONTENT.get(ci);
  if (yes !== undefined) return yes;
  yes = POSITIVE.test(ci);
  if (NAMES_CONTENT.size >= CLASS_ID_MEMO_LIMIT) NAMES_CONTENT.clear();
  NAMES_CONTENT.set(ci, yes);
  return yes;
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

/** True when class/id words say "this is the content" (article, entry-content, post-body, ...). */
export function looksLikeContent(el: DomElement): boolean {
  const ci = el.classId;
  if (ci && classIdNamesContent(ci)) return true;
  if (el.attr('itemprop') === 'articleBody' || el.attr('itemprop') === 'text') return true;
  return false;
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
