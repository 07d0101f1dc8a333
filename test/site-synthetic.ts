/**
 * A reproducible synthetic news site for the text-template tests: a fixed template (navigation,
 * a byline with a date, share bar, related links, footer) around varied article texts with
 * dates, numbers and common English phrases. Every token is labelled, so the truth is exact.
 * Helper module: it holds no tests.
 */
import { TEXT_TEMPLATES_KIND, TEXT_TEMPLATES_VERSION, type TextTemplates } from '../src/site/templates.js';

/** A small seeded generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SYL = ['ka', 'lo', 'mi', 'ren', 'tau', 'vel', 'dor', 'sa', 'qui', 'bre', 'on', 'ith', 'mar', 'zu', 'pel', 'ost', 'gra', 'fen'];
const FUNCTION = ['the', 'of', 'and', 'to', 'in', 'a', 'is', 'that', 'for', 'on', 'with', 'as', 'was', 'by', 'it'];
const PHRASES = ['as well as', 'according to the', 'one of the', 'in the end', 'at the same time'];
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const AUTHORS = ['Jane Doe', 'Marco Rossi', 'Li Wei', 'Anna Schmidt', 'Omar Haddad'];

/** The vocabulary: pseudo-words of two or three syllables. */
function vocabulary(r: () => number, size: number): string[] {
  const words = new Set<string>();
  while (words.size < size) {
    const k = 2 + Math.floor(r() * 2);
    let w = '';
    for (let i = 0; i < k; i++) w += SYL[Math.floor(r() * SYL.length)];
    words.add(w);
  }
  return [...words];
}

export interface Segment { text: string; template: boolean }
export interface SyntheticPage { segments: Segment[]; text: string; html: string }

function ordinal(d: number): string {
  const s = d % 10 === 1 && d !== 11 ? 'st' : d % 10 === 2 && d !== 12 ? 'nd' : d % 10 === 3 && d !== 13 ? 'rd' : 'th';
  return `${d}${s}`;
}

function sentence(r: () => number, vocab: string[]): string {
  const n = 6 + Math.floor(r() * 12);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const x = r();
    if (x < 0.3) out.push(FUNCTION[Math.floor(r() * r() * FUNCTION.length)]);
    else if (x < 0.34) out.push(PHRASES[Math.floor(r() * PHRASES.length)]);
    else if (x < 0.38) out.push(String(Math.floor(r() * 5000)));
    else out.push(vocab[Math.floor(r() * r() * vocab.length)]); // skewed: some words are common
  }
  const s = out.join(' ');
  return s[0].toUpperCase() + s.slice(1) + '.';
}

function article(r: () => number, vocab: string[], paragraphs: number): string[] {
  const paras: string[] = [];
  const np = Math.max(1, Math.round(paragraphs * (0.5 + r())));
  for (let p = 0; p < np; p++) {
    const ns = 2 + Math.floor(r() * 4);
    const ss: string[] = [];
    for (let s = 0; s < ns; s++) ss.push(sentence(r, vocab));
    paras.push(ss.join(' '));
  }
  return paras;
}

