/**
 * The corpus a run reads: a directory of pages (with an optional manifest.jsonl giving each page's
 * URL, the layout of ../shared/datasets), or a JSON Lines file of {url, html} records.
 *
 * Items carry a stable index (their position in the corpus), so a resumed run can skip what is
 * done and a run with several workers writes the same records in the same order as one worker.
 * A bad item (unreadable file, truncated gzip, a line that is not a JSON object) is an item with an
 * `error`: the run counts it and goes on. Outer ring: node:fs and node:zlib.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename, join, relative } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { gunzipSync } from 'node:zlib';
import { isGzip } from '../dom/decode.js';
import { ThresherError } from '../errors.js';
import { listInputFiles } from '../io/read-input.js';
import { readWarc, type WarcReadItem, type WarcRecordData } from '../io/warc.js';
import { hostOf as siteHostOf } from '../site/model.js';

export interface CorpusItem {
  /** Position in the corpus, from 0. */
  index: number;
  /** The record id before normalisation: the URL when known, else the file path or line number. */
  id: string;
  /** A directory's page: its path relative to the directory (extract -o DIR names its output after it). */
  file?: string;
  url?: string;
  /** Host of the URL, lower-cased; "" when the page has no URL. */
  host: string;
  bytes?: Uint8Array;
  /** The HTTP Content-Type, when the corpus kept it (WARC): its charset wins over <meta>. */
  contentType?: string;
  error?: { code: string; message: string };
}

export interface CorpusSource {
  kind: 'dir' | 'jsonl' | 'warc';
  path: string;
  /** Items in order, from index `from` on. Reading is streamed: one item in memory at a time. */
  items(from?: number): AsyncGenerator<CorpusItem>;
  /** How many items there are (a JSONL file is read once to count its lines). */
  count(): Promise<number>;
  /**
   * How many items there are, and how many of them each site has (keyed as site models key
   * hosts: lower case, no "www."). One pass over a JSONL or WARC file; a directory's URLs come
   * from its manifest, so no page is read.
   */
  census(): Promise<Census>;
  /** Lines of a directory's manifest.jsonl that give no page a URL because they are malformed (none for other sources). */
  badManifestLines: BadLines;
}

/** Malformed lines of a side file: how many, and the first few with their reasons. */
export interface BadLines {
  count: number;
  samples: { line: number; reason: string }[];
}

const BAD_LINE_SAMPLES = 10;

export interface Census {
  total: number;
  hosts: Map<string, number>;
  /** WARC: responses passed over as not pages, by reason ("http-404", "not-html"). */
  notPages?: Record<string, number>;
}

function tally(hosts: Map<string, number>, url: string | undefined): void {
  const h = siteHostOf(url);
  if (h !== undefined) hosts.set(h, (hosts.get(h) ?? 0) + 1);
}

/** Pages larger than this (after gunzip) become error items instead of eating memory. */
export const MAX_ITEM_BYTES = 64 * 1024 * 1024;

export async function openCorpus(path: string): Promise<CorpusSource> {
  let info;
  try { info = await stat(path); } catch {
    throw new ThresherError('E_INPUT_NOT_FOUND', `no such file or directory: ${path}`);
  }
  if (info.isDirectory()) return directorySource(path);
  if (/\.jsonl$/i.test(path)) return jsonlSource(path);
  if (/\.warc(\.gz)?$/i.test(path)) return warcSource(path);
  throw new ThresherError('E_BAD_OPTION', `${path}: a corpus is a directory of pages, a .warc(.gz) file or a .jsonl file of {url, html} records`);
}

export function hostOf(url: string | undefined): string {
  if (!url) return '';
  try { return new URL(url).hostname.toLowerCase(); } catch { return ''; }
}

async function directorySource(dir: string): Promise<CorpusSource> {
  const files = (await listInputFiles(dir)).filter((f) => basename(f) !== 'manifest.jsonl');
  const { urls, bad } = await manifestUrls(dir);
  return {
    kind: 'dir', path: dir, badManifestLines: bad,
    count: async () => files.length,
    async census() {
      const hosts = new Map<string, number>();
      for (const f of files) {
        const rel = relative(dir, f);
        tally(hosts, urls.get(rel) ?? urls.get(pageStem(rel)));
      }
      return { total: files.length, hosts };
    },
    async *items(from = 0) {
      for (let index = from; index < files.length; index++) {
        const rel = relative(dir, files[index]);
        const url = urls.get(rel) ?? urls.get(pageStem(rel));
        const item: CorpusItem = { index, id: url ?? rel, file: rel, url, host: hostOf(url) };
        try {
          item.bytes = inflate(await readFile(files[index]), rel);
        } catch (e) {
          item.error = asItemError(e);
        }
        yield item;
      }
    },
  };
}

/**
 * manifest.jsonl rows name a page by `html` (its relative path) or `id` (its file stem). A row
 * without a URL is fine (the page's URL is unknown); a line that is not a JSON object, or whose
 * url is not a string, is counted with its reason and the rest of the manifest still applies.
 */
