/**
 * Cutting a WARC byte stream into records, so that one bad record costs that record only.
 *
 * warcio's own stream reader (WARCParser over a whole file) silently stops at a corrupt gzip
 * member, drops a truncated last record without a word, falls back to reading deflate bytes as
 * plain text after an inflate error, and prints to the console when a Content-Length is too
 * small. None of that can be reported per record, so this part is hand-written:
 *   - gzip members are split here with pako (the inflater warcio itself uses), one member at a
 *     time, so each member's raw offset and length are known and a bad member is skipped by
 *     scanning for the next gzip header;
 *   - records are framed here by their Content-Length and checked for the CRLFCRLF that ends
 *     them, resynchronising on the next "WARC/" line after a malformed one.
 * Each framed record's exact bytes are then parsed by warcio (warc.ts), which never sees a
 * partial or overlong record.
 */
import pako from 'pako';

/** A record's exact bytes, or why a span of the input could not be one. */
export type FramedItem =
  | { ok: true; offset: number; length: number; bytes: Uint8Array; memberOffset?: number }
  | { ok: false; offset: number; length: number; reason: string };

const CR = 13, LF = 10;
const MAX_HEADER_BYTES = 64 * 1024;
const WARC_PREFIX = [0x57, 0x41, 0x52, 0x43, 0x2f]; // "WARC/"

/** Concatenate chunks into one array (one copy). */
function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) { out.set(c, o); o += c.length; }
  return out;
}

/**
 * A pull buffer over an async byte source: what the framers need (look ahead, consume, skip)
 * without holding more than one record plus one chunk. The buffer grows by doubling and is
 * compacted in place, so buffering a large record costs linear time.
 */
export class ByteBuffer {
  private buf = new Uint8Array(0);
  private pos = 0;
  private end = 0;
  private done = false;
  /** Absolute offset of the current position in the source. */
  offset = 0;
  private readonly it: AsyncIterator<Uint8Array>;
  constructor(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
    this.it = Symbol.asyncIterator in source
      ? (source as AsyncIterable<Uint8Array>)[Symbol.asyncIterator]()
      : (async function* () { yield* source as Iterable<Uint8Array>; })();
  }
  get available(): number { return this.end - this.pos; }
  get ended(): boolean { return this.done && this.available === 0; }
  private append(chunk: Uint8Array): void {
    if (this.end + chunk.length > this.buf.length) {
      const live = this.available;
      if (live + chunk.length <= this.buf.length) {
        this.buf.copyWithin(0, this.pos, this.end);
      } else {
        const grown = new Uint8Array(Math.max(2 * this.buf.length, live + chunk.length, 64 * 1024));
        grown.set(this.buf.subarray(this.pos, this.end));
        this.buf = grown;
      }
      this.pos = 0;
      this.end = live;
    }
    this.buf.set(chunk, this.end);
    this.end += chunk.length;
  }
  /** Pull until at least n bytes are buffered or the source ends; returns what is available. */
  async fill(n: number): Promise<number> {
    while (this.available < n && !this.done) {
      const r = await this.it.next();
      if (r.done) { this.done = true; break; }
      if (r.value.length) this.append(r.value);
    }
    return this.available;
  }
  /** The buffered bytes from the current position (a view, valid until the next fill or more). */
  peek(): Uint8Array { return this.buf.subarray(this.pos, this.end); }
  /** Pull one more chunk; false at the end of the source. */
  async more(): Promise<boolean> {
    const before = this.available;
    await this.fill(before + 1);
    return this.available > before;
  }
  consume(n: number): Uint8Array {
    const out = this.buf.subarray(this.pos, Math.min(this.end, this.pos + n));
    this.pos += out.length;
    this.offset += out.length;
    return out;
  }
  /** Skip n bytes, pulling as needed; returns how many were skipped (fewer at the end). */
  async skip(n: number): Promise<number> {
    let left = n;
    while (left > 0) {
      if (this.available === 0 && !(await this.more())) break;
      left -= this.consume(Math.min(left, this.available)).length;
    }
    return n - left;
  }
}

function indexOfSeq(hay: Uint8Array, needle: readonly number[], from: number): number {
  const first = needle[0];
  for (let i = hay.indexOf(first, from); i >= 0 && i + needle.length <= hay.length; i = hay.indexOf(first, i + 1)) {
    let k = 1;
    while (k < needle.length && hay[i + k] === needle[k]) k++;
    if (k === needle.length) return i;
  }
  return -1;
}
const CRLFCRLF = [CR, LF, CR, LF];

/** Where a second "WARC/d.d" CRLF version line starts inside a header block, or -1. */
function innerVersionLine(header: Uint8Array): number {
  for (let i = indexOfSeq(header, WARC_PREFIX, 1); i >= 0; i = indexOfSeq(header, WARC_PREFIX, i + 1)) {
    const v = new TextDecoder('latin1').decode(header.subarray(i + 5, Math.min(header.length, i + 16)));
    if (/^\d+\.\d+\r\n/.test(v)) return i;
  }
  return -1;
}
const startsWithWarc = (b: Uint8Array): boolean => WARC_PREFIX.every((c, i) => b[i] === c);

