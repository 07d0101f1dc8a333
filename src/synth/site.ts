/**
 * Reproducible synthetic sites: articles poured into hand-written page templates, with the exact
 * topic-content text of every page as its truth. The truth is the headline and the article's
 * blocks, one per line, exactly as they appear in the page's visible text; everything else
 * (chrome, bylines, counts, related links, ads, tables of contents) is template or per-page noise.
 *
 * Failure modes a site model must survive are options of synthSite: several templates mixed on
 * one host, and template drift (the template changes slightly after page k).
 */
import { synthArticles, isSynthLang, date, type SynthArticle } from './articles.js';
import { CHROME, LEXICON, ZH, type SynthLang } from './lexicon.js';
import { TEMPLATE_RENDERERS, esc, slug, type PageContext } from './templates.js';
import { rng, subSeed, int, pick, chance, sample, thousands, type Rng } from './random.js';
import { ThresherError } from '../errors.js';

export type { SynthArticle } from './articles.js';
export { synthArticles } from './articles.js';

export interface SynthPage {
  url: string;
  host: string;
  template: string;
  html: string;
  /** The topic content an ideal extractor returns: headline and body blocks, one per line. */
  truth: string;
  article: SynthArticle;
  /** Whether the page was rendered with the drifted variant of its template. */
  drifted?: boolean;
}

export const SYNTH_TEMPLATES: readonly string[] = Object.freeze(Object.keys(TEMPLATE_RENDERERS));

export interface RenderOptions {
  seed: number;
  host: string;
  path?: string;
  /** Render the drifted variant of the template. */
  drift?: boolean;
}

const SITE_NAMES = ['The Northern Ledger', 'Harbour Courier', 'Field Notes', 'Atlas Review', 'The Weekly Lantern', 'Meridian Post', 'Open Workshop', 'Granite Daily'];
const AD_HEADLINES = ['Save {n}% on', 'Limited offer:', 'New:', 'Only today:', 'Free shipping on', 'Try for {n} days:'];
const AD_THINGS = ['garden furniture', 'noise-cancelling headphones', 'running shoes', 'city breaks', 'electric bikes', 'coffee machines', 'winter tyres', 'language courses', 'home insurance', 'smart thermostats'];

/** Renders one article with one template; `seed` fixes the per-page variation. */
export function renderSynthPage(article: SynthArticle, template: string, options: RenderOptions): SynthPage {
  const renderer = TEMPLATE_RENDERERS[template];
  if (!renderer) throw new ThresherError('E_BAD_OPTION', `unknown synthetic template "${template}"; one of ${SYNTH_TEMPLATES.join(', ')}`);
  const lang: SynthLang = isSynthLang(article.lang) ? article.lang : 'en';
  const host = options.host;
  const path = options.path ?? `/${template === 'shop' ? 'p' : template === 'docs' ? 'docs' : template === 'forum' ? 't' : 'news'}/${slug(article.title).slice(0, 60)}-${article.id}`;
  const url = `https://${host}${path}`;
  const site = rng(subSeed(0, 'site', host, template));   // constant over the host
  const r = rng(subSeed(options.seed, 'page', article.id, template));
  const chrome = CHROME[lang];
  const siteTitles = synthArticles(subSeed(0, 'titles', host), 24, { lang }).map((a) => a.title);
  const linkTo = (t: string) => ({ title: t, href: `/${slug(t).slice(0, 50)}` });

  const kinds = article.kinds ?? article.paragraphs.map(() => 'p' as const);
  const ctx: PageContext = {
    lang, chrome, host, url,
    siteName: pick(site, SITE_NAMES),
    title: article.title,
    bodyHtml: bodyHtml(r, article, lang),
    subheads: article.paragraphs.filter((_, i) => kinds[i] === 'h2'),
    article,
    author: pick(r, sample(site, lang === 'zh' ? ZH.names : LEXICON[lang].names, 4)),
    date: date(r, lang),
    section: pick(r, chrome.nav),
    updated: chance(r, 0.5) ? chrome.updated(int(r, 1, 23), 'h') : chrome.updated(int(r, 2, 59), 'm'),
    views: chrome.views(thousands(int(r, 12, 250000), lang === 'en' ? ',' : lang === 'zh' ? '' : '.')),
    comments: int(r, 0, 480),
    related: synthArticles(subSeed(options.seed, 'related', article.id), int(r, 3, 6), { lang }).map((a) => linkTo(a.title)),
    mostRead: sample(site, siteTitles, 5).map(linkTo),   // a site-level list, the same on every page
    ad: adFor(r),
    tags: sample(r, lang === 'zh' ? ZH.nouns : LEXICON[lang].nouns, int(r, 2, 4)),
    year: 2024,
    price: `${int(r, 5, 900)}.${String(int(r, 0, 99)).padStart(2, '0')} €`,
    drift: options.drift === true,
  };
  const html = renderer(ctx);
  const truth = [article.title, ...article.paragraphs].join('\n');
  const page: SynthPage = { url, host, template, html, truth, article };
  if (options.drift) page.drifted = true;
  return page;
}