async function manifestUrls(dir: string): Promise<{ urls: Map<string, string>; bad: BadLines }> {
  const urls = new Map<string, string>();
  const bad: BadLines = { count: 0, samples: [] };
  let text: string;
  try { text = await readFile(join(dir, 'manifest.jsonl'), 'utf8'); } catch { return { urls, bad }; }
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    const row = parseRow(lines[i]);
    if (typeof row === 'string') {
      if (bad.samples.length < BAD_LINE_SAMPLES) bad.samples.push({ line: i + 1, reason: row });
      bad.count++;
      continue;
    }
    if (typeof row.url !== 'string') continue;
    if (typeof row.html === 'string') urls.set(row.html, row.url);
    if (typeof row.id === 'string' || typeof row.id === 'number') urls.set(String(row.id), row.url);
  }
  return { urls, bad };
}

type Row = { id?: unknown; url?: unknown; html?: unknown; error?: unknown };

/** What JSON a value is, for a message: "null", "an array", "a number"… */
function jsonKind(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

/** A JSON Lines row as an object with an optional string url, or why it is not one. */
function parseRow(line: string): Row | string {
  let row: unknown;
  try { row = JSON.parse(line); } catch { return 'is not JSON'; }
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return `is ${jsonKind(row)}, not a JSON object`;
  const url = (row as Row).url;
  if (url !== undefined && url !== null && typeof url !== 'string') return `has a "url" that is ${jsonKind(url)}, not a string`;
  return row as Row;
}

/** "html/abc.html.gz" → "abc": how a manifest's `id` names a page file. */
function pageStem(rel: string): string {
  return basename(rel).replace(/\.(x?html?)(\.gz)?$/i, '');
}

function jsonlSource(path: string): CorpusSource {
  return {
    kind: 'jsonl', path, badManifestLines: { count: 0, samples: [] },
    async count() {
      let n = 0;
      for await (const line of readLines(path)) if (!isBlank(line)) n++;
      return n;
    },
    async census() {
      let total = 0;
      const hosts = new Map<string, number>();
      for await (const line of readLines(path)) {
        if (isBlank(line)) continue;
        total++;
        tally(hosts, jsonlItem(line, total - 1, false).url);
      }
      return { total, hosts };
    },
    async *items(from = 0) {
      let index = -1;
      for await (const line of readLines(path)) {
        if (isBlank(line)) continue;
        index++;
        if (index < from) continue;
        yield jsonlItem(line, index);
      }
    },
  };
}

/** What readLines yields for a line longer than its limit: only its length is known. */
export interface OverlongLine { overlong: number }

/** A JSONL line holds a page of at most MAX_ITEM_BYTES characters, twice over for JSON escapes. */
const MAX_LINE_CHARS = 2 * MAX_ITEM_BYTES + 65_536;

/**
 * The lines of a UTF-8 file (\n or \r\n), read only as fast as they are consumed. readline's
 * async iterator reads ahead up to about a thousand lines, which with whole pages on each line is
 * a lot of memory held for nothing. A line over `maxChars` is not kept (it could pass the
 * engine's string limit): it comes as an OverlongLine, so the caller can report it and go on.
 */
export function readLines(path: string, maxChars = MAX_LINE_CHARS): AsyncGenerator<string | OverlongLine> {
  return readStreamLines(createReadStream(path, { highWaterMark: 1 << 16 }), maxChars);
}

/**
 * readLines over any stream of bytes (standard input for extract --jsonl -). The stream is read
 * only as lines are taken: a consumer that stops taking lines stops the reading, and the writer
 * at the other end of a pipe waits.
 */
export async function* readStreamLines(stream: AsyncIterable<Buffer | Uint8Array | string>, maxChars = MAX_LINE_CHARS): AsyncGenerator<string | OverlongLine> {
  const decoder = new StringDecoder('utf8');
  // The start of the current line, in pieces: a long line is joined once, not re-scanned per chunk.
  let pieces: string[] = [];
  let chars = 0;
  const line = (end: string): string | OverlongLine => {
    const total = chars + end.length;
    const l = total > maxChars ? { overlong: total } : pieces.length ? pieces.join('') + end : end;
    pieces = [];
    chars = 0;
    return typeof l === 'string' && l.charCodeAt(l.length - 1) === 13 ? l.slice(0, -1) : l;
  };
  for await (const chunk of stream) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      yield line(text.slice(start, nl));
      start = nl + 1;
    }
    if (start < text.length) {
      chars += text.length - start;
      if (chars <= maxChars) pieces.push(text.slice(start));
      else pieces = [];
    }
  }
  const last = line(decoder.end());
  if (typeof last !== 'string' || last) yield last;
}

const isBlank = (line: string | OverlongLine): boolean => typeof line === 'string' && !line.trim();