/** Content-Length from a WARC header block (ASCII), or null when missing or malformed. */
function contentLength(header: Uint8Array): number | null {
  const text = new TextDecoder('latin1').decode(header);
  const m = /\r\ncontent-length[ \t]*:[ \t]*(\d{1,15})[ \t]*(?:\r\n|$)/i.exec(text);
  return m ? Number(m[1]) : null;
}

export interface FrameOptions {
  /** Records whose block is over this many bytes are reported and skipped, not buffered. */
  maxRecordBytes: number;
}

/**
 * Frame uncompressed WARC records from `src`. A malformed header is reported with its reason
 * and the reader moves to the next line that starts with "WARC/"; a record cut short by the end
 * of input is reported as truncated.
 */
export async function* frameRecords(src: ByteBuffer, opts: FrameOptions): AsyncGenerator<FramedItem> {
  for (;;) {
    // Blank lines between records are tolerated (some writers add extra CRLFs).
    await src.fill(WARC_PREFIX.length);
    while (src.available > 0 && (src.peek()[0] === CR || src.peek()[0] === LF)) {
      src.consume(1);
      if (src.available === 0) await src.fill(WARC_PREFIX.length);
    }
    if (src.ended) return;
    const start = src.offset;
    await src.fill(WARC_PREFIX.length);
    if (src.available < WARC_PREFIX.length && WARC_PREFIX.slice(0, src.available).every((c, i) => src.peek()[i] === c)) {
      const have = src.consume(src.available).length;
      yield { ok: false, offset: start, length: have, reason: 'truncated record: the input ends inside the WARC version line' };
      return;
    }
    if (!startsWithWarc(src.peek())) {
      const skipped = await resync(src);
      yield { ok: false, offset: start, length: skipped, reason: `no WARC record starts here (expected "WARC/"); skipped ${skipped} bytes to the next record` };
      continue;
    }
    let headerEnd = -1;
    for (;;) {
      headerEnd = indexOfSeq(src.peek(), CRLFCRLF, 0);
      if (headerEnd >= 0 || src.available > MAX_HEADER_BYTES || !(await src.more())) break;
    }
    if (headerEnd < 0) {
      const atEnd = src.available <= MAX_HEADER_BYTES;
      src.consume(1);
      const skipped = 1 + await resync(src);
      yield { ok: false, offset: start, length: skipped, reason: atEnd ? 'truncated record: the input ends inside the WARC header' : `WARC header longer than ${MAX_HEADER_BYTES} bytes without its blank line` };
      continue;
    }
    const headerLen = headerEnd + 4;
    // A record cut short by a crash and followed by a whole one: the next record's version
    // line falls inside what looks like this header. Report the fragment, restart there.
    const inner = innerVersionLine(src.peek().subarray(0, headerEnd + 2));
    if (inner > 0) {
      src.consume(inner);
      yield { ok: false, offset: start, length: inner, reason: 'record header interrupted by the start of another record (a partly written record)' };
      continue;
    }
    const len = contentLength(src.peek().subarray(0, headerEnd));
    if (len === null) {
      src.consume(1);
      const skipped = 1 + await resync(src);
      yield { ok: false, offset: start, length: skipped, reason: 'WARC header without a valid Content-Length' };
      continue;
    }
    const total = headerLen + len + 4;
    if (len > opts.maxRecordBytes) {
      const skipped = await src.skip(total);
      yield { ok: false, offset: start, length: skipped, reason: skipped < total ? `truncated record: Content-Length ${len} but the input ends after ${skipped - headerLen} bytes of it` : `record block of ${len} bytes is over the ${opts.maxRecordBytes}-byte limit; skipped` };
      continue;
    }
    await src.fill(total);
    if (src.available < total) {
      const have = src.available;
      src.consume(have);
      yield { ok: false, offset: start, length: have, reason: `truncated record: Content-Length ${len} but the input ends after ${Math.max(0, have - headerLen)} bytes of it` };
      return;
    }
    const view = src.peek();
    const tail = view.subarray(headerLen + len, total);
    if (tail[0] !== CR || tail[1] !== LF || tail[2] !== CR || tail[3] !== LF) {
      // The Content-Length does not match the data: trust neither, and find the next record.
      src.consume(1);
      const skipped = 1 + await resync(src);
      yield { ok: false, offset: start, length: skipped, reason: `record not followed by CRLFCRLF at its Content-Length (${len}): the length is wrong or the record is damaged` };
      continue;
    }
    const bytes = view.slice(0, headerLen + len);
    src.consume(total);
    yield { ok: true, offset: start, length: total, bytes };
  }
}

