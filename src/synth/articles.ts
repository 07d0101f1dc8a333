/**
 * Seeded article texts for the synthetic sites: headlines, paragraphs, sub-headings and list
 * items with dates, quantities and names, in English, German, French and Chinese. Each article
 * leans on its own handful of topic words, so articles differ the way real ones do.
 */
import { LEXICON, ZH, SYNTH_LANGS, type SynthLang, type Lexicon } from './lexicon.js';
import { rng, subSeed, int, pick, chance, sample, thousands, type Rng } from './random.js';

export interface SynthArticle {
  id: string;
  title: string;
  /** The body blocks in order; `kinds[i]` says how block i is marked up (a paragraph when absent). */
  paragraphs: string[];
  lang: string;
  kinds?: SynthBlockKind[];
}

export type SynthBlockKind = 'p' | 'h2' | 'li';

export interface SynthArticleOptions {
  /** One language for every article; by default a seeded mix (70% en, 10% each de, fr, zh). */
  lang?: SynthLang;
}

/** `n` articles from `seed`; the same arguments always give the same articles. */
export function synthArticles(seed: number, n: number, options: SynthArticleOptions = {}): SynthArticle[] {
  const out: SynthArticle[] = [];
  for (let i = 0; i < n; i++) {
    const r = rng(subSeed(seed, 'article', i));
    const lang = options.lang ?? mixedLang(r);
    out.push(article(r, lang, `a${seed >>> 0}-${i}`));
  }
  return out;
}

function mixedLang(r: Rng): SynthLang {
  const x = r();
  return x < 0.7 ? 'en' : x < 0.8 ? 'de' : x < 0.9 ? 'fr' : 'zh';
}

export function isSynthLang(s: string): s is SynthLang {
  return (SYNTH_LANGS as readonly string[]).includes(s);
}

interface Vocab {
  nouns: string[]; verbs: string[]; adjectives: string[]; places: string[]; names: string[];
  clauses: string[]; phrases: string[]; conjunctions: string[]; dets: string[]; units: string[]; quote: string;
}
type WordKind = 'nouns' | 'verbs' | 'adjectives' | 'places' | 'names';

function article(r: Rng, lang: SynthLang, id: string): SynthArticle {
  const lex: Vocab = lang === 'zh' ? ZH : LEXICON[lang];
  // The topic: a few nouns this article keeps returning to.
  const topic = { ...lex, nouns: sample(r, lex.nouns, 8), places: sample(r, lex.places, 2), names: sample(r, lex.names, 3) };
  const word = (kind: WordKind): string => (chance(r, 0.5) ? pick(r, topic[kind]) : pick(r, lex[kind]));
  const fill = (frame: string): string => frame.replace(/\{([ANVPXDQTU])\}/g, (_, k: string) => {
    switch (k) {
      case 'A': return word('adjectives');
      case 'N': return word('nouns');
      case 'V': return word('verbs');
      case 'P': return word('places');
      case 'X': return word('names');
      case 'D': return date(r, lang);
      case 'T': return pick(r, lex.dets);
      case 'U': return pick(r, lex.units);
      default: return quantity(r, lang);
    }
  });
  const sep = lang === 'zh' ? '' : ' ';
  const clause = (): string => {
    const parts = [fill(pick(r, lex.clauses))];
    for (let k = int(r, 0, 2); k > 0; k--) {
      const ph = fill(pick(r, lex.phrases));
      if (lang === 'zh') parts.unshift(ph + '，'); else parts.push(ph);
    }
    return parts.join(sep);
  };
  const sentence = (): string => {
    if (chance(r, 0.08)) return cap(lex.quote.replace('{C}', () => cap(clause())).replace('{X}', () => word('names')));
    let s = clause();
    if (chance(r, 0.3)) s += pick(r, lex.conjunctions) + sep + clause();
    if (lang === 'zh') return s + '。';
    s = cap(s) + '.';
    if ((lang === 'en' || lang === 'fr') && chance(r, 0.12)) s = `${pick(r, (lex as Lexicon).openers)} ${lower(s)}`;
    return lang === 'en' ? s.replace(/\b([Aa]) (?=[aeiouAEIOU])/g, '$1n ') : s;
  };

  const title = headline(r, lang, word);
  const paragraphs: string[] = [];
  const kinds: SynthBlockKind[] = [];
  const np = int(r, 3, 9);
  const subheadAt = chance(r, 0.45) ? int(r, 1, np - 1) : -1;
  const listAt = chance(r, 0.3) ? int(r, 1, np - 1) : -1;
  for (let p = 0; p < np; p++) {
    if (p === subheadAt) { paragraphs.push(headline(r, lang, word)); kinds.push('h2'); }
    const ns = int(r, 1, 5);
    const ss: string[] = [];
    for (let s = 0; s < ns; s++) ss.push(sentence());
    paragraphs.push(ss.join(lang === 'zh' ? '' : ' '));
    kinds.push('p');
    if (p === listAt) {
      for (let k = int(r, 3, 5); k > 0; k--) { paragraphs.push(listItem(r, lang, word)); kinds.push('li'); }
    }
  }
  return { id, title, paragraphs, lang, kinds };
}

