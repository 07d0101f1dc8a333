/**
 * WARC 1.1 files: writing HTTP exchanges as request + response records (one gzip member per
 * record), and reading records back from a .warc or .warc.gz, streaming.
 *
 * Records are built, digested (sha256 block and payload digests) and serialized by warcio, and
 * each framed record is parsed by warcio. What warcio cannot do is hand-written in
 * warc-framing.ts: splitting a .warc.gz into members and framing records so that a corrupt
 * member, a truncated file or a malformed header is reported for that record alone and the
 * read goes on (warcio's stream reader stops silently or prints, see there).
 *
 * Every header the writer writes is one line: values lose their control characters (CR, LF,
 * NUL and the other C0 controls and DEL become a space, as RFC 9110 §5.5 allows; tab stays),
 * the target URI has them percent-encoded, and a header name or method that is no HTTP token is
 * refused (E_WARC). So a URL, a server's header or a warcinfo field holding "\r\n" cannot add
 * a header or end the block early, and the record reads back as written.
 *
 * Outer ring: uses node:fs.
 */
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, fstatSync, ftruncateSync, openSync, writeSync } from 'node:fs';
import { AsyncIterReader, WARCParser, WARCRecord, type WARCType } from 'warcio';
import { WARCSerializer } from 'warcio/node';
import { gzipSync } from 'node:zlib';
import { ThresherError } from '../errors.js';
import { ByteBuffer, frameRecords, gzipMembers, type FramedItem } from './warc-framing.js';

export type HeaderList = Array<[string, string]>;

/** One HTTP exchange as the crawler saw it: what to write as a request and a response record. */
export interface HttpExchange {
  url: string;
  date?: Date;
  /** The server's address, when known (WARC-IP-Address). */
  ip?: string;
  request: { method: string; headers: HeaderList };
  response: {
    status: number;
    statusText?: string;
    headers: HeaderList;
    body: Uint8Array;
    /** Why the body is incomplete (WARC-Truncated): "length" (size cap), "time", "disconnect". */
    truncated?: 'length' | 'time' | 'disconnect';
  };
}

export interface WarcWriterOptions {
  /** One gzip member per record. Default: true when the path ends in .gz. */
  gzip?: boolean;
  /**
   * Resume: keep the file and append. `truncateAt` cuts it first to a length known to end on a
   * record boundary (what a crawl committed last), dropping a record half-written by a crash.
   */
  append?: boolean;
  truncateAt?: number;
  /** Fields of the warcinfo record written at the start of a new file. */
  info?: Record<string, string>;
}

const WARC_1_1 = 'WARC/1.1';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** A header value on one line: C0 controls but tab, and DEL, become a space. */
export function headerValue(v: string): string {
  return v.replace(/[\x00-\x08\x0a-\x1f\x7f]/g, ' ');
}

/** A header name (or method) as written: an HTTP token, else E_WARC. */
function token(name: string, what: string): string {
  if (!TOKEN.test(name)) throw new ThresherError('E_WARC', `${what} ${JSON.stringify(name)} is not an HTTP token; the WARC record is not written`);
  return name;
}

function safeHeaders(headers: HeaderList): HeaderList {
  return headers.map(([k, v]) => [token(k, 'header name'), headerValue(v)]);
}

/**
 * A URI for WARC-Target-URI (the crawler's records and `thresher run --warc`'s): C0 and C1
 * controls, space and DEL percent-encoded (UTF-8), so that it stays one token on one line.
 */
export function targetUri(url: string): string {
  return url.replace(/[\u0000-\u0020\u007f-\u009f]/g, (c) => encodeURIComponent(c));
}

/** Appends records to one WARC file. Each call writes whole records with synchronous writes. */
export class WarcWriter {
  private fd: number;
  private pos: number;
  readonly gzip: boolean;
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(fd: number, pos: number, gzip: boolean) {
    this.fd = fd;
    this.pos = pos;
    this.gzip = gzip;
  }

