/**
 * Reading a page's bytes: from a file (plain or gzip), stdin (`-`), or an http(s) URL.
 *
 * Outer ring: uses node:fs, node:zlib and the global fetch. Every failure is a ThresherError:
 * E_INPUT_NOT_FOUND, E_INPUT_READ, E_INPUT_TOO_LARGE, E_GZIP, E_FETCH, E_FETCH_TIMEOUT.
 * Size limits hold while reading (a stream is cut as soon as it passes the limit, and gzip
 * inflation stops at the limit), so a hostile or endless source cannot exhaust memory.
 */
import { createReadStream } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { isGzip } from '../dom/decode.js';
import { ThresherError } from '../errors.js';
import { readCapped } from './read-capped.js';

export interface ReadOptions {
  /** Byte limit on the page (after gunzip). Default: 64 MiB for files and stdin, 20 MiB for URLs. */
  maxBytes?: number;
  /** Whole-request deadline for URLs, in ms (connect, headers and body). Default 15 000. */
  timeoutMs?: number;
}

export interface InputData {
  bytes: Uint8Array;
  /** The final URL after redirects, for URL sources. */
  url?: string;
  /** The response's Content-Type header, for URL sources; its charset wins over <meta>. */
  contentType?: string;
  /** What to call the page in messages and records: the path, the URL, or "-" for stdin. */
  name: string;
}

export const DEFAULT_MAX_FILE_BYTES = 64 * 1024 * 1024;
export const DEFAULT_MAX_FETCH_BYTES = 20 * 1024 * 1024;
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;

/** File names listInputFiles picks up. */
export const PAGE_EXTENSIONS = ['.html', '.htm', '.xhtml', '.html.gz', '.htm.gz', '.xhtml.gz'] as const;

const gunzipAsync = promisify(gunzip);

/** Read one page. `source` is a file path, a file: URL, `-` for stdin, or an http(s) URL. */
export async function readInput(source: string, opts: ReadOptions = {}): Promise<InputData> {
  checkLimit('maxBytes', opts.maxBytes);
  checkLimit('timeoutMs', opts.timeoutMs);
  if (/^https?:\/\//i.test(source)) {
    const maxBytes = opts.maxBytes ?? DEFAULT_MAX_FETCH_BYTES;
    const got = await fetchBytes(source, maxBytes, opts.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS);
    return { ...got, bytes: await maybeGunzip(got.bytes, maxBytes, source), name: source };
  }
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_FILE_BYTES;
  if (source === '-') {
    const bytes = await readStream(process.stdin, maxBytes, 'stdin');
    return { bytes: await maybeGunzip(bytes, maxBytes, 'stdin'), name: '-' };
  }
  const path = /^file:/i.test(source) ? fileURLToPath(source) : source;
  const bytes = await readFileLimited(path, maxBytes);
  return { bytes: await maybeGunzip(bytes, maxBytes, source), name: source };
}

function checkLimit(name: string, v: number | undefined): void {
  if (v !== undefined && !(Number.isFinite(v) && v > 0)) {
    throw new ThresherError('E_BAD_OPTION', `${name} must be a positive number, got ${String(v)}`);
  }
}

function fsError(e: unknown, path: string): ThresherError {
  const code = (e as NodeJS.ErrnoException)?.code;
  if (code === 'ENOENT' || code === 'ENOTDIR') {
    return new ThresherError('E_INPUT_NOT_FOUND', `no such file or folder: ${path}`, { path });
  }
  if (code === 'EISDIR') {
    return new ThresherError('E_INPUT_READ', `${path} is a directory, not a page; list its pages with listInputFiles`, { path });
  }
  const why = e instanceof Error ? e.message : String(e);
  return new ThresherError('E_INPUT_READ', `cannot read ${path}: ${why}`, { path, code });
}

function tooLarge(what: string, maxBytes: number, size?: number): ThresherError {
  const got = size === undefined ? 'more than' : `${size} bytes, over`;
  return new ThresherError('E_INPUT_TOO_LARGE', `${what} is ${got} the ${maxBytes}-byte limit (maxBytes)`, { maxBytes, size });
}

async function readFileLimited(path: string, maxBytes: number): Promise<Uint8Array> {
  let info;
  try { info = await stat(path); } catch (e) { throw fsError(e, path); }
  if (info.isDirectory()) throw fsError(Object.assign(new Error('is a directory'), { code: 'EISDIR' }), path);
  if (!info.isFile()) {
    // A FIFO, a character device, /dev/stdin: no size to trust, so stream it under the limit.
    try { return await readStream(createReadStream(path), maxBytes, path); } catch (e) {
      throw e instanceof ThresherError ? e : fsError(e, path);
    }
  }
  if (info.size > maxBytes) throw tooLarge(path, maxBytes, info.size);
  let buf: Buffer;
  try { buf = await readFile(path); } catch (e) { throw fsError(e, path); }
  if (buf.byteLength > maxBytes) throw tooLarge(path, maxBytes, buf.byteLength);
  return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
}

