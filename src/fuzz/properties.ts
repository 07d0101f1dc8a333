/**
 * The properties every fuzz case is checked against (src/fuzz/), per kind of case:
 *
 *  typed-errors         anything thrown is a ThresherError with an E_ code (extract, learnSite, siteRefiner);
 *  time-per-kb          one call takes at most base + perKb·KB ms (checked twice before it counts);
 *  linear-time          a shape at 10·n takes at most LINEAR_RATIO times its time at n;
 *  html-safe, markdown-safe, no-script-text
 *                       oracle.ts: no script, style, iframe, event handler or unsafe URL in the
 *                       outputs, and no text the page does not show;
 *  idempotence          extract(first.html, options).text === first.text (not after a budget cut);
 *  sitemap-no-throw, sitemap-bounded
 *                       parseSitemap never throws; at most MAX_SITEMAP_URLS entries, each a URL;
 *  robots-no-throw, robots-crawl-delay, robots-bounded
 *                       RobotsCache never throws; a Crawl-delay is a finite delay > 0 or none, and
 *                       a delay robots-parser reads as > 0 is never dropped; sitemaps bounded by the lines;
 *  site-model-bounded, site-model-roundtrip
 *                       the model's template tokens within the budget and its JSON linear in the
 *                       input; it loads back and refines extraction (whose outputs are checked too).
 */
import { decodeHtml } from '../dom/decode.js';
import { ThresherError } from '../errors.js';
import { extract } from '../page/extract.js';
import { RobotsCache } from '../crawl/robots.js';
import { MAX_SITEMAP_URLS, parseSitemap } from '../crawl/sitemap.js';
import { learnSite, loadSiteModel, type SiteModel } from '../site/model.js';
import { DEFAULT_MAX_TEMPLATE_TOKENS } from '../site/periodic.js';
import { siteRefiner } from '../site/refine.js';
import type { ExtractOptions, Extraction } from '../types.js';
import { buildParts, inputKb, type Failure, type FuzzCase, type Input, type ShapeCase, type SiteCase } from './cases.js';
import { checkHtml, checkMarkdown, unshownNeedles } from './oracle.js';
import { shapePages } from './site-gen.js';

export const PROPERTIES = ['typed-errors', 'time-per-kb', 'linear-time', 'html-safe', 'markdown-safe', 'no-script-text', 'idempotence',
  'sitemap-no-throw', 'sitemap-bounded', 'robots-no-throw', 'robots-crawl-delay', 'robots-bounded', 'site-model-bounded', 'site-model-roundtrip'] as const;

/** Time limits: base ms + ms per KB of input, per call; generous (the machine may be shared), and multiplied by `timeScale`. */
export const LIMITS = {
  extract: { baseMs: 2000, perKbMs: 25 },
  sitemap: { baseMs: 500, perKbMs: 5 },
  robots: { baseMs: 500, perKbMs: 10 },
  site: { baseMs: 3000, perKbMs: 50 },
  /** A shape at 10·n may take this many times its time at n (linear: about 10). */
  linearRatio: 30,
  /** The time at n is counted as at least this (ms), so that timer noise on tiny inputs is no ratio. */
  linearFloorMs: 5,
};

export interface RunOptions {
  /** Multiplies every per-call time limit (a slow or busy machine; not the linear-time ratio); default 1. */
  timeScale?: number;
  /** Skip the linear-time measurement of shapes (the shape's properties at n still run). */
  noTiming?: boolean;
}

const now = (): number => performance.now();

function describeError(e: unknown): string {
  if (e instanceof Error) {
    const where = (e.stack ?? '').split('\n').slice(1, 4).map((l) => l.trim()).join(' ← ');
    return `${e.name}: ${e.message.slice(0, 300)}${where ? ` (${where})` : ''}`;
  }
  return `a thrown ${typeof e}: ${String(e).slice(0, 200)}`;
}

/** A failure unless `e` is a typed error. */
function typedError(e: unknown, what: string, f: Failure[]): void {
  if (e instanceof ThresherError && typeof e.code === 'string' && e.code.startsWith('E_')) return;
  f.push({ property: 'typed-errors', message: `${what} threw ${describeError(e)}` });
}