function jsonlItem(line: string | OverlongLine, index: number, withBytes = true): CorpusItem {
  const fallbackId = `line:${index + 1}`;
  if (typeof line !== 'string') {
    return { index, id: fallbackId, host: '', error: { code: 'E_INPUT_TOO_LARGE', message: `record ${index + 1} is a line of ${line.overlong} characters, over ${MAX_LINE_CHARS}` } };
  }
  const row = parseRow(line);
  if (typeof row === 'string') return { index, id: fallbackId, host: '', error: { code: 'E_INPUT_READ', message: `record ${index + 1} ${row}` } };
  const url = typeof row.url === 'string' ? row.url : undefined;
  const id = typeof row.id === 'string' ? row.id : url ?? fallbackId;
  const item: CorpusItem = { index, id, url, host: hostOf(url) };
  // A row that carries an item's failure instead of its page (render-corpus.ts writes them, so
  // that a page unread before rendering is reported as it was).
  const carried = row.error as { code?: unknown; message?: unknown } | undefined;
  if (row.html === undefined && carried && typeof carried.code === 'string' && typeof carried.message === 'string') {
    item.error = { code: carried.code, message: carried.message };
  } else if (typeof row.html !== 'string') item.error = { code: 'E_INPUT_READ', message: `record ${index + 1} has no "html" string${row.html === undefined ? '' : ` (its "html" is ${jsonKind(row.html)})`}` };
  else if (row.html.length > MAX_ITEM_BYTES) item.error = { code: 'E_INPUT_TOO_LARGE', message: `record ${index + 1} is over ${MAX_ITEM_BYTES} characters` };
  else if (withBytes) item.bytes = Buffer.from(row.html, 'utf8');
  return item;
}

/**
 * A WARC file: its 2xx HTML responses are the pages. Request, metadata, warcinfo and revisit
 * records are passed over, and so is a response that is not a 2xx HTML page (a redirect, an
 * error page, an image, a robots.txt, a sitemap: what a crawl stores besides pages), counted
 * by the census as not a page, not as a failure. A damaged record is an item with its reason.
 */
function warcSource(path: string): CorpusSource {
  const pages = async function* (notPages?: Record<string, number>): AsyncGenerator<CorpusItem> {
    let index = 0;
    for await (const item of readWarc(path)) {
      const page = warcPage(item, index);
      if (typeof page === 'string') { if (notPages) notPages[page] = (notPages[page] ?? 0) + 1; continue; }
      if (page) { yield page; index++; }
    }
  };
  return {
    kind: 'warc', path, badManifestLines: { count: 0, samples: [] },
    async count() { let n = 0; for await (const _ of pages()) n++; return n; },
    async census() {
      let total = 0;
      const hosts = new Map<string, number>();
      const notPages: Record<string, number> = {};
      for await (const it of pages(notPages)) { total++; tally(hosts, it.url); }
      return { total, hosts, notPages };
    },
    async *items(from = 0) { for await (const it of pages()) if (it.index >= from) yield it; },
  };
}

/** A page item, null for a record that is no response, or why a response is not a page. */
function warcPage(item: WarcReadItem, index: number): CorpusItem | null | string {
  if (!item.ok) return { index, id: `warc@${item.offset}`, host: '', error: { code: 'E_WARC', message: `damaged record at byte ${item.offset}: ${item.reason}` } };
  const r: WarcRecordData = item.record;
  if (r.type !== 'response') return null;
  const url = r.url;
  const base: CorpusItem = { index, id: url ?? `warc@${r.offset}`, url, host: hostOf(url) };
  const status = r.http?.status;
  const type = r.http?.headers.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  const truncated = r.headers.some(([k]) => k.toLowerCase() === 'warc-truncated');
  if (status === undefined || status < 200 || status > 299) return `http-${status ?? 'missing'}`;
  // text/html and application/xhtml+xml; other XML (a crawled sitemap, a feed) is not a page.
  if (type && !/html/i.test(type.split(';')[0])) return 'not-html';
  if (truncated) return { ...base, error: { code: 'E_INPUT_TOO_LARGE', message: 'the crawler cut this body at its size limit (WARC-Truncated)' } };
  return { ...base, bytes: r.payload, contentType: type || undefined };
}

function inflate(bytes: Uint8Array, name: string): Uint8Array {
  if (!isGzip(bytes)) {
    if (bytes.byteLength > MAX_ITEM_BYTES) throw new ThresherError('E_INPUT_TOO_LARGE', `${name} is over ${MAX_ITEM_BYTES} bytes`);
    return bytes;
  }
  try {
    return gunzipSync(bytes, { maxOutputLength: MAX_ITEM_BYTES });
  } catch (e) {
    const why = (e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? `inflates to over ${MAX_ITEM_BYTES} bytes` : `is not a complete gzip stream (${(e as Error).message})`;
    throw new ThresherError('E_GZIP', `${name} ${why}`);
  }
}

function asItemError(e: unknown): { code: string; message: string } {
  const err = e as { code?: string; message?: string };
  return { code: typeof err.code === 'string' && err.code.startsWith('E_') ? err.code : 'E_INPUT_READ', message: err.message ?? String(e) };
}
