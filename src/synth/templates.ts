/**
 * The page templates of the synthetic sites: a news site, a blog, a shop, a forum and a docs
 * site, each with the chrome real sites carry (navigation, header, breadcrumbs, sidebars, footer,
 * cookie banner, share bar), per-page related and advertisement blocks, and dates and counts in
 * the template. Each template marks the article up its own way, so the sites differ in structure,
 * class names and block order. `drift` changes a template slightly (renamed classes, an extra
 * wrapper, a moved block, new chrome text), as a site redesign does over time.
 */
import type { Chrome, SynthLang } from './lexicon.js';
import type { SynthArticle } from './articles.js';

/** What a template needs to render one page. */
export interface PageContext {
  lang: SynthLang;
  chrome: Chrome;
  host: string;
  url: string;
  siteName: string;
  title: string;
  /** The article body, already marked up (paragraphs, sub-headings, lists, inline markup). */
  bodyHtml: string;
  /** The body's sub-headings (docs sites repeat them in an "On this page" box). */
  subheads: string[];
  article: SynthArticle;
  author: string;
  date: string;
  section: string;
  updated: string;
  views: string;
  comments: number;
  related: { title: string; href: string }[];
  mostRead: { title: string; href: string }[];
  ad: { headline: string; text: string; href: string; slot: number };
  tags: string[];
  year: number;
  price: string;
  drift: boolean;
}

export const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const head = (c: PageContext, css: string): string =>
  `<!DOCTYPE html>\n<html lang="${c.lang}">\n<head>\n<meta charset="utf-8">\n<title>${esc(c.title)} | ${esc(c.siteName)}</title>\n` +
  `<meta name="viewport" content="width=device-width, initial-scale=1">\n<link rel="canonical" href="${esc(c.url)}">\n` +
  `<link rel="stylesheet" href="/static/${css}.css?v=${c.drift ? 8 : 7}">\n<script src="/static/analytics.js" async></script>\n</head>\n`;

const cookie = (c: PageContext): string =>
  `<div id="cookie-consent" class="${c.drift ? 'consent-banner' : 'cookie-banner'}" role="dialog" aria-label="cookies"><p>${esc(c.chrome.cookie)}</p>` +
  `<button class="btn accept">${esc(c.chrome.accept)}</button> <button class="btn">${esc(c.chrome.reject)}</button></div>\n`;

const navList = (c: PageContext, cls: string): string => {
  const items = c.drift ? [...c.chrome.nav, c.chrome.subscribe] : c.chrome.nav;
  return `<ul class="${cls}"><li><a href="/">${esc(c.chrome.home)}</a></li>` +
    items.map((n) => `<li><a href="/${slug(n)}/">${esc(n)}</a></li>`).join('') + '</ul>';
};

const links = (xs: { title: string; href: string }[], cls = ''): string =>
  `<ul${cls ? ` class="${cls}"` : ''}>` + xs.map((x) => `<li><a href="${esc(x.href)}">${esc(x.title)}</a></li>`).join('') + '</ul>';

const share = (c: PageContext, cls: string): string =>
  `<div class="${cls}"><span>${esc(c.chrome.share)}</span> ` +
  c.chrome.shareTargets.map((t) => `<a href="https://share.example/${slug(t)}?u=${encodeURIComponent(c.url)}" rel="nofollow">${esc(t)}</a>`).join(' ') + '</div>';

const adBlock = (c: PageContext, cls: string): string =>
  `<aside class="${cls}"><span class="ad-label">${esc(c.chrome.advertisement)}</span> ` +
  `<a href="${esc(c.ad.href)}" rel="sponsored"><strong>${esc(c.ad.headline)}</strong> ${esc(c.ad.text)}</a></aside>`;

const footer = (c: PageContext, cls: string): string =>
  `<footer class="${cls}"><nav>${c.chrome.footerLinks.map((l) => `<a href="/${slug(l)}">${esc(l)}</a>`).join(' | ')}</nav>` +
  `<p>${esc(c.chrome.footer(c.drift ? c.year + 1 : c.year))}</p></footer>\n`;

