/**
 * A stored page's subresources, for `crawl --assets`: what a browser fetches to show the page,
 * archived in the crawl's WARC so that `--render --warc` (render-browser/warc-source.ts) can
 * answer those requests and the page renders as it was.
 *
 * Read from the page in the same tokenizer pass as its links (links.ts TagVisitor):
 *  - <link rel=stylesheet href>, <link rel=preload|modulepreload href> (as=style, script, font or
 *    image; modulepreload without as), <link rel=icon href>;
 *  - <script src>, <img src>, <source src>, <video src|poster>, <audio src>, <input type=image src>;
 *  - of a srcset (<img>, <source>), the first candidate only. Parsing it is simple and exact (the
 *    first URL of the list), but the browser may choose another candidate (a width-descriptor set
 *    at the renderer's 1280-px viewport often picks a larger one); choosing as the browser does
 *    would need `sizes` and media queries evaluated, so it is left out and that image is then
 *    missing from the replay (the <img src> fallback is taken as well);
 *  - url(...) in the page's <style> elements and style attributes.
 * Not read: anything inside <noscript> (a browser running scripts never loads it), lazy-loading
 * attributes such as data-src (scripts move them into src at render time, and scripts asking
 * for URLs at run time are beyond a static reading), <iframe> (a page: links.ts follows it),
 * <embed>, <object>, SVG <image>.
 *
 * One level of CSS: a stylesheet found in a page (level 0) is read for @import and url(...) —
 * imported sheets, fonts, background images — resolved against the stylesheet's own URL; what
 * those name (level 1) is fetched but not read again, so an @import chain stops after one hop
 * and the fonts of an imported sheet are not fetched.
 *
 * An asset keeps the URL as a browser requests it: the WHATWG resolution (render/html.ts
 * resolveUrl) with the fragment dropped, not the crawler's normal form (url.ts), because the
 * renderer looks records up by the URL Chromium asks for. Only http(s) URLs are kept.
 */
import { resolveUrl } from '../render/html.js';
import type { Crawler } from './crawler.js';
import type { FetchResponse } from './fetcher.js';
import { header } from './fetcher.js';
import type { FrontierEntry } from './frontier.js';
import type { TagVisitor } from './links.js';
import type { Outcome } from './response.js';

const HTTP = new Set(['http:', 'https:']);
const PRELOAD_AS = new Set(['style', 'script', 'font', 'image']);

/** The URL a browser requests for `value` in a document whose base is `base` (fragment dropped); null when not http(s). */
export function assetUrl(value: string, base: string): string | null {
  const r = resolveUrl(value, base, HTTP);
  if (r === null) return null;
  const hash = r.indexOf('#');
  return hash >= 0 ? r.slice(0, hash) : r;
}

/** The first URL of a srcset (HTML's "parse a srcset attribute": leading white space and commas skipped, trailing commas cut). */
export function firstSrcsetUrl(srcset: string): string | undefined {
  const m = /^[\s,]*([^\s]+)/.exec(srcset);
  const url = m?.[1].replace(/,+$/, '');
  return url || undefined;
}

/** CSS with its comments removed (a scan with indexOf: an unclosed comment costs one pass, not one per "/*"). */
function stripComments(css: string): string {
  if (!css.includes('/*')) return css;
  let out = '';
  let at = 0;
  for (let open = css.indexOf('/*'); open >= 0; open = css.indexOf('/*', at)) {
    out += css.slice(at, open);
    const close = css.indexOf('*/', open + 2);
    if (close < 0) return out;
    at = close + 2;
  }
  return out + css.slice(at);
}

const CSS_URL = /url\(\s*(?:"([^"\n]*)"|'([^'\n]*)'|([^"'()\s]+))\s*\)/gi;
const CSS_IMPORT = /@import\s+(?:"([^"\n]*)"|'([^'\n]*)')/gi;

/**
 * The URLs a piece of CSS names: @import "x" first, then url(x) (which covers @import url(x),
 * fonts and images), each in order. Values with a backslash escape are left out (rare;
 * unescaping CSS is not worth it here), and so are fragments alone (url(#filter) names the
 * document itself). Lazy, so that a stylesheet naming a million URLs costs the cap, not a list.
 */