/** Runs `call`, timing it; past the limit it runs again and counts the faster time. */
function timed<T>(call: () => T, limitMs: number, what: string, f: Failure[]): T {
  const t0 = now();
  const v = call();
  const ms = now() - t0;
  if (ms > limitMs) {
    const t1 = now();
    call();
    const again = now() - t1;
    if (Math.min(ms, again) > limitMs) f.push({ property: 'time-per-kb', message: `${what} took ${Math.min(ms, again).toFixed(0)} ms, over its limit of ${limitMs.toFixed(0)} ms` });
  }
  return v;
}

function limit(kind: 'extract' | 'sitemap' | 'robots' | 'site', kb: number, o: RunOptions): number {
  return (LIMITS[kind].baseMs + LIMITS[kind].perKbMs * kb) * (o.timeScale ?? 1);
}

function pageHtml(input: Input, options: ExtractOptions): string {
  return typeof input === 'string' ? input : decodeHtml(input, { contentType: options.contentType }).text;
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return `at ${i}: ${JSON.stringify(a.slice(Math.max(0, i - 40), i + 60))} became ${JSON.stringify(b.slice(Math.max(0, i - 40), i + 60))} (${a.length} → ${b.length} chars)`;
}

/** extract() and every output property; the extraction, or null when it threw. */
export function checkExtract(input: Input, options: ExtractOptions, f: Failure[], o: RunOptions = {}): Extraction | null {
  let r: Extraction;
  try {
    r = timed(() => extract(input, options), limit('extract', inputKb(input), o), `extract (${inputKb(input).toFixed(1)} KB)`, f);
  } catch (e) {
    typedError(e, 'extract', f);
    return null;
  }
  const texts: string[] = [];
  const mdTexts: string[] = [];
  const problems = [
    ...(r.html !== undefined ? checkHtml(r.html, texts) : []),
    ...(r.markdown !== undefined ? checkMarkdown(r.markdown, mdTexts) : []),
  ];
  const comments = r.comments ?? [];
  for (const c of comments) problems.push(...checkMarkdown(c.markdown, mdTexts));
  problems.push(...unshownNeedles({ text: r.text, title: r.title, 'html text': texts.join(''), markdown: mdTexts.join(''), comments: comments.map((c) => c.text).join('\n') },
    () => pageHtml(input, options)));
  for (const p of problems) f.push({ property: p.property, message: p.message });
  if (r.html !== undefined && !r.diagnostics.some((d) => d.code.startsWith('W_BUDGET'))) {
    const again = { ...options, formats: ['html' as const] };
    try {
      const second = timed(() => extract(r.html!, again), limit('extract', inputKb(r.html), o), 'extract of the clean HTML', f);
      if (second.text !== r.text) f.push({ property: 'idempotence', message: `extract(first.html).text differs from first.text ${firstDifference(r.text, second.text)}` });
    } catch (e) {
      typedError(e, 'extract of the clean HTML', f);
      if (e instanceof ThresherError) f.push({ property: 'idempotence', message: `extract(first.html) threw ${e.code}: ${e.message}` });
    }
  }
  return r;
}

/** parseSitemap's properties. */
export function checkSitemap(bytes: Uint8Array, f: Failure[], o: RunOptions = {}): void {
  let out: ReturnType<typeof parseSitemap>;
  try {
    out = timed(() => parseSitemap(bytes, 'https://a.test/sitemap.xml'), limit('sitemap', inputKb(bytes), o), `parseSitemap (${inputKb(bytes).toFixed(1)} KB)`, f);
  } catch (e) {
    f.push({ property: 'sitemap-no-throw', message: `parseSitemap threw ${describeError(e)}` });
    return;
  }
  const total = out.urls.length + out.sitemaps.length;
  if (total > MAX_SITEMAP_URLS) f.push({ property: 'sitemap-bounded', message: `${total} entries, over MAX_SITEMAP_URLS (${MAX_SITEMAP_URLS})` });
  if (out.error && total) f.push({ property: 'sitemap-bounded', message: `an error (${out.error}) with ${total} entries` });
  for (const u of [...out.urls, ...out.sitemaps]) {
    let ok = typeof u === 'string' && u.length <= 64 * 1024 * 9 + 100;
    if (ok) { try { new URL(u); } catch { ok = false; } }
    if (!ok) { f.push({ property: 'sitemap-bounded', message: `an entry that is no URL: ${JSON.stringify(String(u).slice(0, 120))}` }); break; }
  }
}

const ROBOTS_URLS = ['https://a.test/', 'https://a.test/private/x', 'https://a.test/x.php', 'https://a.test/a/b/c/d?q=1', 'https://a.test/%7Euser/ü',
  'https://a.test/' + 'a'.repeat(2000) + '?' + 'b*'.repeat(200)];