/** The ad sits between body blocks in some templates: after the `slot`-th top-level block. */
function withInlineAd(bodyHtml: string, ad: string, slot: number): string {
  const parts = bodyHtml.split('\n');
  const at = Math.min(Math.max(1, slot), parts.length);
  return [...parts.slice(0, at), ad, ...parts.slice(at)].join('\n');
}

export function slug(s: string): string {
  return s.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^a-z0-9\u4e00-\u9fff]+/g, '-').replace(/^-|-$/g, '') || 'x';
}

function news(c: PageContext): string {
  const d = c.drift;
  const body = withInlineAd(c.bodyHtml, adBlock(c, 'ad ad-inline'), c.ad.slot);
  return head(c, 'news') +
    `<body class="article-page">\n${cookie(c)}` +
    `<header class="site-header"><div class="top-bar"><a class="logo" href="/">${esc(c.siteName)}</a>` +
    `<form class="search" action="/search"><input name="q" placeholder="${esc(c.chrome.search)}"></form><a href="/login">${esc(c.chrome.login)}</a> <a class="cta" href="/subscribe">${esc(c.chrome.subscribe)}</a></div>\n` +
    `<nav class="main-nav">${navList(c, 'menu')}</nav></header>\n` +
    `<main id="main">\n<div class="container">\n` +
    `<ol class="breadcrumbs"><li><a href="/">${esc(c.chrome.home)}</a></li><li><a href="/${slug(c.section)}/">${esc(c.section)}</a></li></ol>\n` +
    `<article class="${d ? 'story' : 'article'}">\n<header class="${d ? 'story-head' : 'article-header'}"><h1 class="headline">${esc(c.title)}</h1>\n` +
    `<p class="byline">${esc(c.chrome.by)} <a href="/authors/${slug(c.author)}">${esc(c.author)}</a> · <time>${esc(c.date)}</time> · <span class="updated">${esc(c.updated)}</span></p>\n` +
    `<p class="meta"><span class="views">${esc(c.views)}</span> · <a href="#comments">${esc(c.chrome.comments(c.comments))}</a></p></header>\n` +
    (d ? share(c, 'share-bar share-top') + '\n' : '') +
    `<div class="${d ? 'story-body' : 'article-body'}">\n${body}\n</div>\n` +
    (d ? '' : share(c, 'share-bar') + '\n') +
    `<div class="tags">${esc(c.chrome.tags)}: ${c.tags.map((t) => `<a href="/tag/${slug(t)}">${esc(t)}</a>`).join(', ')}</div>\n</article>\n` +
    `<section class="related"><h2>${esc(c.chrome.related)}</h2>${links(c.related, 'related-list')}</section>\n` +
    `<div id="comments" class="comments"><h2>${esc(c.chrome.comments(c.comments))}</h2><p><a href="/login">${esc(c.chrome.login)}</a></p></div>\n</div>\n` +
    `<aside class="sidebar"><h3>${esc(c.chrome.mostRead)}</h3>${links(c.mostRead, 'most-read')}` +
    `<div class="newsletter"><p>${esc(c.chrome.newsletter)}</p><a class="btn" href="/newsletter">${esc(c.chrome.subscribe)}</a></div>${adBlock(c, 'ad ad-side')}</aside>\n` +
    `</main>\n${footer(c, 'site-footer')}</body>\n</html>\n`;
}

