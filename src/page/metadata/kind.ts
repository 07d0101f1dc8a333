/**
 * The page's kind from schema.org types (JSON-LD @type, microdata itemtype), og:type, and, as a
 * last resort, the page's shape. Left undefined when no signal is clear: a wrong kind misleads
 * more than none.
 */
import type { PageKind } from './types.js';
import { parsePageUrl } from './urls.js';

const SCHEMA_KINDS: Record<string, PageKind> = {
  article: 'article', newsarticle: 'article', blogposting: 'article', reportagenewsarticle: 'article',
  opinionnewsarticle: 'article', analysisnewsarticle: 'article', backgroundnewsarticle: 'article',
  reviewnewsarticle: 'article', liveblogposting: 'article', scholarlyarticle: 'article', report: 'article',
  satiricalarticle: 'article', review: 'article', medicalscholarlyarticle: 'article', blog: 'article',
  techarticle: 'docs', apireference: 'docs', howto: 'docs',
  product: 'product', productgroup: 'product', offer: 'product', individualproduct: 'product', car: 'product',
  recipe: 'recipe',
  event: 'event', musicevent: 'event', sportsevent: 'event', businessevent: 'event', festival: 'event',
  educationevent: 'event', theaterevent: 'event', screeningevent: 'event', socialevent: 'event',
  videoobject: 'video', movie: 'video', tvepisode: 'video', clip: 'video',
  profilepage: 'profile',
  discussionforumposting: 'forum', qapage: 'forum', question: 'forum', socialmediaposting: 'forum',
  collectionpage: 'listing', searchresultspage: 'listing', itemlist: 'listing',
};

/** A schema.org type name (lower case, no URL prefix) to a page kind. */
export function kindFromSchemaType(t: string): PageKind | undefined {
  return SCHEMA_KINDS[t];
}

/** An itemtype URL ("https://schema.org/NewsArticle") to a page kind. */
export function kindFromItemtype(url: string): PageKind | undefined {
  const t = url.trim().split(/\s+/)[0].toLowerCase().replace(/^.*[/#]/, '');
  return SCHEMA_KINDS[t];
}

/** og:type: article, product, video.*, profile, book; "website" says nothing on its own. */
export function kindFromOgType(t: string | undefined): PageKind | undefined {
  if (!t) return undefined;
  const v = t.trim().toLowerCase();
  if (v === 'article' || v === 'blog' || v === 'news' || v.endsWith(':article')) return 'article';
  if (v === 'product' || v.startsWith('product.') || v === 'og:product') return 'product';
  if (v.startsWith('video')) return 'video';
  if (v === 'profile') return 'profile';
  if (v === 'recipe') return 'recipe';
  return undefined;
}

/** A URL whose path is the site's root, with no query, is the site's home page. */
export function isHomeUrl(url: string | URL | undefined): boolean {
  const u = parsePageUrl(url);
  if (!u) return false;
  return (u.pathname === '/' || u.pathname === '' || /^\/(?:index\.\w{2,5}|home|[a-z]{2}(?:-[a-z]{2})?)\/?$/i.test(u.pathname)) && !u.search;
}
