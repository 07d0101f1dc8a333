/**
 * Links of an HTML page, for the crawler: a[href], area[href], frame/iframe[src] and
 * link[rel=next|prev], resolved against <base href> and the page URL; with the page's
 * <meta name="robots"> nofollow/noindex and rel="nofollow" on each link.
 *
 * Only start tags matter, so this runs parse5's tokenizer alone (no tree construction), and
 * switches it into the raw-text states a tree builder would (script, style, textarea, ...) so
 * that markup inside a script is not taken for links. Another reader can share the pass (a
 * TagVisitor: the crawler's assets, assets.ts), so that a page is tokenized once.
 */
import { Tokenizer, TokenizerMode, type TokenHandler, type Token } from 'parse5';

export interface PageLinks {
  /** Absolute URLs (not yet normalised), in document order, with rel=nofollow ones marked. */
  links: Array<{ url: string; nofollow: boolean }>;
  /** <meta name="robots"> (or our token's) says nofollow / noindex. */
  nofollow: boolean;
  noindex: boolean;
  /** Links after the first `maxLinks`: counted, not resolved or returned. */
  more: number;
  /** What relative URLs resolve against: the first usable <base href>, else the page URL. */
  base: string;
}

/** A reader of the same tokenizer pass: every start and end tag, and text (raw text of <style> included). */
export interface TagVisitor {
  startTag(name: string, attr: (name: string) => string | undefined): void;
  endTag(name: string): void;
  text(chars: string): void;
}

const RAWTEXT = new Set(['style', 'xmp', 'iframe', 'noembed', 'noframes']);
const RCDATA = new Set(['textarea', 'title']);
const LINK_ATTR: Record<string, string> = { a: 'href', area: 'href', frame: 'src', iframe: 'src' };

function attr(tok: Token.TagToken, name: string): string | undefined {
  for (const a of tok.attrs) if (a.name === name) return a.value;
  return undefined;
}

/**
 * Extract the links of `html`, a page fetched from `pageUrl`. Never throws on any string. Only
 * the first `maxLinks` are kept (and resolved): a page of 400,000 links would otherwise cost
 * hundreds of MB and seconds for links the crawler will not follow; the rest are counted.
 */
export function extractLinks(html: string, pageUrl: string, robotsToken = 'thresher', maxLinks = Infinity, visitor?: TagVisitor): PageLinks {
  const raw: Array<{ href: string; nofollow: boolean }> = [];
  let more = 0;
  const add = (href: string, nofollow: boolean): void => {
    if (raw.length < maxLinks) raw.push({ href, nofollow });
    else more++;
  };
  let base: string | undefined;
  let nofollow = false, noindex = false;
  const noop = (): void => {};
  const handler: TokenHandler = {
    onStartTag(tok) {
      const name = tok.tagName;
      visitor?.startTag(name, (n) => attr(tok, n));
      const linkAttr = LINK_ATTR[name];
      if (linkAttr) {
        const v = attr(tok, linkAttr);
        if (v) add(v, /(?:^|\s)nofollow(?:\s|$)/i.test(attr(tok, 'rel') ?? ''));
      } else if (name === 'link') {
        const rel = (attr(tok, 'rel') ?? '').toLowerCase().split(/\s+/);
        const v = attr(tok, 'href');
        if (v && (rel.includes('next') || rel.includes('prev'))) add(v, false);
      } else if (name === 'base') {
        if (base === undefined) base = attr(tok, 'href');
      } else if (name === 'meta') {
        const who = (attr(tok, 'name') ?? '').toLowerCase();
        if (who === 'robots' || who === robotsToken) {
          const c = (attr(tok, 'content') ?? '').toLowerCase();
          if (/\b(?:nofollow|none)\b/.test(c)) nofollow = true;
          if (/\b(?:noindex|none)\b/.test(c)) noindex = true;
        }
      }
      if (name === 'script') tokenizer.state = TokenizerMode.SCRIPT_DATA;
      else if (RAWTEXT.has(name)) tokenizer.state = TokenizerMode.RAWTEXT;
      else if (RCDATA.has(name)) tokenizer.state = TokenizerMode.RCDATA;
      else if (name === 'plaintext') tokenizer.state = TokenizerMode.PLAINTEXT;
    },
    onEndTag: visitor ? (tok) => visitor.endTag(tok.tagName) : noop,
    onCharacter: visitor ? (tok) => visitor.text(tok.chars) : noop,
    onWhitespaceCharacter: visitor ? (tok) => visitor.text(tok.chars) : noop,
    onComment: noop, onDoctype: noop, onEof: noop, onNullCharacter: noop,
  };
  const tokenizer = new Tokenizer({ sourceCodeLocationInfo: false }, handler);
  tokenizer.write(html, true);
  let baseUrl = pageUrl;
  if (base !== undefined) {
    try { baseUrl = new URL(base, pageUrl).href; } catch { /* an unusable <base> is ignored, as browsers do */ }
  }
  const links: PageLinks['links'] = [];
  for (const r of raw) {
    try {
      links.push({ url: new URL(r.href.trim(), baseUrl).href, nofollow: r.nofollow });
    } catch {
      // not a URL
    }
  }
  return { links, nofollow, noindex, more, base: baseUrl };
}