  static async open(path: string, opts: WarcWriterOptions = {}): Promise<WarcWriter> {
    const gzip = opts.gzip ?? /\.gz$/i.test(path);
    let fd: number;
    try {
      fd = openSync(path, opts.append ? 'a+' : 'w');
    } catch (e) {
      throw new ThresherError('E_WARC', `cannot open WARC file ${path} for writing: ${(e as Error).message}`);
    }
    let size = fstatSync(fd).size;
    if (opts.append && opts.truncateAt !== undefined && opts.truncateAt < size) {
      ftruncateSync(fd, opts.truncateAt);
      size = opts.truncateAt;
    }
    const w = new WarcWriter(fd, size, gzip);
    if (size === 0) {
      const fields: Record<string, string> = {};
      for (const [k, v] of Object.entries({ software: 'thresher', format: 'WARC File Format 1.1', ...opts.info })) fields[token(k, 'warcinfo field')] = headerValue(v);
      const info = WARCRecord.createWARCInfo({ filename: headerValue(path.split('/').pop() ?? path), warcVersion: WARC_1_1 }, fields);
      await w.writeRecords([info]);
    }
    return w;
  }

  /** Bytes in the file so far: always a record boundary between calls. */
  get offset(): number { return this.pos; }

  /** Write the request and response records of one exchange; resolves to the response's span. */
  async writeExchange(ex: HttpExchange): Promise<{ offset: number; length: number }> {
    const job = this.chain.then(async () => this.writeSerialized(await this.serializeExchange(ex))[1]);
    this.chain = job.catch(() => undefined);
    return job;
  }

  /**
   * The records of one exchange as bytes (request, then response), not yet written. With
   * writeSerialized this lets a caller write records and commit its own state in one
   * synchronous step, so no other record can land between the two.
   */
  async serializeExchange(ex: HttpExchange): Promise<Uint8Array[]> {
    const date = (ex.date ?? new Date()).toISOString();
    const url = targetUri(ex.url);
    const target = new URL(url);
    const ip = ex.ip === undefined ? undefined : headerValue(ex.ip);
    const status = ex.response.status;
    if (!(Number.isInteger(status) && status >= 100 && status <= 999)) throw new ThresherError('E_WARC', `HTTP status ${status} is not a 3-digit code; the WARC record is not written`);
    const responseHeaders: Record<string, string> = {};
    if (ip) responseHeaders['WARC-IP-Address'] = ip;
    if (ex.response.truncated) responseHeaders['WARC-Truncated'] = headerValue(ex.response.truncated);
    const response = WARCRecord.create({
      url, date, type: 'response', warcVersion: WARC_1_1, warcHeaders: responseHeaders,
      statusline: `HTTP/1.1 ${status} ${headerValue(ex.response.statusText ?? '')}`.trimEnd(),
      httpHeaders: safeHeaders(ex.response.headers),
    }, [ex.response.body]);
    const responseId = response.warcHeaders.headers.get('WARC-Record-ID') ?? '';
    const request = WARCRecord.create({
      url, date, type: 'request', warcVersion: WARC_1_1,
      warcHeaders: { 'WARC-Concurrent-To': responseId, ...(ip ? { 'WARC-IP-Address': ip } : {}) },
      statusline: `${token(ex.request.method, 'method')} ${target.pathname}${target.search} HTTP/1.1`,
      httpHeaders: safeHeaders(ex.request.headers),
    }, []);
    return Promise.all([request, response].map((r) => this.serialize(r, [r === response ? ex.response.body : new Uint8Array(0)])));
  }

