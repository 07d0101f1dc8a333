/**
 * The placeholder-title repair of paper 000 §6 (moved here from src/corpus/title.ts so that page
 * metadata and DocView share one implementation).
 *
 * Paper 000 §6, Title: "about 6 percent of titles are generated automatically by edit tools. The
 * most typical example is 'Untitled Document' or 'New Page'. Obviously, such titles have no
 * meaning; so replacing such a title by one or two the highest weighted keyword is a better
 * choice."
 *
 * A title is a placeholder when, after NFKC, lower case, collapsed space and a trailing number
 * ("New Page 1", "Untitled-2") are set aside, it is:
 *  - empty, or has no letter at all;
 *  - an editor's or CMS's default in one of the languages thresher has stop words for
 *    (PLACEHOLDERS: "Untitled Document", "New Page", "Home", "Index", 无标题文档, 新建网页, 無題…,
 *    and the CMS defaults "My WordPress Blog", "Just another WordPress site");
 *  - the page's generator (<meta name="generator">, with or without its version) or a known
 *    generator's name (WordPress, Joomla!, FrontPage, Dreamweaver…);
 *  - a bare host name: the page's host, with or without "www.", or its URL.
 * The repair is the paper's: the two heaviest keywords (one when there is one), joined by a space
 * (none between CJK words), the first letter upper-cased. The page's own title is kept aside.
 */
import { normalizeText } from '../../text/terms.js';
import { parsePageUrl } from './urls.js';
import type { Keyword } from '../../types.js';

const PLACEHOLDERS = new Set(`
  untitled|untitled document|untitled page|untitled web page|new page|new document|new web page|document|
  page|web page|webpage|home|home page|homepage|index|default|default page|welcome|title|no title|
  my wordpress blog|my blog|just another wordpress site|my site|my website|site title|page title|
  无标题文档|无标题页|无标题|未命名|未命名文档|未命名页面|新建网页|新网页|网页|首页|主页|无标题网页|
  無標題文件|無標題|未命名文件|新增網頁|首頁|
  無題ドキュメント|無題|新しいページ|ホーム|タイトルなし|
  unbenanntes dokument|unbenannt|neue seite|startseite|
  sans titre|document sans titre|nouvelle page|accueil|page d'accueil|
  sin título|documento sin título|nueva página|inicio|página principal|
  senza titolo|documento senza titolo|nuova pagina|
  sem título|documento sem título|nova página|página inicial|
  naamloos|naamloos document|nieuwe pagina|
  без названия|без имени|новая страница|главная|главная страница
`.split('|').map((s) => s.trim()).filter(Boolean));

const GENERATORS = new Set([
  'wordpress', 'joomla', 'joomla!', 'drupal', 'wix', 'wix.com', 'squarespace', 'blogger', 'frontpage',
  'microsoft frontpage', 'dreamweaver', 'adobe dreamweaver', 'macromedia dreamweaver', 'hugo', 'jekyll',
  'ghost', 'typo3', 'shopify', 'weebly', 'webflow', 'mediawiki', 'microsoft word', 'mshtml', 'nvu',
  'kompozer', 'iweb', 'godaddy website builder', 'site builder', 'website builder', 'discuz!', 'dedecms', 'phpcms',
]);

const HAS_LETTER = /\p{L}/u;

function canonical(s: string): string {
  return normalizeText(s).replace(/[\s\u00a0]+/g, ' ').trim();
}

/** "new page 1" → "new page", "untitled-2" → "untitled", "document1" → "document". */
function withoutNumber(s: string): string {
  return s.replace(/[\s_\-–—(（]*[0-9]+[)）]?$/u, '').trim();
}

/** "WordPress 6.4.2" → "wordpress"; "Joomla! - Open Source Content Management" → "joomla!". */
function generatorName(g: string): string {
  const c = canonical(g);
  return c.split(/\s+-\s+|\s*[|;,]\s*/)[0].replace(/\s+v?[0-9][0-9.]*.*$/, '').trim();
}

export interface TitleContext {
  /** Page URL (for the host name test). */
  url?: string | URL;
  /** <meta name="generator"> content. */
  generator?: string;
}

/** Why `title` is a placeholder, or null when it is a real title. */
export function placeholderReason(title: string, ctx: TitleContext = {}): string | null {
  const c = canonical(title);
  if (!c) return 'empty title';
  if (!HAS_LETTER.test(c)) return 'title without a letter';
  const bare = withoutNumber(c);
  if (PLACEHOLDERS.has(c) || PLACEHOLDERS.has(bare)) return 'an editor or CMS default title';
  if (GENERATORS.has(c) || GENERATORS.has(bare)) return 'the name of a page generator';
  if (ctx.generator) {
    const g = canonical(ctx.generator);
    if (c === g || c === generatorName(ctx.generator)) return 'the page generator\'s name';
  }
  // A host name is one word: only such a title is compared with the URL's host.
  if (ctx.url && !/\s/.test(c)) {
    const u = parsePageUrl(ctx.url);
    if (u) {
      const host = u.hostname.toLowerCase();
      const noWww = host.replace(/^www\./, '');
      const hostish = c.replace(/^https?:\/\//, '').replace(/\/$/, '');
      if (hostish === host || hostish === noWww || hostish === `www.${noWww}`) return 'a bare host name';
    }
  }
  return null;
}

const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const CJK_END = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]$/u;

/** The title made of the top keywords (one or two). */
export function keywordTitle(keywords: readonly Keyword[]): string {
  const words = keywords.slice(0, 2).map((k) => k.term);
  let s = '';
  for (const w of words) s += s && !(CJK_END.test(s) && CJK.test(w)) ? ' ' + w : w;
  return s.replace(/^\p{Ll}/u, (ch) => ch.toUpperCase());
}

export interface TitleRepair {
  title: string;
  /** The page's own title, when it was replaced. */
  original?: string;
  reason?: string;
}

/** The page's title, or the top keywords in place of a placeholder (kept when there are no keywords). */
export function repairTitle(title: string, keywords: readonly Keyword[], ctx: TitleContext = {}): TitleRepair {
  const reason = placeholderReason(title, ctx);
  if (!reason) return { title };
  const repaired = keywordTitle(keywords);
  if (!repaired) return { title };
  return { title: repaired, original: title, reason };
}
