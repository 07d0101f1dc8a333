/**
 * A WARC as the renderer's network: the page's stylesheets, scripts and images answered from the
 * crawl's archive instead of the live web, so an archived page renders as it was.
 *
 * One streaming pass indexes the `response` records by target URI (offset and length only: a
 * crawl's WARC can be far larger than memory); a request reads its one record back from the file.
 * Request and revisit records, and records that do not read, are skipped. URIs are keyed the way
 * the crawler writes them (io/warc.ts targetUri), so a browser's URL finds its record. The first
 * capture of a URI wins, except that a 429 or 5xx gives way to a later answer that is neither:
 * the crawler stores each try, and the one it retried after is not the page's resource.
 *
 * Outer ring: reads files.
 */
import { open } from 'node:fs/promises';
import { readWarc, targetUri, type HeaderList } from '../io/warc.js';
import { ThresherError } from '../errors.js';

export interface ArchivedResponse {
  status: number;
  /** The archived HTTP headers, less those that described the stored encoding (the body is decoded). */
  headers: HeaderList;
  body: Uint8Array;
}

export interface WarcStats {
  /** URIs indexed (one response record each). */
  responses: number;
  /** Records that could not be read, skipped. */
  skipped: number;
}

/**
 * Headers not replayed: those that no longer describe the body once readWarc has undone chunking
 * and compression, and cookies (a replay sets no state; the reader also folds repeated
 * Set-Cookie lines into one value that no longer parses).
 */
const DROP = new Set(['content-encoding', 'transfer-encoding', 'content-length', 'connection', 'keep-alive', 'set-cookie']);

/** The key a URL is stored under: its target URI without a fragment (browsers never send one). */
export function warcKey(url: string): string {
  const hash = url.indexOf('#');
  return targetUri(hash >= 0 ? url.slice(0, hash) : url);
}

interface Span { offset: number; length: number; status: number }

/** An answer the crawler retries (crawl/response.ts): a later capture of its URI replaces it. */
const retried = (status: number): boolean => status === 429 || status >= 500;

export class WarcIndex {
  readonly path: string;
  readonly stats: WarcStats;
  private readonly spans: Map<string, Span>;

  private constructor(path: string, spans: Map<string, Span>, stats: WarcStats) {
    this.path = path;
    this.spans = spans;
    this.stats = stats;
  }

  /** Index a .warc or .warc.gz file. E_INPUT_NOT_FOUND / E_WARC when it cannot be read at all. */
  static async open(path: string): Promise<WarcIndex> {
    const spans = new Map<string, Span>();
    const stats: WarcStats = { responses: 0, skipped: 0 };
    // decodeContent: false — only the spans are kept here, so decoding every body would be wasted work.
    for await (const item of readWarc(path, { decodeContent: false })) {
      if (!item.ok) { stats.skipped++; continue; }
      const r = item.record;
      const status = r.http?.status;
      if (r.type !== 'response' || !r.url || status === undefined) continue;
      const key = warcKey(r.url);
      const prev = spans.get(key);
      // The first capture wins, as a replay would show it first, unless it was a try that failed.
      if (prev && !(retried(prev.status) && !retried(status))) continue;
      if (!prev) stats.responses++;
      spans.set(key, { offset: r.offset, length: r.length, status });
    }
    return new WarcIndex(path, spans, stats);
  }

  has(url: string): boolean {
    return this.spans.has(warcKey(url));
  }

  get size(): number {
    return this.spans.size;
  }

  /** The archived response for a URL, or undefined when the WARC has none (or it no longer reads). */
  async lookup(url: string): Promise<ArchivedResponse | undefined> {
    const span = this.spans.get(warcKey(url));
    if (!span) return undefined;
    const bytes = await readSpan(this.path, span.offset, span.length);
    for await (const item of readWarc(oneChunk(bytes))) {
      if (!item.ok || !item.record.http) return undefined;
      const { http, payload } = item.record;
      return { status: http.status ?? 200, headers: http.headers.filter(([k]) => !DROP.has(k.toLowerCase())), body: payload };
    }
    return undefined;
  }
}

async function readSpan(path: string, offset: number, length: number): Promise<Uint8Array> {
  let fh;
  try {
    fh = await open(path, 'r');
    const buf = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const { bytesRead } = await fh.read(buf, done, length - done, offset + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
    return buf.subarray(0, done);
  } catch (e) {
    throw new ThresherError('E_WARC', `cannot read WARC file ${path}: ${(e as Error).message}`);
  } finally {
    await fh?.close();
  }
}

async function* oneChunk(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** HTTP headers as the object route.fulfill takes: repeated names joined by ', ', as HTTP allows. */
export function headerObject(headers: HeaderList): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of headers) {
    const name = k.toLowerCase();
    out[name] = out[name] === undefined ? v : `${out[name]}, ${v}`;
  }
  return out;
}