  /**
   * warcio serializes the record; its digests are computed here with node:crypto and set on
   * the record first (warcio then skips its own WebAssembly hashers, which it instantiates for
   * every record), and each record is gzipped here as one member with node:zlib.
   * Measured by bench/crawl.mjs: about half the crawler's CPU time per page went to those two.
   */
  private async serialize(record: WARCRecord, payload: Uint8Array[]): Promise<Uint8Array> {
    if (record.warcType !== 'warcinfo') {
      const block = createHash('sha256');
      const pay = createHash('sha256');
      if (record.httpHeaders) block.update(record.httpHeaders.toString() + '\r\n');
      for (const p of payload) { block.update(p); pay.update(p); }
      record.warcHeaders.headers.set('WARC-Payload-Digest', `sha256:${pay.digest('hex')}`);
      record.warcHeaders.headers.set('WARC-Block-Digest', `sha256:${block.digest('hex')}`);
    }
    const bytes = await WARCSerializer.serialize(record, { gzip: false });
    return this.gzip ? gzipSync(bytes) : bytes;
  }

  /** Append serialized records now, synchronously; returns their spans. */
  writeSerialized(bufs: Uint8Array[]): Array<{ offset: number; length: number }> {
    if (this.fd < 0) throw new ThresherError('E_WARC', 'the WARC writer is closed');
    const spans: Array<{ offset: number; length: number }> = [];
    for (const b of bufs) {
      let done = 0;
      while (done < b.length) done += writeSync(this.fd, b, done, b.length - done);
      spans.push({ offset: this.pos, length: b.length });
      this.pos += b.length;
    }
    return spans;
  }

  private writeRecords(records: WARCRecord[]): Promise<Array<{ offset: number; length: number }>> {
    const job = this.chain.then(async () =>
      this.writeSerialized(await Promise.all(records.map((r) => WARCSerializer.serialize(r, { gzip: this.gzip, digest: { algo: 'sha-256' } })))));
    this.chain = job.catch(() => undefined);
    return job;
  }

  async close(): Promise<void> {
    await this.chain;
    if (this.fd >= 0) closeSync(this.fd);
    this.fd = -1;
  }
}

/** A record read back. `payload` is the block after the HTTP headers (the whole block otherwise). */
export interface WarcRecordData {
  type: WARCType | string;
  url?: string;
  date?: string;
  recordId?: string;
  /** WARC header fields, in file order, names as written. */
  headers: HeaderList;
  /** For request/response records: the HTTP status line and headers. */
  http?: { statusline: string; status?: number; method?: string; headers: HeaderList };
  payload: Uint8Array;
  /** Where the record is in the file (for .warc.gz: its gzip member) and how long. */
  offset: number;
  length: number;
}

export type WarcReadItem =
  | { ok: true; record: WarcRecordData }
  | { ok: false; offset: number; length: number; reason: string };

export interface WarcReadOptions {
  /** Records (inflated) over this many bytes are reported and skipped. Default 256 MiB. */
  maxRecordBytes?: number;
  /** Undo HTTP chunking and Content-Encoding in the payload, as warcio does. Default true. */
  decodeContent?: boolean;
  /** Input is gzip members. Default: detected from the first two bytes. */
  gzip?: boolean;
}

export const DEFAULT_MAX_RECORD_BYTES = 256 * 1024 * 1024;

/**
 * Every record of a WARC file (a path) or byte stream, in order. Never throws for bad content:
 * a record that cannot be read is an `{ ok: false, reason }` item and reading goes on with the
 * next one. Only an unreadable source (no such file) throws a ThresherError (E_WARC).
 */