export function* cssRefs(css: string): Generator<string> {
  const text = stripComments(css);
  for (const re of [CSS_IMPORT, CSS_URL]) {
    for (const m of text.matchAll(re)) {
      const v = (m[1] ?? m[2] ?? m[3] ?? '').trim();
      if (v && !v.includes('\\') && !v.startsWith('#')) yield v;
    }
  }
}

/**
 * Collects a page's asset references during links.ts's tokenizer pass; `urls(base)` resolves them
 * once the document's base is known. The first `max` distinct references are kept; later ones
 * are only counted (`more`), so a page of a million <img> costs a counter, not a million URLs.
 */
export class AssetCollector implements TagVisitor {
  private readonly refs = new Set<string>();
  private more = 0;
  private noscript = 0;
  private inStyle = false;
  private style = '';

  constructor(private readonly max: number) {}

  /** One reference as written (relative or absolute); empty ones, fragments and data: URLs are no fetch. */
  add(value: string | undefined): void {
    const v = value?.trim();
    if (!v || v.startsWith('#') || /^data:/i.test(v) || this.refs.has(v)) return;
    if (this.refs.size < this.max) this.refs.add(v);
    else this.more++;
  }

  startTag(name: string, attr: (name: string) => string | undefined): void {
    if (name === 'noscript') this.noscript++;
    if (this.noscript) return;
    switch (name) {
      case 'link': this.link(attr); break;
      case 'script': this.add(attr('src')); break;
      case 'img': case 'source': {
        this.add(attr('src'));
        const srcset = attr('srcset');
        if (srcset) this.add(firstSrcsetUrl(srcset));
        break;
      }
      case 'video': this.add(attr('poster')); this.add(attr('src')); break;
      case 'audio': this.add(attr('src')); break;
      case 'input': if ((attr('type') ?? '').trim().toLowerCase() === 'image') this.add(attr('src')); break;
      case 'style': this.inStyle = true; this.style = ''; break;
    }
    const style = attr('style');
    if (style && /url\(/i.test(style)) for (const r of cssRefs(style)) this.add(r);
  }

  private link(attr: (name: string) => string | undefined): void {
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    const as = (attr('as') ?? '').trim().toLowerCase();
    if (rel.includes('stylesheet') || rel.includes('icon') || (rel.includes('preload') && PRELOAD_AS.has(as))
      || (rel.includes('modulepreload') && (as === '' || as === 'script'))) this.add(attr('href'));
  }

  endTag(name: string): void {
    if (name === 'noscript' && this.noscript) this.noscript--;
    else if (name === 'style' && this.inStyle) {
      this.inStyle = false;
      for (const r of cssRefs(this.style)) this.add(r);
      this.style = '';
    }
  }

  text(chars: string): void {
    if (this.inStyle && !this.noscript) this.style += chars;
  }

  /** The references resolved against the document's base (http(s) only, each once), and how many the cap left out. */
  urls(base: string): { urls: string[]; more: number } {
    const urls = new Set<string>();
    for (const r of this.refs) {
      const u = assetUrl(r, base);
      if (u) urls.add(u);
    }
    return { urls: [...urls], more: this.more };
  }
}

/**
 * Frontier entries for asset URLs found at `level` (0: in a page, 1: in a stylesheet). Assets
 * are in scope whatever their host (a page's images on a CDN are part of it), so only
 * `scope.exclude` applies, as a way to keep trackers and the like out.
 */
export function assetEntries(c: Crawler, urls: string[], level: number, via: string[]): FrontierEntry[] {
  const out: FrontierEntry[] = [];
  const seen = new Set<string>();
  for (const url of urls) {
    if (seen.has(url) || c.scope.excluded(url)) continue;
    seen.add(url);
    out.push(c.entry(url, 'asset', level, via));
  }
  return out;
}

/** A 2xx asset: done; a stylesheet found in a page is read for the URLs it names (one level). */
export function assetOutcome(c: Crawler, e: FrontierEntry, res: FetchResponse): Outcome {
  const type = (header(res.headers, 'content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (e.depth > 0 || type !== 'text/css') return { state: 'done', faults: [] };
  const collector = new AssetCollector(c.opts.maxAssetsPerPage);
  for (const r of cssRefs(new TextDecoder('utf-8').decode(res.body))) collector.add(r);
  const found = collector.urls(res.url);
  return { state: 'done', faults: [], discovered: assetEntries(c, found.urls, e.depth + 1, []), ...(found.more ? { cutAssets: found.more } : {}) };
}