const VERDICTS = new Set(['allow', 'disallow', 'unknown', 'unreachable', 'given-up']);

/** RobotsCache's properties, for our token. */
export function checkRobots(body: string, f: Failure[], o: RunOptions = {}): void {
  const run = (): RobotsCache => {
    const cache = new RobotsCache('thresher');
    cache.fromResponse('a.test', 'https://a.test', 200, body, 0);
    for (const u of ROBOTS_URLS) {
      const v = cache.verdict('a.test', u, 0);
      if (!VERDICTS.has(v)) f.push({ property: 'robots-bounded', message: `verdict ${JSON.stringify(v)} for ${u.slice(0, 60)}` });
    }
    return cache;
  };
  let cache: RobotsCache;
  try {
    cache = timed(run, limit('robots', inputKb(body), o), `robots.txt (${inputKb(body).toFixed(1)} KB) and ${ROBOTS_URLS.length} verdicts`, f);
  } catch (e) {
    f.push({ property: 'robots-no-throw', message: `RobotsCache threw ${describeError(e)}` });
    return;
  }
  try {
    const d = cache.crawlDelayMs('a.test');
    if (d !== undefined && !(Number.isFinite(d) && d > 0)) f.push({ property: 'robots-crawl-delay', message: `crawlDelayMs is ${d}` });
    const st = cache.state('a.test');
    const read = st.kind === 'parsed' ? st.robot.getCrawlDelay('thresher') : undefined;
    if (typeof read === 'number' && read > 0 && d === undefined) {
      f.push({ property: 'robots-crawl-delay', message: `robots-parser reads Crawl-delay ${read} for thresher, and crawlDelayMs drops it (undefined): the host gets no delay at all` });
    }
    const sm = cache.sitemaps('a.test');
    const lines = body.split(/\r\n|\r|\n/).length;
    if (!Array.isArray(sm) || sm.length > lines) f.push({ property: 'robots-bounded', message: `${sm.length} sitemaps from ${lines} lines` });
  } catch (e) {
    f.push({ property: 'robots-no-throw', message: `RobotsCache threw ${describeError(e)}` });
  }
}

function modelTokens(m: SiteModel): number {
  return m.textTemplates.templates.reduce((s, t) => s + t.tokens.length, 0);
}

/** learnSite's properties, then the model through siteRefiner and extract. */
export function checkSite(c: Pick<SiteCase, 'pages' | 'options'>, f: Failure[], o: RunOptions = {}): void {
  const kb = c.pages.reduce((s, p) => s + inputKb(p.html ?? ''), 0);
  let model: SiteModel;
  try {
    model = timed(() => learnSite(c.pages, c.options), limit('site', kb, o), `learnSite (${c.pages.length} pages, ${kb.toFixed(1)} KB)`, f);
  } catch (e) {
    typedError(e, 'learnSite', f);
    return;
  }
  const cap = c.options?.text?.maxTemplateTokens ?? DEFAULT_MAX_TEMPLATE_TOKENS;
  const tokens = modelTokens(model);
  if (tokens > cap) f.push({ property: 'site-model-bounded', message: `${tokens} template tokens, over the budget of ${cap}` });
  const json = JSON.stringify(model);
  const bound = 256 * 1024 + 4 * kb * 1024;
  if (json.length > bound) f.push({ property: 'site-model-bounded', message: `the model is ${json.length} bytes of JSON for ${kb.toFixed(0)} KB of pages (bound ${bound.toFixed(0)})` });
  let refiner: ReturnType<typeof siteRefiner>;
  try {
    refiner = siteRefiner(loadSiteModel(json));
  } catch (e) {
    f.push({ property: 'site-model-roundtrip', message: `the learned model does not load back: ${describeError(e)}` });
    return;
  }
  const page = c.pages.find((p) => typeof p.html === 'string' ? p.html.length > 0 : p.html.byteLength > 0);
  if (page) checkExtract(page.html, { site: refiner, url: page.url, formats: ['html', 'markdown'] }, f, o);
}