/** Collect a byte stream, failing as soon as it passes maxBytes. */
async function readStream(stream: AsyncIterable<Uint8Array | string>, maxBytes: number, what: string): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const c = typeof chunk === 'string' ? new TextEncoder().encode(chunk) : chunk;
    total += c.byteLength;
    if (total > maxBytes) {
      (stream as { destroy?: () => void }).destroy?.();
      throw tooLarge(what, maxBytes);
    }
    chunks.push(c);
  }
  return concat(chunks, total);
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.byteLength; }
  return out;
}

/** Inflate gzip data (by its magic bytes, whatever the name), stopping at maxBytes. */
async function maybeGunzip(bytes: Uint8Array, maxBytes: number, what: string): Promise<Uint8Array> {
  if (!isGzip(bytes)) return bytes;
  try {
    const out = await gunzipAsync(bytes, { maxOutputLength: maxBytes });
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException)?.code;
    if (code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(`${what} (inflated)`, maxBytes);
    const why = e instanceof Error ? e.message : String(e);
    if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(why)) {
      throw new ThresherError('E_GZIP', `${what} is truncated gzip data (${why}); the file was cut off before its end`, { source: what, code });
    }
    throw new ThresherError('E_GZIP', `${what} is not valid gzip data (${why})`, { source: what, code });
  }
}

/** GET a URL under a whole-request deadline and a streaming size limit. */
async function fetchBytes(url: string, maxBytes: number, timeoutMs: number): Promise<{ bytes: Uint8Array; url: string; contentType?: string }> {
  try { new URL(url); } catch {
    throw new ThresherError('E_FETCH', `not a valid URL: ${url}`, { url });
  }
  const ac = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; ac.abort(); }, timeoutMs);
  try {
    const res = await fetch(url, {
      signal: ac.signal,
      redirect: 'follow',
      headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5', 'user-agent': 'thresher/0.1' },
    });
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new ThresherError('E_FETCH', `GET ${url} answered ${res.status} ${res.statusText}`.trim(), { url, status: res.status });
    }
    const declared = Number(res.headers.get('content-length'));
    if (!res.headers.get('content-encoding') && declared > maxBytes) {
      await res.body?.cancel().catch(() => {});
      throw tooLarge(url, maxBytes, declared);
    }
    const bytes = await readBody(res, maxBytes, url, ac);
    return { bytes, url: res.url || url, contentType: res.headers.get('content-type') ?? undefined };
  } catch (e) {
    if (e instanceof ThresherError) throw e;
    if (timedOut) {
      throw new ThresherError('E_FETCH_TIMEOUT', `GET ${url} took longer than ${timeoutMs} ms (timeoutMs)`, { url, timeoutMs });
    }
    const cause = (e as { cause?: { code?: string; message?: string } })?.cause;
    const why = cause?.code ?? cause?.message ?? (e instanceof Error ? e.message : String(e));
    throw new ThresherError('E_FETCH', `could not fetch ${url}: ${why}`, { url });
  } finally {
    clearTimeout(timer);
  }
}

async function readBody(res: Response, maxBytes: number, url: string, ac: AbortController): Promise<Uint8Array> {
  const bytes = await readCapped(res.body, maxBytes);
  if (bytes) return bytes;
  ac.abort();
  throw tooLarge(url, maxBytes);
}

function isPageName(name: string): boolean {
  const n = name.toLowerCase();
  return PAGE_EXTENSIONS.some((ext) => n.endsWith(ext));
}

/**
 * The page files under a directory, recursively, sorted by path (code-unit order, so the same on
 * every machine): .html .htm .xhtml and their .gz. Symbolic links to files are listed; links to
 * directories are not followed. A path that is itself a file is returned alone.
 */
export async function listInputFiles(dir: string): Promise<string[]> {
  let info;
  try { info = await stat(dir); } catch (e) { throw fsError(e, dir); }
  if (!info.isDirectory()) return [dir];
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const d = pending.pop()!;
    let entries;
    try { entries = await readdir(d, { withFileTypes: true }); } catch (e) { throw fsError(e, d); }
    for (const ent of entries) {
      const p = join(d, ent.name);
      if (ent.isDirectory()) pending.push(p);
      else if (isPageName(ent.name) && (ent.isFile() || (ent.isSymbolicLink() && await isFile(p)))) out.push(p);
    }
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function isFile(p: string): Promise<boolean> {
  try { return (await stat(p)).isFile(); } catch { return false; }
}