function blog(c: PageContext): string {
  const d = c.drift;
  const post = `<div class="post-content entry">\n${c.bodyHtml}\n</div>`;
  return head(c, 'blog') +
    `<body>\n<div id="page" class="site">\n<header id="masthead"><p class="site-title"><a href="/">${esc(c.siteName)}</a></p>` +
    `<p class="site-description">${esc(c.chrome.newsletter)}</p>\n<nav id="site-navigation">${navList(c, 'nav-menu')}</nav></header>\n` +
    `<div id="content" class="site-content">\n<div id="primary">\n` +
    (d ? `<div class="wrap">` : '') +
    `<div class="post" id="post-${c.article.id}">\n<h2 class="entry-title">${esc(c.title)}</h2>\n` +
    `<div class="entry-meta">${esc(c.chrome.published)} <span class="date">${esc(c.date)}</span> ${esc(c.chrome.by)} <span class="author vcard">${esc(c.author)}</span> | ${esc(c.chrome.comments(c.comments))} | ${esc(c.views)}</div>\n` +
    `${post}\n` +
    `<div class="entry-footer">${esc(c.chrome.tags)}: ${c.tags.map((t) => `<a rel="tag" href="/tag/${slug(t)}">${esc(t)}</a>`).join(' ')}</div>\n` +
    `${share(c, 'sharedaddy')}\n</div>\n` +
    (d ? `</div>` : '') +
    `<div class="author-bio"><h4>${esc(c.author)}</h4><p>${esc(c.chrome.newsletter)}</p></div>\n` +
    `<nav class="post-navigation"><a rel="prev" href="${esc(c.related[0]?.href ?? '/')}">${esc(c.chrome.prev)}</a> <a rel="next" href="${esc(c.related[1]?.href ?? '/')}">${esc(c.chrome.next)}</a></nav>\n` +
    `<div id="respond"><h3>${esc(c.chrome.comments(c.comments))}</h3><form action="/comment"><textarea name="c"></textarea><button>${esc(c.chrome.subscribe)}</button></form></div>\n` +
    `</div>\n<div id="secondary" class="widget-area">` +
    `<section class="widget"><h3 class="widget-title">${esc(c.chrome.related)}</h3>${links(c.related)}</section>` +
    `<section class="widget widget_ad">${adBlock(c, 'ad')}</section>` +
    `<section class="widget"><h3 class="widget-title">${esc(c.chrome.mostRead)}</h3>${links(c.mostRead)}</section></div>\n` +
    `</div>\n${cookie(c)}${footer(c, d ? 'colophon site-footer' : 'colophon')}</div>\n</body>\n</html>\n`;
}

function shop(c: PageContext): string {
  const d = c.drift;
  return head(c, 'shop') +
    `<body class="product-page">\n${cookie(c)}` +
    `<div class="header"><a class="brand" href="/">${esc(c.siteName)}</a><div class="search-box"><input placeholder="${esc(c.chrome.search)}"></div>` +
    `<a class="cart" href="/cart">0</a><a href="/account">${esc(c.chrome.login)}</a></div>\n` +
    `<div class="categories">${navList(c, 'cat-nav')}</div>\n` +
    `<div class="breadcrumb"><a href="/">${esc(c.chrome.home)}</a> › <a href="/c/${slug(c.section)}">${esc(c.section)}</a> › <span>${esc(c.title)}</span></div>\n` +
    `<div class="product">\n<div class="gallery"><img src="/img/${c.article.id}-1.jpg" alt=""><img src="/img/${c.article.id}-2.jpg" alt=""></div>\n` +
    `<div class="summary">\n<h1 class="product-title">${esc(c.title)}</h1>\n` +
    `<div class="rating">★★★★☆ <a href="#reviews">${esc(c.chrome.reviews(c.comments))}</a></div>\n` +
    `<p class="price">${esc(c.chrome.price)}: ${esc(c.price)}</p><p class="stock">${esc(c.chrome.inStock)} · ${esc(c.updated)}</p>\n` +
    `<button class="add-to-cart">${esc(c.chrome.addToCart)}</button>\n${share(c, 'share')}\n</div>\n` +
    `<div class="${d ? 'tab-panel description' : 'description'}" id="tab-description">\n${c.bodyHtml}\n</div>\n</div>\n` +
    `${adBlock(c, d ? 'promo-banner' : 'promo')}\n` +
    `<div class="also-bought"><h2>${esc(c.chrome.related)}</h2>${links(c.related, 'product-grid')}</div>\n` +
    `<div class="recently-viewed"><h2>${esc(c.chrome.mostRead)}</h2>${links(c.mostRead)}</div>\n` +
    `${footer(c, 'shop-footer')}</body>\n</html>\n`;
}