/** A shape's target at one size, as a thunk for timing (typed errors count as done). */
function shapeRunner(c: ShapeCase, s: string): () => void {
  switch (c.target) {
    case 'extract': return () => { try { extract(s, c.options ?? {}); } catch (e) { if (!(e instanceof ThresherError)) throw e; } };
    case 'sitemap': { const b = new TextEncoder().encode(s); return () => { parseSitemap(b, 'https://a.test/sitemap.xml'); }; }
    case 'robots': return () => { const cache = new RobotsCache('thresher'); cache.fromResponse('a.test', 'https://a.test', 200, s, 0); for (const u of ROBOTS_URLS) cache.verdict('a.test', u, 0); };
    case 'site': { const ps = shapePages(s); return () => { try { learnSite(ps); } catch (e) { if (!(e instanceof ThresherError)) throw e; } }; }
  }
}

function minTime(f: () => void, runs: number): number {
  let best = Infinity;
  for (let k = 0; k < runs; k++) {
    const t = now();
    f();
    best = Math.min(best, now() - t);
  }
  return best;
}

/** The shape's properties at n, then its time at n against 10·n. */
export function checkShape(c: ShapeCase, f: Failure[], o: RunOptions = {}): void {
  const small = buildParts(c.parts, c.n);
  const before = f.length;
  switch (c.target) {
    case 'extract': checkExtract(small, c.options ?? {}, f, o); break;
    case 'sitemap': checkSitemap(new TextEncoder().encode(small), f, o); break;
    case 'robots': checkRobots(small, f, o); break;
    case 'site': checkSite({ pages: shapePages(small) }, f, o); break;
  }
  if (o.noTiming || f.length > before) return; // a shape that already fails is not timed
  try {
    const m = measureLinear(c);
    // Over the bound: the same at 2·n against 20·n before it counts. Superlinear work shows at
    // both scales; a collection or a busy neighbour seldom strikes twice at the same place.
    const m2 = m.ratio > LIMITS.linearRatio ? measureLinear({ ...c, n: 2 * c.n }) : null;
    if (m2 && m2.ratio > LIMITS.linearRatio) {
      const say = (x: typeof m): string => `${x.chars[0]} chars in ${x.ms[0].toFixed(1)} ms, ${x.chars[1]} chars in ${x.ms[1].toFixed(1)} ms: ${x.ratio.toFixed(1)}×`;
      f.push({ property: 'linear-time', message: `${c.target} ${c.label ?? ''}: ${say(m)}; ${say(m2)} (10× the input; allowed ${LIMITS.linearRatio}×)` });
    }
  } catch (e) {
    const p = c.target === 'sitemap' ? 'sitemap-no-throw' : c.target === 'robots' ? 'robots-no-throw' : 'typed-errors';
    f.push({ property: p, message: `${c.target} at 10·n threw ${describeError(e)}` });
  }
}

/**
 * A shape's time at n and at 10·n (the fastest of a few runs after a warm-up; measured again when
 * the ratio is over the bound, since the first may have met a GC or a busy machine), and their
 * ratio, the time at n counted as at least LIMITS.linearFloorMs.
 */
export function measureLinear(c: ShapeCase): { chars: [number, number]; ms: [number, number]; ratio: number } {
  const small = buildParts(c.parts, c.n), big = buildParts(c.parts, 10 * c.n);
  const runSmall = shapeRunner(c, small), runBig = shapeRunner(c, big);
  runSmall(); // warm-up
  let t1 = minTime(runSmall, 3);
  let t10 = minTime(runBig, 1);
  const ratio = (): number => t10 / Math.max(t1, LIMITS.linearFloorMs);
  if (ratio() > LIMITS.linearRatio) {
    t1 = Math.min(t1, minTime(runSmall, 3));
    t10 = Math.min(t10, minTime(runBig, 2));
  }
  return { chars: [small.length, big.length], ms: [t1, t10], ratio: ratio() };
}

/** Every property of a case; the failures (empty when it passed). */
export function runCase(c: FuzzCase, o: RunOptions = {}): Failure[] {
  const f: Failure[] = [];
  try {
    switch (c.kind) {
      case 'extract': checkExtract(c.input, c.options, f, o); break;
      case 'shape': checkShape(c, f, o); break;
      case 'sitemap': checkSitemap(c.input, f, o); break;
      case 'robots': checkRobots(c.body, f, o); break;
      case 'site': checkSite(c, f, o); break;
    }
  } catch (e) {
    // A property check itself threw (the oracle, a renderer's output that parse5 rejects, ...): reported, never swallowed.
    f.push({ property: 'typed-errors', message: `checking the case threw ${describeError(e)}` });
  }
  return f;
}