/** `count` pages of one site, from `seed`; articles have about `paragraphs` paragraphs of ~35 words. */
export function syntheticSite(count: number, seed = 1, paragraphs = 3): SyntheticPage[] {
  const r = rng(seed);
  const vocab = vocabulary(r, 1500);
  const titles = Array.from({ length: 40 }, () => sentence(r, vocab).slice(0, -1));
  const pages: SyntheticPage[] = [];
  for (let i = 0; i < count; i++) {
    const day = 1 + Math.floor(r() * 28), year = 2001 + Math.floor(r() * 20);
    const wd = WEEKDAYS[Math.floor(r() * 7)], mo = MONTHS[Math.floor(r() * 12)];
    const author = AUTHORS[Math.floor(r() * AUTHORS.length)];
    const title = sentence(r, vocab).slice(0, -1);
    const body = article(r, vocab, paragraphs);
    const related = [0, 1, 2].map(() => titles[Math.floor(r() * titles.length)]);
    const comments = Math.floor(r() * 300);
    const segs: Segment[] = [
      { text: 'Home | World | Business | Sports | Culture | Contact us', template: true },
      { text: title, template: false },
      { text: `Permanent link | ${comments} responses | Published on: ${wd}, ${ordinal(day)} ${mo}, ${year} by`, template: true },
      { text: author, template: false },
      ...body.map((p) => ({ text: p, template: false })),
      { text: 'Share this article: Facebook Twitter E-mail Print', template: true },
      { text: 'Related stories', template: true },
      ...related.flatMap((t) => [{ text: t, template: false }, { text: 'read more', template: true }]),
      { text: 'Please login to leave a reply', template: true },
      { text: `Copyright ${year} Example Media Group. All rights reserved. Privacy policy | Terms of use`, template: true },
    ];
    const html = `<html><head><title>${title}</title></head><body>\n<div class="nav"><a href="/">Home</a> | <a href="/world">World</a> | <a href="/business">Business</a> | <a href="/sports">Sports</a> | <a href="/culture">Culture</a> | <a href="/contact">Contact us</a></div>\n` +
      `<h1>${title}</h1>\n<p class="byline"><a href="/p/${1000 + i}">Permanent link</a> | ${comments} responses | Published on: ${wd}, ${ordinal(day)} ${mo}, ${year} by <span class="author">${author}</span></p>\n` +
      `<div class="article" id="post-${1000 + i}">\n${body.map((p) => `<p>${p}</p>`).join('\n')}\n</div>\n` +
      `<div class="share">Share this article: <a href="https://facebook.com/share?u=${i}">Facebook</a> <a href="https://twitter.com/intent?u=${i}">Twitter</a> <a href="mailto:?u=${i}">E-mail</a> <a href="#print">Print</a></div>\n` +
      `<div class="related"><h3>Related stories</h3><ul>${related.map((t, k) => `<li><a href="/story/${i * 3 + k}">${t}</a> <a href="/story/${i * 3 + k}">read more</a></li>`).join('')}</ul></div>\n` +
      `<p class="login">Please login to leave a reply</p>\n<div class="footer">Copyright ${year} Example Media Group. All rights reserved. <a href="/privacy">Privacy policy</a> | <a href="/terms">Terms of use</a></div>\n</body></html>\n`;
    pages.push({ segments: segs, text: segs.map((s) => s.text).join('\n'), html });
  }
  return pages;
}


/** A templates object written by hand: each pattern is a list of normalized tokens. */
export function handTemplates(patterns: string[][], mergeGapChars = 10): TextTemplates {
  return {
    kind: TEXT_TEMPLATES_KIND,
    version: TEXT_TEMPLATES_VERSION,
    learnedFrom: { inputs: 0, documents: 0, duplicates: 0, empty: 0, tokens: 0 },
    options: { minTokens: 1, minDocs: 2, dropFunctionWordStrings: false, isolation: null, mergeGapChars },
    coverage: 0,
    histogram: [],
    cut: { bin: 0, minDocs: 0 },
    counts: { maximal: 0, short: 0, fewDocs: 0, belowCut: 0, idioms: 0, functionWords: 0, isolated: 0, templates: patterns.length },
    templates: patterns.map((tokens) => ({ tokens, pattern: tokens.join(' '), docs: 0, occurrences: 0 })),
  };
}

/** Token-level truth of a cleaning of `page.text`: content tokens kept, template tokens removed. */
export function scoreTextCleaning(page: SyntheticPage, removed: ReadonlyArray<readonly [number, number]>): { content: number; contentKept: number; template: number; templateRemoved: number } {
  const out = { content: 0, contentKept: 0, template: 0, templateRemoved: 0 };
  let off = 0, r = 0;
  for (const s of page.segments) {
    for (const m of s.text.matchAll(/\S+/g)) {
      const a = off + m.index, b = a + m[0].length;
      while (r < removed.length && removed[r][1] <= a) r++;
      const gone = r < removed.length && removed[r][0] <= a && b <= removed[r][1];
      if (s.template) { out.template++; if (gone) out.templateRemoved++; } else { out.content++; if (!gone) out.contentKept++; }
    }
    off += s.text.length + 1;
  }
  return out;
}
