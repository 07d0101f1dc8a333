/**
 * `thresher extract -i urls.txt`: a list of URLs (one per line, # comments), fetched politely by
 * the crawler (src/crawl/: robots.txt obeyed, one request at a time per host with --delay
 * between, retries with back-off, redirects followed as requests of their own) and extracted.
 * The crawler runs on the listed URLs only (depth 0, no sitemaps) into a WARC in a temporary
 * folder; the pages are then extracted in WARC order on the engine, kept in a temporary file,
 * and written in the list's order: one record per listed line, its page or why there is none.
 * Reusing the crawler rather than fetching here keeps one implementation of politeness.
 */
import { closeSync, mkdtempSync, openSync, readFileSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Crawler, normalizeUrl, readWarc, type CrawlEvent } from '../crawl/index.js';
import { ThresherError } from '../errors.js';
import { openCorpus, type CorpusItem } from '../pipeline/input.js';
import type { Extraction } from '../types.js';
import { runTasks, type Engine, type PageError, type Sink, type Task } from './extract-engine.js';
import { slugOf } from './extract-sink.js';
import { Progress } from './progress.js';

export interface FetchSettings {
  timeoutMs: number;
  /** Between two requests to one host (a longer robots.txt Crawl-delay wins); the crawler's default when absent. */
  delayMs?: number;
  userAgent?: string;
  retries?: number;
}

interface Listed { line: number; raw: string; url: string | null }

/** The list's URLs in order: blank lines and lines starting with # left out; a line that is no http(s) URL has url null. */
export function readUrlList(path: string): Listed[] {
  let text: string;
  try { text = readFileSync(path, 'utf8'); } catch (e) {
    throw new ThresherError('E_INPUT_NOT_FOUND', `cannot read the URL list ${path}: ${(e as Error).message}`);
  }
  const out: Listed[] = [];
  text.split('\n').forEach((l, i) => {
    const raw = l.trim();
    if (raw && !raw.startsWith('#')) out.push({ line: i + 1, raw, url: normalizeUrl(raw) });
  });
  return out;
}

/** What the crawl said about each URL: its last event, and where each redirect led. */
interface CrawlFacts { events: Map<string, CrawlEvent>; redirects: Map<string, string>; stopped: boolean }