type WordFn = (kind: WordKind) => string;

function headline(r: Rng, lang: SynthLang, word: WordFn): string {
  if (lang === 'zh') return `${word('places')}${word('verbs')}${word('adjectives')}${word('nouns')}${pick(r, ['计划', '项目', '方案', '报告'])}`;
  const t = lang === 'en'
    ? pick(r, [`${word('adjectives')} ${word('nouns')} ${word('verbs')} in ${word('places')}`,
      `${word('places')} ${word('verbs')} ${word('adjectives')} ${word('nouns')} plan`,
      `${word('names')} ${word('verbs')} ${word('adjectives')} ${word('nouns')} near ${word('places')}`])
    : lang === 'de' ? `${word('places')}: ${word('adjectives')} ${word('nouns')} ${word('verbs')} ${word('nouns')}`
      : `${word('places')} : le ${word('nouns')} ${word('adjectives')} ${word('verbs')} le ${word('nouns')}`;
  return t[0].toUpperCase() + t.slice(1);
}

function listItem(r: Rng, lang: SynthLang, word: WordFn): string {
  if (lang === 'zh') return `${word('nouns')}：${int(r, 2, 99)}个${word('nouns')}`;
  const q = quantity(r, lang);
  return `${cap(word('adjectives'))} ${word('nouns')}: ${q} ${word('nouns')}`;
}

const cap = (s: string): string => s[0].toUpperCase() + s.slice(1);
const LOWERABLE = new Set(['The', 'A', 'An', 'This', 'Its', 'Their', 'Every', 'Another', 'Le', 'La', 'Un', 'Une', 'Ce', 'Chaque', 'Leur']);
/** Lower-cases a sentence's first word after an opener, unless it is a name. */
const lower = (s: string): string => (LOWERABLE.has(s.split(' ', 1)[0]) ? s[0].toLowerCase() + s.slice(1) : s);

const MONTHS_ZH = Array.from({ length: 12 }, (_, i) => `${i + 1}月`);

export function date(r: Rng, lang: SynthLang): string {
  const d = int(r, 1, 28), m = int(r, 0, 11), y = int(r, 1998, 2024);
  if (lang === 'zh') return `${y}年${MONTHS_ZH[m]}${d}日`;
  const month = LEXICON[lang].months[m];
  return lang === 'de' ? `${d}. ${month} ${y}` : `${d} ${month} ${y}`;
}

export function quantity(r: Rng, lang: SynthLang): string {
  const n = chance(r, 0.5) ? int(r, 2, 99) : int(r, 100, 250000);
  if (lang === 'zh') return String(n);
  if (lang === 'en' && chance(r, 0.1)) return `${int(r, 1, 9)}.${int(r, 0, 9)}`;
  return thousands(n, lang === 'en' ? ',' : '.');
}
