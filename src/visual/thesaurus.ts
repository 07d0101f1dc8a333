/**
 * Paper 002 (Shen, Li, Wang, "Application on web page filtering technology"), §4.1: the function
 * block thesaurus. The paper collects the high-frequency words of function blocks ("search,
 * disclaimers, size and message, print, close, solemnly declare and copyright notice and so on")
 * and removes a block as noise when the number of thesaurus words it holds reaches a threshold.
 *
 * The paper's thesaurus is Chinese and unpublished. This one names each function by a concept and
 * lists its usual wording in English, German, French, Spanish, Italian, Portuguese, Dutch, Polish,
 * Russian and Chinese. Choices:
 *  - Matching. Alphabetic text is cut into lower-cased words (NFKC) and terms are matched as whole
 *    word sequences, the longest first. Chinese has no spaces: terms are found as substrings, the
 *    dictionary matching of the paper's §2.2.2 restricted to this dictionary, longest first, each
 *    character counted once. A CJK character counts as one word, as in text/measure.ts.
 *  - Threshold (the paper gives none). A block is a function block when it names at least
 *    minConcepts (2) distinct functions and their words are at least minShare (20%) of its words,
 *    or when a single function's words are at least soloShare (50%) of them (a lone "Print",
 *    "Close ×"). The share is what keeps an article that mentions "search" and "home" from being
 *    noise: function blocks are short and made of such words.
 *  - Only base forms are listed: inflected Polish and Russian forms are missed, not guessed.
 */
import { isCjk } from '../text/measure.js';

export type Lang = 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'nl' | 'pl' | 'ru' | 'zh';
export const THESAURUS_LANGS: readonly Lang[] = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'zh'];

type Entry = Readonly<Record<Lang, readonly string[]>>;