export async function extractUrlList(path: string, fetch: FetchSettings, engine: Engine, sink: Sink, quiet: boolean): Promise<{ pages: number; failed: number; interrupted: boolean }> {
  const listed = readUrlList(path);
  const seeds = [...new Set(listed.flatMap((l) => (l.url ? [l.url] : [])))];
  const tmp = mkdtempSync(join(tmpdir(), 'thresher-urls-'));
  try {
    const warc = join(tmp, 'pages.warc.gz');
    const facts = seeds.length ? await crawlList(seeds, warc, tmp, fetch, quiet) : { events: new Map(), redirects: new Map(), stopped: false };
    const results = seeds.length ? await extractWarc(warc, join(tmp, 'results.jsonl'), engine, facts.redirects) : new ResultFile(join(tmp, 'results.jsonl'));
    try {
      const progress = quiet ? null : new Progress(listed.length, process.stderr);
      // Every task comes with its result or its error: the engine is never asked.
      const r = await runTasks(listTasks(listed, facts, results), engine, sink, progress);
      progress?.done(`${r.pages} URLs, ${r.failed} failed`);
      return { ...r, interrupted: facts.stopped };
    } finally {
      results.close();
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The crawl, seeds only. SIGINT or SIGTERM stops it gracefully (requests in flight finish); what was fetched is still extracted. */
async function crawlList(seeds: string[], warc: string, tmp: string, s: FetchSettings, quiet: boolean): Promise<CrawlFacts> {
  const events = new Map<string, CrawlEvent>();
  const progress = quiet ? null : new Progress(seeds.length, process.stderr, { lineEveryMs: 10_000 });
  const stop = new AbortController();
  const onSignal = (): void => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const crawler = new Crawler({
      seeds, out: warc, statePath: join(tmp, 'state.sqlite'), fresh: true,
      scope: { mode: 'any', maxDepth: 0 }, sitemaps: false,
      timeoutMs: s.timeoutMs,
      // The crawler's defaults where a flag is absent.
      ...(s.delayMs !== undefined ? { latencyMs: s.delayMs } : {}),
      ...(s.userAgent !== undefined ? { userAgent: s.userAgent } : {}),
      ...(s.retries !== undefined ? { maxRetries: s.retries } : {}),
      signal: stop.signal,
      onEvent: (e) => {
        if (e.kind !== 'page' || e.outcome === 'queued') return;
        events.set(e.url, e);
        if (e.reason !== 'redirect') progress?.tick(`fetched ${e.url}`);
      },
    });
    await crawler.open();
    const summary = await crawler.run();
    progress?.done(`fetched ${summary.pages} page(s) for ${seeds.length} URL(s)`);
    return { events, redirects: new Map(), stopped: summary.stopped };
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

/**
 * Every page of the WARC extracted, in WARC order, its extraction (or error) appended to `file`
 * and indexed by URL. The redirects the WARC holds (a 3xx answer and its Location) are put in
 * `redirects` on the way: the crawler stores them as answers of their own.
 */
async function extractWarc(warc: string, file: string, engine: Engine, redirects: Map<string, string>): Promise<ResultFile> {
  for await (const item of readWarc(warc)) {
    if (!item.ok || item.record.type !== 'response' || !item.record.url) continue;
    const status = item.record.http?.status ?? 0;
    const location = item.record.http?.headers.find(([k]) => k.toLowerCase() === 'location')?.[1];
    const target = status >= 300 && status < 400 && location ? normalizeUrl(location, item.record.url) : null;
    if (target) redirects.set(item.record.url, target);
  }
  const results = new ResultFile(file);
  const source = await openCorpus(warc);
  async function* tasks(): AsyncGenerator<Task> {
    for await (const it of source.items()) yield pageTask(it);
  }
  await runTasks(tasks(), engine, { write: async (d) => results.add(String(d.key.url), d.error ? { error: d.error } : { result: d.result }) }, null);
  return results;
}

function pageTask(it: CorpusItem): Task {
  const key = { url: it.url ?? it.id };
  if (it.error || !it.bytes) return { key, name: it.id, error: it.error ?? { code: 'E_INPUT_READ', message: 'no bytes' } };
  return { key, name: it.id, job: { input: it.bytes, url: it.url, contentType: it.contentType, name: it.id } };
}

/** Each listed line as a finished task: its page's extraction from the result file, or why there is none. */
async function* listTasks(listed: Listed[], facts: CrawlFacts, results: ResultFile): AsyncGenerator<Task> {
  for (const l of listed) {
    const failKey = { line: l.line, id: l.raw };
    const task = (error: PageError): Task => ({ key: failKey, name: slugOf(l.raw), error });
    if (!l.url) { yield task({ code: 'E_BAD_RECORD', message: 'not an http(s) URL' }); continue; }
    let url = l.url;
    for (let hops = 0; hops < 30 && facts.redirects.has(url); hops++) url = facts.redirects.get(url)!;
    const stored = results.get(url);
    if (stored?.error) yield task(stored.error);
    else if (stored?.result) yield { key: { id: l.raw }, failKey, name: slugOf(l.raw), result: stored.result };
    else yield task(fetchError(facts.events.get(url), url, facts.stopped));
  }
}

/** The crawler's reasons (response.ts) in words. */
const REASONS: Record<string, string> = {
  network: 'a network error, on every try',
  'http-5xx': 'a server error (HTTP 5xx), on every try',
  'http-429': 'HTTP 429 (too many requests), on every try',
  'retry-after-too-long': 'the server asked to come back later than the crawler waits',
  'redirect-loop': 'a redirect loop',
  'too-many-redirects': 'too many redirects',
  'redirect-without-target': 'a redirect without a Location',
  'redirect-out-of-scope': 'a redirect to a URL the crawler does not fetch',
  redirect: 'a redirect whose target was not fetched',
  truncated: 'the page is over the size limit',
};

/** Why a URL has no page, from the crawl's last event for it. */
export function fetchError(ev: CrawlEvent | undefined, url: string, stopped: boolean): PageError {
  if (!ev) {
    return { code: 'E_FETCH', message: stopped ? `${url}: not fetched, the run was stopped` : `${url}: not fetched (its host asked for a Crawl-delay over the cap, or a redirect led out of the list's reach)` };
  }
  const r = ev.reason ?? '';
  if (r === 'robots') return { code: 'E_ROBOTS', message: `${url}: robots.txt disallows it` };
  if (r === 'timeout') return { code: 'E_FETCH_TIMEOUT', message: `${url}: no complete answer within the timeout, on every try` };
  if (/^http-\d+$/.test(r)) return { code: 'E_FETCH', message: `${url}: HTTP ${r.slice(5)}` };
  if (r === 'content-type') return { code: 'E_FETCH', message: `${url}: not an HTML page (its Content-Type)` };
  if (r === 'robots-unreachable') return { code: 'E_FETCH', message: `${url}: its host's robots.txt could not be fetched, so the host is not crawled` };
  const why = REASONS[r] ?? (r || ev.outcome);
  return { code: 'E_FETCH', message: `${url}: ${why}` };
}

type Stored = { result?: Extraction; error?: PageError };

/** Extractions on disk, appended once and read back by URL: memory holds the index only. */
class ResultFile {
  private readonly fd: number;
  private readonly index = new Map<string, { at: number; length: number }>();
  private end = 0;
  constructor(path: string) {
    this.fd = openSync(path, 'w+');
  }
  add(url: string, value: Stored): void {
    const b = Buffer.from(JSON.stringify(value), 'utf8');
    for (let off = 0; off < b.length;) off += writeSync(this.fd, b, off, b.length - off, this.end + off);
    this.index.set(url, { at: this.end, length: b.length });
    this.end += b.length;
  }
  get(url: string): Stored | undefined {
    const where = this.index.get(url);
    if (!where) return undefined;
    const b = Buffer.alloc(where.length);
    for (let off = 0; off < b.length;) off += readSync(this.fd, b, off, b.length - off, where.at + off);
    return JSON.parse(b.toString('utf8')) as Stored;
  }
  close(): void { closeSync(this.fd); }
}