export async function* readWarc(source: string | AsyncIterable<Uint8Array>, opts: WarcReadOptions = {}): AsyncGenerator<WarcReadItem> {
  const maxRecordBytes = opts.maxRecordBytes ?? DEFAULT_MAX_RECORD_BYTES;
  const decode = opts.decodeContent ?? true;
  let stream: AsyncIterable<Uint8Array> = typeof source === 'string' ? createReadStream(source) : source;
  if (typeof source === 'string') stream = guardOpen(source, stream);
  const buf = new ByteBuffer(stream);
  await buf.fill(2);
  const head = buf.peek();
  const gzip = opts.gzip ?? (head[0] === 0x1f && (head.length === 1 || head[1] === 0x8b));
  if (!gzip) {
    for await (const item of frameRecords(buf, { maxRecordBytes })) yield await toItem(item, decode);
    return;
  }
  for await (const m of gzipMembers(buf, maxRecordBytes)) {
    if (!m.ok) { yield m; continue; }
    // A member normally holds one record; some writers put several in one.
    for await (const item of frameRecords(new ByteBuffer([m.data]), { maxRecordBytes })) {
      yield await toItem(
        item.ok ? { ...item, offset: m.offset, length: m.length } : { ...item, offset: m.offset, length: m.length, reason: `in the gzip member at ${m.offset}: ${item.reason}` },
        decode,
      );
    }
  }
}

async function* guardOpen(path: string, stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk as Uint8Array;
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    throw new ThresherError(err.code === 'ENOENT' ? 'E_INPUT_NOT_FOUND' : 'E_WARC', `cannot read WARC file ${path}: ${err.message}`);
  }
}

const headerList = (h: Headers | Map<string, string> | { entries(): IterableIterator<[string, string]> }): HeaderList => [...h.entries()];

const DECODABLE = new Set(['gzip', 'x-gzip', 'deflate']);
const MANDATORY = ['WARC-Type', 'WARC-Record-ID', 'WARC-Date'];
const TARGETED = new Set(['request', 'response', 'resource', 'revisit']);

/** Parse one framed record with warcio. */
async function toItem(item: FramedItem, decode: boolean): Promise<WarcReadItem> {
  if (!item.ok) return item;
  try {
    const parser = new WARCParser(new AsyncIterReader([item.bytes], null), { keepHeadersCase: true });
    const rec = await parser.parse();
    if (!rec) return { ok: false, offset: item.offset, length: item.length, reason: 'empty record' };
    const missing = MANDATORY.filter((f) => !rec.warcHeaders.headers.get(f));
    if (rec.warcType && TARGETED.has(rec.warcType) && !rec.warcTargetURI) missing.push('WARC-Target-URI');
    if (missing.length) {
      return { ok: false, offset: item.offset, length: item.length, reason: `record without the mandatory field${missing.length > 1 ? 's' : ''} ${missing.join(', ')}` };
    }
    let payload = await rec.readFully(false);
    const h = rec.httpHeaders?.headers;
    const contentEnc = h?.get('Content-Encoding')?.trim().toLowerCase() ?? '';
    const chunked = /chunked/i.test(h?.get('Transfer-Encoding') ?? '');
    // warcio's decoding reader assumes gzip when no encoding is declared (and then loses a
    // one-byte body), so it is asked only when the headers name an encoding it knows.
    if (decode && h && (chunked || DECODABLE.has(contentEnc))) {
      try {
        payload = await rec._createDecodingReader([payload]).readFully();
      } catch {
        // An encoding that does not decode: keep the bytes as stored.
      }
    }
    const record: WarcRecordData = {
      type: rec.warcType ?? '',
      url: rec.warcTargetURI ?? undefined,
      date: rec.warcDate ?? undefined,
      recordId: rec.warcHeaders.headers.get('WARC-Record-ID') ?? undefined,
      headers: headerList(rec.warcHeaders.headers),
      payload,
      offset: item.offset,
      length: item.length,
    };
    if (rec.httpHeaders) {
      const h = rec.httpHeaders;
      record.http = { statusline: h.statusline, headers: headerList(h.headers) };
      if (rec.warcType === 'response' || rec.warcType === 'revisit') record.http.status = Number(h.statusCode);
      if (rec.warcType === 'request') record.http.method = h.method;
    }
    return { ok: true, record };
  } catch (e) {
    return { ok: false, offset: item.offset, length: item.length, reason: `record does not parse: ${(e as Error).message}` };
  }
}