function adFor(r: Rng): PageContext['ad'] {
  const n = int(r, 10, 70);
  const thing = pick(r, AD_THINGS);
  return {
    headline: pick(r, AD_HEADLINES).replace('{n}', String(n)),
    text: `${thing} — ${int(r, 2, 9)} ${pick(r, ['models', 'offers', 'deals', 'brands'])} from ${int(r, 9, 99)}.99`,
    href: `https://ads.example/click?c=${int(r, 100000, 999999)}`,
    slot: int(r, 1, 3),
  };
}

/** The article's blocks as HTML, one top-level element per line; list items are grouped in a ul. */
function bodyHtml(r: Rng, a: SynthArticle, lang: SynthLang): string {
  const kinds = a.kinds ?? a.paragraphs.map(() => 'p' as const);
  const lines: string[] = [];
  let list: string[] = [];
  const flush = () => { if (list.length) { lines.push(`<ul>${list.join('')}</ul>`); list = []; } };
  a.paragraphs.forEach((text, i) => {
    if (kinds[i] === 'li') { list.push(`<li>${esc(text)}</li>`); return; }
    flush();
    if (kinds[i] === 'h2') lines.push(`<h2 id="${slug(text)}">${esc(text)}</h2>`);
    else lines.push(`<p>${decorate(r, text, lang)}</p>`);
  });
  flush();
  return lines.join('\n');
}

/** Inline markup inside a paragraph (emphasis, a link) that leaves its text unchanged. */
function decorate(r: Rng, text: string, lang: SynthLang): string {
  if (lang === 'zh' || !chance(r, 0.4)) return esc(text);
  const words = text.split(' ');
  if (words.length < 6) return esc(text);
  const i = int(r, 0, words.length - 3);
  const k = int(r, 1, 2);
  const inner = esc(words.slice(i, i + k).join(' '));
  const tag = pick(r, ['em', 'strong', 'a']);
  const open = tag === 'a' ? `<a href="/topic/${slug(words[i])}">` : `<${tag}>`;
  return [esc(words.slice(0, i).join(' ')), `${open}${inner}</${tag}>`, esc(words.slice(i + k).join(' '))].filter((s) => s !== '').join(' ');
}

export interface SynthSiteOptions {
  seed: number;
  pages: number;
  /**
   * One template for every page (one of SYNTH_TEMPLATES), 'mixed' for pages that rotate over
   * all templates on one host, or absent for a template chosen from the seed.
   */
  template?: string;
  host?: string;
  /** Template drift: pages from index `driftAfter` on use the drifted template. */
  drift?: boolean;
  /** Where drift starts (default: half way). */
  driftAfter?: number;
  /** The site's language (default: from the seed, mostly English). */
  lang?: SynthLang;
}

/** `pages` pages of one synthetic site. */
export function synthSite(options: SynthSiteOptions): SynthPage[] {
  const { seed, pages } = options;
  if (!Number.isInteger(pages) || pages < 0) throw new ThresherError('E_BAD_OPTION', `pages must be a non-negative integer, got ${pages}`);
  const r = rng(subSeed(seed, 'site-options'));
  const template = options.template ?? SYNTH_TEMPLATES[(seed >>> 0) % SYNTH_TEMPLATES.length];
  if (template !== 'mixed' && !SYNTH_TEMPLATES.includes(template)) {
    throw new ThresherError('E_BAD_OPTION', `unknown synthetic template "${template}"; one of ${SYNTH_TEMPLATES.join(', ')} or mixed`);
  }
  const x = r();
  const lang: SynthLang = options.lang ?? (x < 0.7 ? 'en' : x < 0.8 ? 'de' : x < 0.9 ? 'fr' : 'zh');
  const host = options.host ?? `${template}-${seed >>> 0}.example`;
  const driftAfter = options.driftAfter ?? Math.floor(pages / 2);
  const articles = synthArticles(subSeed(seed, 'articles'), pages, { lang });
  return articles.map((a, i) => renderSynthPage(a, template === 'mixed' ? SYNTH_TEMPLATES[i % SYNTH_TEMPLATES.length] : template, {
    seed: subSeed(seed, 'page', i), host, drift: options.drift === true && i >= driftAfter,
  }));
}
