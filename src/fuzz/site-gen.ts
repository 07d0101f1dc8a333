/**
 * Hostile samples for site-model learning (src/site/) in the fuzz campaign: periodic and
 * repetitive pages, copies, empty and huge pages, several hosts, no URLs, binary pages, and bad
 * options.
 */
import type { LearnSiteOptions } from '../site/model.js';
import { type Input, type Part, type ShapeCase, type SiteCase } from './cases.js';
import { grammarDocument, shapeN, words } from './html-gen.js';
import type { Rng } from './rng.js';

const HOST = 'https://site.example';
const T = (s: string): Part => [s, false];
const R = (s: string): Part => [s, true];

const NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima'];

/** A word naming page i (numbers are one slot to the template tokenizer: pages differing only by one are the same page to it). */
function pageName(i: number): string {
  return i < NAMES.length ? NAMES[i] : `${NAMES[i % NAMES.length]}${NAMES[Math.floor(i / NAMES.length) % NAMES.length]}`;
}

/** A page of the site: shared chrome around `body`. */
export function sitePage(i: number, body: string): string {
  const name = pageName(i);
  return `<html><head><title>Page ${name} - Site</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>` +
    `<h1>Page ${name}</h1><p>${body}</p><p>This is the ${name} page of the site.</p><footer>Copyright Site. All rights reserved.</footer></body></html>`;
}

function pages(n: number, body: (i: number) => string): { url: string; html: string }[] {
  return Array.from({ length: n }, (_, i) => ({ url: `${HOST}/p/${i}`, html: sitePage(i, body(i)) }));
}

/** A root of p distinct words, repeated: a period beyond MAX_PERIOD when p > 64. */
function root(r: Rng, p: number): string {
  return Array.from({ length: p }, (_, k) => `zq${String.fromCharCode(97 + (k % 26))}${String.fromCharCode(97 + Math.floor(k / 26) % 26)}`).join(' ') + ' ';
}

export function siteCase(r: Rng): SiteCase | ShapeCase {
  if (r.chance(0.3)) return siteShape(r);
  const m = r.range(2, 8);
  let label: string;
  let ps: { url?: string; html: Input }[];
  let options: LearnSiteOptions | undefined;
  switch (r.int(14)) {
    case 0: case 1: {
      label = 'periodic';
      const unit = r.pick(['ab cd ', 'na ', 'x y z ', 'the cat ', 'é ü ', '中 文 ', '1 2 ', 'a-b ', root(r, r.range(2, 120))]);
      const k = r.size(1, 3000);
      ps = pages(m, (i) => (r.chance(0.5) ? unit.slice(unit.indexOf(' ') + 1) : '') + unit.repeat(k + (r.chance(0.5) ? i : 0)));
      break;
    }
    case 2: { label = 'identical'; const h = sitePage(1, words(r, 30)); ps = Array.from({ length: m }, () => ({ url: `${HOST}/same`, html: h })); break; }
    case 3: { label = 'empty'; ps = Array.from({ length: m }, (_, i) => ({ url: `${HOST}/e/${i}`, html: r.pick(['', ' ', '<html></html>', '<p></p>', '\n\n']) })); break; }
    case 4: {
      label = 'huge'; // over the learner's byte budget, made small for speed
      options = { budget: { maxBytes: 20_000 } };
      ps = pages(m, (i) => (i % 2 ? words(r, 20) : 'word '.repeat(r.range(5000, 20000))));
      break;
    }
    case 5: { label = 'hosts'; ps = pages(m, () => words(r, 20)).map((p, i) => (i % 2 ? { ...p, url: `https://other${i}.example/x` } : p)); break; }
    case 6: { label = 'no-url'; ps = pages(m, () => words(r, 20)).map((p) => ({ html: p.html })); if (r.chance(0.5)) options = { host: r.pick(['site.example', '', 'WWW.SITE.EXAMPLE', '\u0000']) }; break; }
    case 7: { label = 'bad-url'; ps = pages(m, () => words(r, 20)).map((p, i) => (i === 0 ? { ...p, url: r.pick(['javascript:x', 'file:///x', 'http://www../', 'not a url', '']) } : p)); break; }
    case 8: { label = 'binary'; ps = Array.from({ length: m }, (_, i) => ({ url: `${HOST}/b/${i}`, html: r.chance(0.5) ? r.bytes(r.size(1, 5000)) : Buffer.from(r.bytes(r.size(1, 5000))).toString('latin1') })); break; }
    case 9: { label = 'grammar'; ps = Array.from({ length: m }, (_, i) => ({ url: `${HOST}/g/${i}`, html: grammarDocument(r) })); break; }
    case 10: { label = 'one-page'; ps = pages(1, () => words(r, 30)); break; }
    case 11: { label = 'many-small'; ps = pages(r.range(20, 60), (i) => `item ${i} ${words(r, 3)}`); break; }
    case 12: {
      label = 'options';
      ps = pages(m, () => words(r, 30));
      options = r.pick<LearnSiteOptions>([{ maxTextPages: 2 }, { maxStylePages: 2 }, { text: { maxTemplateTokens: r.range(1, 50) } }, { styleTree: false },
        { maxTextPages: 1 }, { text: { maxTemplateTokens: 0 } }, { maxStylePages: 2.5 }, { budget: { maxNodes: 5 } }, { host: 'other.example' }, { date: '2020-01-01' }]);
      break;
    }
    default: {
      label = 'same-text';
      const body = words(r, 40);
      ps = Array.from({ length: m }, (_, i) => ({ url: `${HOST}/s/${i}`, html: `<div class="v${i}">${'<div>'.repeat(i)}<p>${body}</p>${'</div>'.repeat(i)}</div>` }));
    }
  }
  return options ? { kind: 'site', label, pages: ps, options } : { kind: 'site', label, pages: ps };
}

/** Site shapes: the body of five pages of a site grows with n. */
export const SITE_SHAPES: Record<string, () => Part[]> = {
  'periodic-abcd': () => [R('ab cd ')],
  'periodic-one': () => [R('na ')],
  'periodic-long-root': () => [R('zqaa zqba zqca zqda zqea zqfa zqga zqha zqia zqja zqka zqla zqma zqna zqoa zqpa zqqa zqra zqsa zqta zqua zqva zqwa zqxa zqya zqza zqab zqbb zqcb zqdb zqeb zqfb zqgb zqhb zqib zqjb zqkb zqlb zqmb zqnb zqob zqpb zqqb zqrb zqsb zqtb zqub zqvb zqwb zqxb zqyb zqzb zqac zqbc zqcc zqdc zqec zqfc zqgc zqhc zqic zqjc zqkc zqlc zqmc zqnc zqoc zqpc zqqc zqrc zqsc zqtc zquc zqvc ')],
  'distinct-words': () => [R('w{i} ')],
  'paragraphs': () => [R('</p><p>line {i} of the page</p><p>')],
  'same-paragraphs': () => [R('</p><p>the same line</p><p>')],
  'nested-divs': () => [R('<div>'), T('x')],
  'units': () => [R('</p><div class="u{i}"><span>unit</span></div><p>')],
};

function siteShape(r: Rng): ShapeCase {
  const name = r.pick(Object.keys(SITE_SHAPES));
  const parts = SITE_SHAPES[name]();
  return { kind: 'shape', label: `site ${name}`, target: 'site', parts, n: shapeN(r, parts, 1000, 4000) };
}

/** The pages of a site shape built to `body`: five pages, each with its own number and line. */
export function shapePages(body: string): { url: string; html: string }[] {
  return pages(5, () => body);
}
