/**
 * A corpus run's records as WARC 1.1 (`thresher run --warc`): one `conversion` record per stored
 * page — WARC 1.1 §6.8, "an alternative version of another record's content that was created as
 * the result of an archival process" — whose block is the page's DocView as JSON (the same line
 * as records.jsonl), after a `warcinfo` record. One gzip member per record, so the file can be
 * cut back to any record boundary (how a resumed run drops a batch that never committed).
 *
 * Written by hand rather than with warcio: warcio's record ids are random and its serializer is
 * asynchronous, and a run's output must be a function of the corpus alone (the record id is a
 * hash of the record; the date is when the store was created) and written in the same
 * synchronous step as the store's commit. The reader (io/warc.ts, warcio's parser) reads it back.
 *
 * Header values come from the corpus (a page's URL), so they are made safe before they are
 * written: a CR or LF in a value would add headers or end the header block (WARC 1.1 §4: a field's
 * content excludes control characters). The target URI is percent-encoded; any other header
 * holding a control character is refused (E_WARC), since it would be a bug here, not bad input.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { ThresherError } from '../errors.js';
import { targetUri } from '../io/warc.js';

const CRLF = '\r\n';

/** C0 controls (but tab), DEL and C1 controls: never raw in a WARC header. */
const CONTROL = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/u;

/** A name-based UUID (RFC 9562 version 8) from a SHA-256 of `key`. */
function uuidOf(key: string): string {
  const h = createHash('sha256').update(key).digest();
  h[6] = (h[6] & 0x0f) | 0x80;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20, 32)}`;
}

function record(headers: [string, string][], block: Buffer): Uint8Array {
  for (const [k, v] of headers) {
    if (CONTROL.test(k) || CONTROL.test(v)) throw new ThresherError('E_WARC', `the WARC header ${JSON.stringify(k)} would hold a control character: ${JSON.stringify(v)}`);
  }
  const digest = `sha256:${createHash('sha256').update(block).digest('hex')}`;
  const head = ['WARC/1.1', ...headers.map(([k, v]) => `${k}: ${v}`), `WARC-Block-Digest: ${digest}`, `Content-Length: ${block.length}`].join(CRLF);
  return gzipSync(Buffer.concat([Buffer.from(head + CRLF + CRLF, 'utf8'), block, Buffer.from(CRLF + CRLF, 'utf8')]));
}

/** The warcinfo record that opens the file. */
export function warcInfoRecord(date: string): Uint8Array {
  const fields = 'software: thresher\r\nformat: WARC File Format 1.1\r\ndescription: cleaned pages as DocView records (paper 000 §6), one conversion record per page\r\n';
  return record([
    ['WARC-Type', 'warcinfo'], ['WARC-Record-ID', `<urn:uuid:${uuidOf(`warcinfo ${date}`)}>`], ['WARC-Date', date],
    ['WARC-Filename', 'records.warc.gz'], ['Content-Type', 'application/warc-fields'],
  ], Buffer.from(fields, 'utf8'));
}

/** One stored record as a conversion record; `json` is its JSONL line. */
export function warcRecordOf(r: { id: string; url?: string }, json: string, date: string): Uint8Array {
  const target = r.url !== undefined ? targetUri(r.url) : `urn:x-thresher-id:${encodeURIComponent(r.id)}`;
  const block = Buffer.from(json, 'utf8');
  const payload = `sha256:${createHash('sha256').update(block).digest('hex')}`;
  return record([
    ['WARC-Type', 'conversion'], ['WARC-Record-ID', `<urn:uuid:${uuidOf(`${r.id}\n${json}`)}>`], ['WARC-Date', date],
    ['WARC-Target-URI', target], ['Content-Type', 'application/json'], ['WARC-Payload-Digest', payload],
  ], block);
}