function forum(c: PageContext): string {
  const d = c.drift;
  const users = `<div class="user-card"><a href="/u/${slug(c.author)}">${esc(c.author)}</a><span class="posts">${esc(c.views)}</span></div>`;
  return head(c, 'forum') +
    `<body id="phpbb">\n<div id="wrap">\n<div class="headerbar"><h1><a href="/">${esc(c.siteName)}</a></h1><p>${esc(c.chrome.newsletter)}</p></div>\n` +
    `<div class="navbar">${navList(c, 'linklist')}<a href="/login">${esc(c.chrome.login)}</a> · <a href="/search">${esc(c.chrome.search)}</a></div>\n` +
    `<div class="breadcrumbs"><a href="/">${esc(c.chrome.home)}</a> » <a href="/f/${slug(c.section)}">${esc(c.section)}</a></div>\n` +
    `<h2 class="topic-title"><a href="${esc(c.url)}">${esc(c.title)}</a></h2>\n` +
    `<div class="action-bar"><a class="button" href="/reply">${esc(c.chrome.replies(c.comments))}</a> <span>${esc(c.updated)}</span></div>\n` +
    `<div id="p1" class="post bg2">\n${d ? '' : users}<div class="postbody">\n<p class="author">${esc(c.chrome.by)} <strong>${esc(c.author)}</strong> » ${esc(c.date)}</p>\n` +
    `<div class="content">\n${c.bodyHtml}\n</div>\n<div class="signature">${esc(c.chrome.footer(c.year))}</div>\n</div>${d ? users : ''}\n</div>\n` +
    `${adBlock(c, 'post bg1 sponsor')}\n` +
    `<div class="similar"><h3>${esc(c.chrome.related)}</h3>${links(c.related, 'topiclist')}</div>\n` +
    `<div class="stat-block"><h3>${esc(c.chrome.mostRead)}</h3>${links(c.mostRead)}</div>\n` +
    `${share(c, 'share-topic')}\n${cookie(c)}${footer(c, 'page-footer')}</div>\n</body>\n</html>\n`;
}

function docs(c: PageContext): string {
  const d = c.drift;
  const toc = c.subheads.length ? `<nav class="toc"><h4>On this page</h4>${links(c.subheads.map((s) => ({ title: s, href: '#' + slug(s) })))}</nav>` : '';
  return head(c, 'docs') +
    `<body>\n<div class="navbar navbar-docs"><a class="navbar-brand" href="/">${esc(c.siteName)}</a>${navList(c, 'navbar-nav')}` +
    `<input class="docsearch" placeholder="${esc(c.chrome.search)}"></div>\n` +
    `<div class="docs-layout">\n<aside class="docs-sidebar"><h4>${esc(c.section)}</h4>${links(c.mostRead, 'sidebar-links')}${links(c.related, 'sidebar-links')}</aside>\n` +
    `<main class="docs-main">\n<nav class="breadcrumb"><a href="/">${esc(c.chrome.home)}</a> / <a href="/docs/${slug(c.section)}">${esc(c.section)}</a></nav>\n` +
    (d ? `<div class="markdown-body">\n` : '') +
    `<div class="theme-doc-markdown markdown">\n<h1>${esc(c.title)}</h1>\n${c.bodyHtml}\n</div>\n` +
    (d ? `</div>\n` : '') +
    `<div class="doc-footer"><a href="https://git.example/${c.host}/edit/${c.article.id}.md">${esc(c.chrome.edit)}</a> · <span class="last-updated">${esc(c.updated)}</span></div>\n` +
    `<div class="feedback"><p>${esc(c.chrome.helpful)}</p><button>👍</button><button>👎</button></div>\n` +
    `<nav class="pagination-nav"><a href="${esc(c.related[0]?.href ?? '/')}">« ${esc(c.chrome.prev)}</a> <a href="${esc(c.related[1]?.href ?? '/')}">${esc(c.chrome.next)} »</a></nav>\n` +
    `${adBlock(c, 'carbon-ads')}\n</main>\n${toc}\n</div>\n${cookie(c)}${footer(c, 'footer footer--dark')}</body>\n</html>\n`;
}

export const TEMPLATE_RENDERERS: Readonly<Record<string, (c: PageContext) => string>> = { news, blog, shop, forum, docs };