/** The function-block thesaurus: concept → language → terms. */
export const FUNCTION_THESAURUS: Readonly<Record<string, Entry>> = Object.freeze({
  search: {
    en: ['search', 'site search'], de: ['suche', 'suchen'], fr: ['recherche', 'rechercher'], es: ['buscar', 'búsqueda'],
    it: ['cerca', 'ricerca'], pt: ['pesquisar', 'pesquisa', 'busca'], nl: ['zoeken'], pl: ['szukaj', 'wyszukaj', 'wyszukiwanie'],
    ru: ['поиск', 'найти'], zh: ['搜索', '站内搜索', '检索'],
  },
  disclaimer: {
    en: ['disclaimer', 'legal notice', 'imprint'], de: ['haftungsausschluss', 'impressum'],
    fr: ['avertissement', 'mentions légales', 'clause de non-responsabilité'], es: ['aviso legal', 'descargo de responsabilidad'],
    it: ['note legali', 'esclusione di responsabilità'], pt: ['aviso legal', 'isenção de responsabilidade'],
    nl: ['disclaimer', 'colofon'], pl: ['nota prawna', 'wyłączenie odpowiedzialności'],
    ru: ['отказ от ответственности', 'правовая информация'], zh: ['免责声明', '免责条款', '法律声明'],
  },
  declaration: {
    en: ['solemn declaration', 'solemnly declare'], de: ['feierliche erklärung'], fr: ['déclaration solennelle'], es: ['declaración solemne'],
    it: ['dichiarazione solenne'], pt: ['declaração solene'], nl: ['plechtige verklaring'], pl: ['uroczyste oświadczenie'],
    ru: ['официальное заявление'], zh: ['郑重声明', '特别声明'],
  },
  print: {
    en: ['print', 'printer friendly', 'print this'], de: ['drucken', 'druckversion'], fr: ['imprimer'], es: ['imprimir'],
    it: ['stampa', 'stampare'], pt: ['imprimir'], nl: ['printen', 'afdrukken'], pl: ['drukuj'],
    ru: ['печать', 'распечатать', 'версия для печати'], zh: ['打印', '打印本页'],
  },
  close: {
    en: ['close'], de: ['schließen'], fr: ['fermer'], es: ['cerrar'], it: ['chiudi', 'chiudere'], pt: ['fechar'],
    nl: ['sluiten'], pl: ['zamknij'], ru: ['закрыть'], zh: ['关闭', '关闭窗口'],
  },
  copyright: {
    en: ['copyright', '©', 'all rights reserved'], de: ['urheberrecht', 'alle rechte vorbehalten'],
    fr: ['droits d\'auteur', 'tous droits réservés'], es: ['derechos de autor', 'todos los derechos reservados'],
    it: ['diritti d\'autore', 'tutti i diritti riservati'], pt: ['direitos autorais', 'todos os direitos reservados'],
    nl: ['auteursrecht', 'alle rechten voorbehouden'], pl: ['prawa autorskie', 'wszelkie prawa zastrzeżone'],
    ru: ['авторские права', 'все права защищены'], zh: ['版权', '版权所有', '版权声明'],
  },
  privacy: {
    en: ['privacy', 'privacy policy'], de: ['datenschutz', 'datenschutzerklärung'], fr: ['confidentialité', 'vie privée'],
    es: ['privacidad', 'política de privacidad'], it: ['privacy', 'informativa sulla privacy'], pt: ['privacidade'],
    nl: ['privacy', 'privacybeleid'], pl: ['prywatność', 'polityka prywatności'], ru: ['конфиденциальность', 'политика конфиденциальности'],
    zh: ['隐私', '隐私政策', '隐私保护'],
  },
  terms: {
    en: ['terms of use', 'terms of service', 'terms and conditions', 'terms'], de: ['agb', 'nutzungsbedingungen'],
    fr: ['conditions d\'utilisation', 'cgu'], es: ['condiciones de uso', 'términos y condiciones'],
    it: ['condizioni d\'uso', 'termini e condizioni'], pt: ['termos de uso', 'termos e condições'],
    nl: ['gebruiksvoorwaarden', 'algemene voorwaarden'], pl: ['regulamin'], ru: ['условия использования', 'пользовательское соглашение'],
    zh: ['使用条款', '服务条款', '用户协议'],
  },
  cookies: {
    en: ['cookies', 'cookie', 'cookie settings', 'consent'], de: ['cookies', 'einwilligung', 'cookie-einstellungen'],
    fr: ['cookies', 'consentement'], es: ['cookies', 'consentimiento'], it: ['cookie', 'consenso'], pt: ['cookies', 'consentimento'],
    nl: ['cookies', 'toestemming'], pl: ['ciasteczka', 'pliki cookie', 'zgoda'], ru: ['файлы cookie', 'согласие'],
    zh: ['cookie'],
  },
  accept: {
    en: ['accept', 'accept all', 'reject', 'decline', 'agree'], de: ['akzeptieren', 'alle akzeptieren', 'ablehnen', 'zustimmen'],
    fr: ['accepter', 'tout accepter', 'refuser'], es: ['aceptar', 'rechazar'], it: ['accetta', 'accetto', 'rifiuta'],
    pt: ['aceitar', 'rejeitar'], nl: ['accepteren', 'weigeren', 'akkoord'], pl: ['akceptuję', 'akceptuj', 'odrzuć'],
    ru: ['принять', 'отклонить', 'согласен'], zh: ['接受', '同意', '拒绝'],
  },
  settings: {
    en: ['settings', 'preferences', 'manage preferences'], de: ['einstellungen'], fr: ['paramètres', 'préférences'],
    es: ['configuración', 'preferencias'], it: ['impostazioni', 'preferenze'], pt: ['configurações', 'preferências'],
    nl: ['instellingen', 'voorkeuren'], pl: ['ustawienia'], ru: ['настройки'], zh: ['设置'],
  },
  contact: {
    en: ['contact', 'contact us'], de: ['kontakt'], fr: ['contact', 'nous contacter'], es: ['contacto', 'contáctenos'],
    it: ['contatti', 'contattaci'], pt: ['contato', 'contacto', 'fale conosco'], nl: ['contact'], pl: ['kontakt'],
    ru: ['контакты', 'связаться с нами'], zh: ['联系我们', '联系方式'],
  },
  about: {
    en: ['about us'], de: ['über uns'], fr: ['à propos', 'qui sommes-nous'], es: ['quiénes somos', 'sobre nosotros'],
    it: ['chi siamo'], pt: ['sobre nós', 'quem somos'], nl: ['over ons'], pl: ['o nas'], ru: ['о нас', 'о компании'],
    zh: ['关于我们'],
  },
  login: {
    en: ['login', 'log in', 'sign in', 'logout'], de: ['anmelden', 'einloggen'], fr: ['connexion', 'se connecter'],
    es: ['iniciar sesión', 'acceder'], it: ['accedi'], pt: ['entrar', 'iniciar sessão'], nl: ['inloggen'], pl: ['zaloguj'],
    ru: ['войти', 'вход'], zh: ['登录', '登陆', '退出'],
  },
  register: {
    en: ['register', 'sign up'], de: ['registrieren'], fr: ['inscription', 's\'inscrire'], es: ['registrarse', 'regístrate'],
    it: ['registrati'], pt: ['cadastre-se', 'registrar'], nl: ['registreren'], pl: ['zarejestruj', 'rejestracja'],
    ru: ['регистрация', 'зарегистрироваться'], zh: ['注册', '免费注册'],
  },
  subscribe: {
    en: ['subscribe', 'newsletter'], de: ['abonnieren', 'newsletter'], fr: ['s\'abonner', 'abonnez-vous', 'newsletter'],
    es: ['suscribirse', 'suscríbete', 'boletín'], it: ['iscriviti', 'abbonati', 'newsletter'], pt: ['assine', 'assinar', 'newsletter'],
    nl: ['abonneren', 'nieuwsbrief'], pl: ['subskrybuj', 'newsletter'], ru: ['подписаться', 'рассылка'], zh: ['订阅'],
  },
  share: {
    en: ['share', 'email', 'e-mail'], de: ['teilen'], fr: ['partager'], es: ['compartir'], it: ['condividi'],
    pt: ['compartilhar', 'partilhar'], nl: ['delen'], pl: ['udostępnij'], ru: ['поделиться'], zh: ['分享', '分享到'],
  },
  advertisement: {
    en: ['advertisement', 'advertising', 'sponsored'], de: ['anzeige', 'werbung'], fr: ['publicité'],
    es: ['publicidad', 'anuncio'], it: ['pubblicità'], pt: ['publicidade', 'anúncio'], nl: ['advertentie'], pl: ['reklama'],
    ru: ['реклама'], zh: ['广告', '推广'],
  },
  sitemap: {
    en: ['sitemap', 'site map'], de: ['sitemap'], fr: ['plan du site'], es: ['mapa del sitio'], it: ['mappa del sito'],
    pt: ['mapa do site'], nl: ['sitemap'], pl: ['mapa strony'], ru: ['карта сайта'], zh: ['网站地图', '站点地图'],
  },
  top: {
    en: ['back to top'], de: ['nach oben'], fr: ['haut de page', 'retour en haut'], es: ['volver arriba'], it: ['torna su'],
    pt: ['voltar ao topo'], nl: ['naar boven'], pl: ['do góry', 'na górę'], ru: ['наверх'], zh: ['返回顶部'],
  },
  home: {
    en: ['home', 'homepage'], de: ['startseite'], fr: ['accueil'], es: ['inicio'], it: ['home'], pt: ['início', 'página inicial'],
    nl: ['home'], pl: ['strona główna'], ru: ['главная'], zh: ['首页', '主页', '返回首页'],
  },
  size: {
    en: ['font size', 'text size'], de: ['schriftgröße'], fr: ['taille du texte'], es: ['tamaño de letra'],
    it: ['dimensione del testo'], pt: ['tamanho da fonte'], nl: ['lettergrootte'], pl: ['rozmiar czcionki'],
    ru: ['размер шрифта'], zh: ['字号', '字体'],
  },
  message: {
    en: ['feedback', 'leave a message', 'leave a comment'], de: ['feedback', 'kommentar schreiben'], fr: ['laisser un message', 'laisser un commentaire'],
    es: ['deja un mensaje', 'deja un comentario'], it: ['lascia un messaggio', 'lascia un commento'], pt: ['deixe uma mensagem', 'deixe um comentário'],
    nl: ['laat een bericht achter', 'reageer'], pl: ['zostaw wiadomość', 'skomentuj'], ru: ['оставить сообщение', 'обратная связь'],
    zh: ['留言', '意见反馈', '我要评论', '发表评论'],
  },
  pages: {
    en: ['previous', 'next page', 'previous page', 'prev'], de: ['nächste seite', 'vorherige seite', 'weiter', 'zurück'],
    fr: ['page suivante', 'page précédente', 'suivant', 'précédent'], es: ['siguiente', 'anterior'],
    it: ['successivo', 'precedente', 'pagina successiva'], pt: ['próximo', 'anterior', 'próxima página'],
    nl: ['volgende', 'vorige'], pl: ['następna', 'poprzednia'], ru: ['следующая', 'предыдущая', 'далее', 'назад'],
    zh: ['上一页', '下一页', '上一篇', '下一篇'],
  },
  related: {
    en: ['related', 'related articles', 'read more', 'you may also like', 'most read', 'popular'],
    de: ['mehr zum thema', 'weitere artikel', 'meistgelesen'], fr: ['à lire aussi', 'lire aussi', 'articles similaires', 'les plus lus'],
    es: ['relacionados', 'leer más', 'lo más leído'], it: ['correlati', 'leggi anche', 'più letti'],
    pt: ['relacionados', 'leia também', 'leia mais', 'mais lidas'], nl: ['gerelateerd', 'lees ook', 'lees meer', 'meest gelezen'],
    pl: ['zobacz też', 'czytaj także', 'powiązane', 'czytaj więcej', 'najczęściej czytane'], ru: ['читайте также', 'похожие', 'читать далее', 'самое читаемое'],
    zh: ['相关新闻', '相关阅读', '相关文章', '热门推荐', '推荐阅读', '热点新闻'],
  },
} satisfies Record<string, Entry>);