/** Skip to the next line that starts with "WARC/"; returns the number of bytes skipped. */
async function resync(src: ByteBuffer): Promise<number> {
  let skipped = 0;
  for (;;) {
    const view = src.peek();
    let i = indexOfSeq(view, [LF, ...WARC_PREFIX], 0);
    if (i >= 0) { skipped += src.consume(i + 1).length; return skipped; }
    // Keep the last few bytes: the pattern may straddle two chunks.
    const keep = Math.min(view.length, WARC_PREFIX.length);
    i = view.length - keep;
    skipped += src.consume(i).length;
    if (!(await src.more())) { skipped += src.consume(src.available).length; return skipped; }
  }
}

/** One gzip member: its raw span and its inflated bytes, or why it could not be inflated. */
export type Member =
  | { ok: true; offset: number; length: number; data: Uint8Array }
  | { ok: false; offset: number; length: number; reason: string };

const isGzipAt = (b: Uint8Array, i: number): boolean => b[i] === 0x1f && b[i + 1] === 0x8b && b[i + 2] === 8;

/**
 * Split a stream of concatenated gzip members (a .warc.gz) into members, streaming. A member
 * that does not inflate, or is cut off by the end of input, is reported with its reason and
 * reading goes on at the next gzip header after it. Inflated output over `maxBytes` is dropped
 * (the member is still walked, to find where the next one starts) and reported.
 */
export async function* gzipMembers(src: ByteBuffer, maxBytes: number): AsyncGenerator<Member> {
  for (;;) {
    if ((await src.fill(3)) === 0) return;
    const start = src.offset;
    if (src.available < 3 && [0x1f, 0x8b].slice(0, src.available).every((c, i) => src.peek()[i] === c)) {
      const length = src.consume(src.available).length;
      yield { ok: false, offset: start, length, reason: `truncated gzip member: the input ends after ${length} bytes, inside the member` };
      return;
    }
    if (!isGzipAt(src.peek(), 0)) {
      const skipped = await skipToGzip(src);
      yield { ok: false, offset: start, length: skipped, reason: `not a gzip member (no gzip header here); skipped ${skipped} bytes to the next one` };
      continue;
    }
    // pako's typings omit `ended`, which its Inflate sets once the member (or an error) ends.
    const inflator = new pako.Inflate() as pako.Inflate & { ended: boolean };
    const out: Uint8Array[] = [];
    let outBytes = 0, over = false;
    inflator.onData = (chunk: pako.Data) => {
      const c = chunk as Uint8Array;
      outBytes += c.length;
      if (outBytes > maxBytes) { over = true; out.length = 0; } else out.push(c);
    };
    // The member's raw bytes stay buffered until it ends, so that after a corrupt member the
    // search for the next gzip header starts right after this one's header, not after whatever
    // the inflater swallowed (a member cut short by a crash and then followed by whole ones is
    // the common case). Past maxBytes of raw input they are let go.
    let pushed = 0, dropped = 0;
    while (!inflator.ended) {
      if (src.available === pushed && !(await src.more())) break;
      const view = src.peek();
      inflator.push(view.subarray(pushed), false);
      pushed = view.length;
      if (!inflator.ended && pushed > maxBytes) { dropped += src.consume(pushed).length; pushed = 0; }
    }
    if (!inflator.ended) {
      const length = dropped + src.consume(pushed).length;
      yield { ok: false, offset: start, length, reason: `truncated gzip member: the input ends after ${length} bytes, inside the member` };
      return;
    }
    if (inflator.err !== 0) {
      const reason = `gzip member does not inflate (${inflator.msg || `zlib error ${inflator.err}`})`;
      const length = dropped ? dropped + src.consume(pushed).length : 0;
      const skipped = await skipToGzip(src);
      yield { ok: false, offset: start, length: length + skipped, reason };
      continue;
    }
    // pako leaves the bytes after the member's end unread in avail_in.
    const unread = (inflator as unknown as { strm: { avail_in: number } }).strm.avail_in;
    const length = dropped + src.consume(pushed - unread).length;
    if (over) {
      yield { ok: false, offset: start, length, reason: `gzip member inflates to ${outBytes} bytes, over the ${maxBytes}-byte record limit; skipped` };
      continue;
    }
    yield { ok: true, offset: start, length, data: concat(out, outBytes) };
  }
}

/** Skip past the current byte to the next gzip header (1f 8b 08); returns the bytes skipped. */
async function skipToGzip(src: ByteBuffer): Promise<number> {
  let skipped = src.consume(1).length;
  for (;;) {
    const view = src.peek();
    for (let i = view.indexOf(0x1f); i >= 0 && i + 3 <= view.length; i = view.indexOf(0x1f, i + 1)) {
      if (isGzipAt(view, i)) return skipped + src.consume(i).length;
    }
    // Keep the last two bytes: a header may straddle two chunks.
    skipped += src.consume(Math.max(0, view.length - 2)).length;
    if (!(await src.more())) return skipped + src.consume(src.available).length;
  }
}