const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LETTER = /[\p{L}\p{M}\p{N}]/u;
const NON_ASCII = /[^\x00-\x7f]/;
const SYMBOLS = ['©'];

function norm(s: string): string {
  return (NON_ASCII.test(s) ? s.normalize('NFKC') : s).toLowerCase();
}

/**
 * The lower-cased words of a normalised text (letters, marks and digits; CJK characters are not
 * part of words) and its number of CJK characters. A loop, not a regular expression: this runs
 * over every block's text.
 */
function scan(t: string): { words: string[]; cjk: number } {
  const words: string[] = [];
  let cjk = 0, start = -1;
  for (let i = 0; i <= t.length; i++) {
    const c = i < t.length ? t.codePointAt(i)! : 32;
    const wide = c > 0xffff;
    let inWord: boolean;
    if (c < 128) inWord = (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
    else if (isCjk(c)) { inWord = false; cjk++; }
    else inWord = LETTER.test(String.fromCodePoint(c));
    if (inWord && start < 0) start = i;
    else if (!inWord && start >= 0) { words.push(t.slice(start, i)); start = -1; }
    if (wide) i++;
  }
  return { words, cjk };
}

function words(s: string): string[] {
  return scan(norm(s)).words;
}

interface Compiled {
  /** First word → phrases starting with it (word lists), longest first, with their concept. */
  phrases: Map<string, { words: string[]; concept: string }[]>;
  /** CJK terms, longest first. */
  cjk: { term: string; concept: string }[];
  symbols: { term: string; concept: string }[];
}

let compiled: Compiled | null = null;

function compile(): Compiled {
  const c: Compiled = { phrases: new Map(), cjk: [], symbols: [] };
  for (const [concept, entry] of Object.entries(FUNCTION_THESAURUS)) {
    for (const lang of THESAURUS_LANGS) {
      for (const term of entry[lang]) {
        if (SYMBOLS.includes(term)) { c.symbols.push({ term, concept }); continue; }
        if (CJK_CHAR.test(term)) { c.cjk.push({ term: norm(term), concept }); continue; }
        const w = words(term);
        if (w.length === 0) continue;
        const list = c.phrases.get(w[0]) ?? c.phrases.set(w[0], []).get(w[0])!;
        if (!list.some((x) => x.words.join(' ') === w.join(' '))) list.push({ words: w, concept });
      }
    }
  }
  for (const list of c.phrases.values()) list.sort((a, b) => b.words.length - a.words.length);
  c.cjk.sort((a, b) => b.term.length - a.term.length || (a.term < b.term ? -1 : 1));
  return c;
}

export interface FunctionMatch {
  /** Distinct concepts named, sorted. */
  concepts: string[];
  /** Distinct terms matched, sorted. */
  terms: string[];
  /** Words of the matches (a CJK character and a © count one each). */
  termWords: number;
  /** Words of the text, counted the same way. */
  words: number;
}

/** Finds the thesaurus terms in `text`. Linear in the text (times the CJK terms for CJK text). */
export function matchFunctionTerms(text: string): FunctionMatch {
  const c = (compiled ??= compile());
  const concepts = new Set<string>(), terms = new Set<string>();
  let termWords = 0;
  const t = norm(text);
  const { words: w, cjk: cjkChars } = scan(t);
  for (let i = 0; i < w.length;) {
    const hit = c.phrases.get(w[i])?.find((p) => p.words.every((x, k) => w[i + k] === x));
    if (!hit) { i++; continue; }
    concepts.add(hit.concept); terms.add(hit.words.join(' '));
    termWords += hit.words.length;
    i += hit.words.length;
  }
  if (cjkChars > 0) {
    const taken = new Uint8Array(t.length);
    for (const { term, concept } of c.cjk) {
      for (let at = t.indexOf(term); at >= 0; at = t.indexOf(term, at + term.length)) {
        if (taken.subarray(at, at + term.length).some((x) => x === 1)) continue;
        taken.fill(1, at, at + term.length);
        concepts.add(concept); terms.add(term);
        termWords += term.length;
      }
    }
  }
  let symbols = 0;
  for (const { term, concept } of c.symbols) {
    for (let at = t.indexOf(term); at >= 0; at = t.indexOf(term, at + 1)) {
      symbols++; termWords++;
      concepts.add(concept); terms.add(term);
    }
  }
  return { concepts: [...concepts].sort(), terms: [...terms].sort(), termWords, words: w.length + cjkChars + symbols };
}

/** §4.1's threshold, as chosen above. */
export function isFunctionBlock(m: FunctionMatch, th: { minConcepts: number; minShare: number; soloShare: number }): boolean {
  if (m.words === 0 || m.concepts.length === 0) return false;
  const share = m.termWords / m.words;
  return (m.concepts.length >= th.minConcepts && share >= th.minShare) || share >= th.soloShare;
}
