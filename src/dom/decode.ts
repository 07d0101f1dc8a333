/**
 * Bytes → text, the way a browser decides.
 *
 * Implements the WHATWG Encoding Standard ("get an encoding" label table, BOM sniffing, the
 * decoders through TextDecoder) and the HTML Standard §13.2.3.2 "Determining the character
 * encoding": BOM, then the transport-layer charset (the Content-Type header, parsed as MIME
 * Sniffing §4.4 "parse a MIME type" and Fetch "extract a MIME type" say), then "prescan a byte
 * stream to determine its encoding" over the first 1024 bytes (with "get an attribute" and
 * "get an XML encoding"), then autodetection (spec step 8).
 *
 * Where it departs from a browser, on purpose: autodetection (step 8, which the spec leaves to
 * the user agent) recognises BOM-less UTF-16 by its zero-byte pattern; otherwise the whole input
 * is checked for valid UTF-8 (one pass, whose result is the text), else the default is
 * windows-1252 (the HTML spec's default for locales without a table entry). The label table and
 * the decoders are in encoding.ts.
 *
 * Inner ring: no node: imports, no process globals. Runs in a browser, a worker or an edge
 * runtime as is. Never throws on any bytes (only E_INPUT_TOO_LARGE when the text would exceed
 * the engine's maximum string length).
 */
import { bomEncoding, decodeIfValidUtf8, decodeWith, getEncoding, isSupportedEncoding } from './encoding.js';

export { bomEncoding, decodeWith, getEncoding, isSupportedEncoding } from './encoding.js';

export type EncodingSource = 'bom' | 'transport' | 'meta' | 'utf8-valid' | 'fallback';

export interface SniffResult {
  /** WHATWG encoding name, lowercase: "utf-8", "windows-1252", "shift_jis", ... */
  encoding: string;
  source: EncodingSource;
}

export interface DecodeResult extends SniffResult {
  text: string;
}

export interface DecodeOptions {
  /** The HTTP Content-Type header value, if known; its charset parameter is the transport-layer encoding. */
  contentType?: string;
}

// ---------------------------------------------------------------------------------------------
// Sniffing: the transport layer (Content-Type).

const isHttpWs = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/** Strip leading and trailing HTTP whitespace (a loop: a /\s+$/ regex is quadratic on long inner runs). */
function trimHttpWs(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && isHttpWs(s[a])) a++;
  while (b > a && isHttpWs(s[b - 1])) b--;
  return a === 0 && b === s.length ? s : s.slice(a, b);
}
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
// eslint-disable-next-line no-control-regex
const QUOTED_STRING_TOKEN = /^[\t\x20-\x7e\x80-\xff]*$/;

interface MimeType { essence: string; params: Map<string, string> }

/** Fetch "collect an HTTP quoted string" with extract-value: s[pos] is '"'; returns the value and the new position. */
function collectQuoted(s: string, pos: number): [string, number] {
  let value = '';
  pos++;
  for (;;) {
    let j = pos;
    while (j < s.length && s[j] !== '"' && s[j] !== '\\') j++;
    value += s.slice(pos, j);
    pos = j;
    if (pos >= s.length) break;
    const c = s[pos++];
    if (c === '\\') {
      if (pos >= s.length) { value += '\\'; break; }
      value += s[pos++];
    } else break;
  }
  return [value, pos];
}

/** MIME Sniffing "parse a MIME type". Returns null on failure. */
export function parseMimeType(input: string): MimeType | null {
  const s = trimHttpWs(input);
  const slash = s.indexOf('/');
  if (slash <= 0) return null;
  const type = s.slice(0, slash);
  let pos = s.indexOf(';', slash + 1);
  if (pos < 0) pos = s.length;
  const subtype = trimHttpWs(s.slice(slash + 1, pos));
  if (!HTTP_TOKEN.test(type) || !HTTP_TOKEN.test(subtype)) return null;
  const mime: MimeType = { essence: `${type}/${subtype}`.toLowerCase(), params: new Map() };
  while (pos < s.length) {
    pos++; // past ';'
    while (pos < s.length && isHttpWs(s[pos])) pos++;
    let j = pos;
    while (j < s.length && s[j] !== ';' && s[j] !== '=') j++;
    const name = s.slice(pos, j).toLowerCase();
    pos = j;
    if (pos < s.length) {
      if (s[pos] === ';') continue;
      pos++; // past '='
    }
    if (pos >= s.length) break;
    let value: string;
    if (s[pos] === '"') {
      [value, pos] = collectQuoted(s, pos);
      while (pos < s.length && s[pos] !== ';') pos++;
    } else {
      j = s.indexOf(';', pos);
      if (j < 0) j = s.length;
      value = trimHttpWs(s.slice(pos, j));
      pos = j;
      if (value === '') continue;
    }
    if (name && HTTP_TOKEN.test(name) && QUOTED_STRING_TOKEN.test(value) && !mime.params.has(name)) mime.params.set(name, value);
  }
  return mime;
}

/** Split a header value on commas outside double-quoted strings (Fetch "get, decode, and split"). */
function splitHeaderValue(value: string): string[] {
  const out: string[] = [];
  let start = 0;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === '"') quoted = !quoted;
    else if (c === '\\' && quoted) i++;
    else if (c === ',' && !quoted) { out.push(value.slice(start, i)); start = i + 1; }
  }
  out.push(value.slice(start));
  return out.map(trimHttpWs);
}

/** The charset label of a Content-Type header value (Fetch "extract a MIME type"), or null. */
export function charsetFromContentType(contentType: string | undefined): string | null {
  if (!contentType) return null;
  let charset: string | null = null;
  let essence: string | null = null;
  let mime: MimeType | null = null;
  for (const value of splitHeaderValue(contentType)) {
    const m = parseMimeType(value);
    if (!m || m.essence === '*/*') continue;
    mime = m;
    if (m.essence !== essence) {
      charset = m.params.get('charset') ?? null;
      essence = m.essence;
    } else if (!m.params.has('charset') && charset !== null) {
      m.params.set('charset', charset);
    }
  }
  return mime?.params.get('charset') ?? null;
}

// ---------------------------------------------------------------------------------------------
// Sniffing: the <meta> prescan (HTML §13.2.3.2).

/** How many bytes the prescan looks at (the spec's encouraged end condition). */
export const PRESCAN_BYTES = 1024;

const isWs = (b: number): boolean => b === 0x09 || b === 0x0a || b === 0x0c || b === 0x0d || b === 0x20;
const lower = (b: number): number => (b >= 0x41 && b <= 0x5a ? b + 0x20 : b);

interface SniffedAttr { name: string; value: string; pos: number }
/** The bytes ran out (or the end condition was reached): the prescan aborts. */
const OUT = null;

/** HTML "get an attribute" (the prescan flavour). */
function getAttribute(b: Uint8Array, pos: number, end: number): SniffedAttr | { none: true; pos: number } | null {
  while (pos < end && (isWs(b[pos]) || b[pos] === 0x2f)) pos++;
  if (pos >= end) return OUT;
  if (b[pos] === 0x3e) return { none: true, pos };
  let name = '';
  let value = '';
  for (;; pos++) { // attribute name
    if (pos >= end) return OUT;
    const c = b[pos];
    if (c === 0x3d && name.length > 0) { pos++; break; }
    if (isWs(c)) {
      while (pos < end && isWs(b[pos])) pos++; // "spaces"
      if (pos >= end) return OUT;
      if (b[pos] !== 0x3d) return { name, value: '', pos };
      pos++;
      break;
    }
    if (c === 0x2f || c === 0x3e) return { name, value: '', pos };
    name += String.fromCharCode(lower(c));
  }
  while (pos < end && isWs(b[pos])) pos++; // "value"
  if (pos >= end) return OUT;
  const q = b[pos];
  if (q === 0x22 || q === 0x27) {
    for (pos++; ; pos++) {
      if (pos >= end) return OUT;
      if (b[pos] === q) return { name, value, pos: pos + 1 };
      value += String.fromCharCode(lower(b[pos]));
    }
  }
  if (q === 0x3e) return { name, value: '', pos };
  for (;; pos++) {
    if (pos >= end) return OUT;
    const c = b[pos];
    if (isWs(c) || c === 0x3e) return { name, value, pos };
    value += String.fromCharCode(lower(c));
  }
}

/** HTML "algorithm for extracting a character encoding from a meta element" (the content attribute). */
export function encodingFromMetaContent(s: string): string | null {
  const lc = s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  let pos = 0;
  for (;;) {
    const at = lc.indexOf('charset', pos);
    if (at < 0) return null;
    pos = at + 7;
    while (pos < s.length && isWs(s.charCodeAt(pos))) pos++;
    if (s[pos] !== '=') continue; // "move position to just before that next character"; loop
    pos++;
    while (pos < s.length && isWs(s.charCodeAt(pos))) pos++;
    if (pos >= s.length) return null;
    const c = s[pos];
    if (c === '"' || c === "'") {
      const close = s.indexOf(c, pos + 1);
      if (close < 0) return null;
      return getEncoding(s.slice(pos + 1, close));
    }
    let j = pos;
    while (j < s.length && !isWs(s.charCodeAt(j)) && s[j] !== ';') j++;
    return getEncoding(s.slice(pos, j));
  }
}

/** The prescan's <meta> branch: position is at the byte after "<meta". Returns the encoding, NEXT, or OUT. */
function prescanMeta(b: Uint8Array, pos: number, end: number): { encoding: string } | { next: number } | null {
  const seen = new Set<string>();
  let gotPragma = false;
  let needPragma: boolean | null = null;
  let charset: string | null | false = null; // false: failure
  for (;;) {
    const a = getAttribute(b, pos, end);
    if (a === OUT) return OUT;
    pos = a.pos;
    if ('none' in a) break;
    if (seen.has(a.name)) continue;
    seen.add(a.name);
    if (a.name === 'http-equiv') {
      if (a.value === 'content-type') gotPragma = true;
    } else if (a.name === 'content') {
      const enc = encodingFromMetaContent(a.value);
      if (enc !== null && charset === null) { charset = enc; needPragma = true; }
    } else if (a.name === 'charset') {
      charset = getEncoding(a.value) ?? false;
      needPragma = false;
    }
  }
  if (needPragma === null || (needPragma && !gotPragma) || charset === false || charset === null) return { next: pos };
  if (charset === 'utf-16le' || charset === 'utf-16be') charset = 'utf-8';
  if (charset === 'x-user-defined') charset = 'windows-1252';
  return { encoding: charset };
}

const startsWith = (b: Uint8Array, pos: number, seq: readonly number[]): boolean => {
  if (pos + seq.length > b.length) return false;
  for (let i = 0; i < seq.length; i++) if (b[pos + i] !== seq[i]) return false;
  return true;
};

/**
 * HTML "prescan a byte stream to determine its encoding" over the first PRESCAN_BYTES bytes.
 * Returns an encoding name or null (failure).
 */
export function prescan(bytes: Uint8Array): string | null {
  const end = Math.min(bytes.length, PRESCAN_BYTES);
  const b = bytes;
  if (startsWith(b, 0, [0x3c, 0x00, 0x3f, 0x00, 0x78, 0x00])) return 'utf-16le';
  if (startsWith(b, 0, [0x00, 0x3c, 0x00, 0x3f, 0x00, 0x78])) return 'utf-16be';
  for (let pos = 0; pos < end; pos++) {
    if (b[pos] !== 0x3c) continue;
    const c1 = pos + 1 < end ? b[pos + 1] : -1;
    if (c1 === 0x21 && pos + 3 < end && b[pos + 2] === 0x2d && b[pos + 3] === 0x2d) { // <!--
      let k = pos + 4;
      while (k < end && !(b[k] === 0x3e && b[k - 1] === 0x2d && b[k - 2] === 0x2d)) k++;
      if (k >= end) break;
      pos = k;
    } else if (pos + 5 < end && lower(c1) === 0x6d && lower(b[pos + 2]) === 0x65 && lower(b[pos + 3]) === 0x74 &&
        lower(b[pos + 4]) === 0x61 && (isWs(b[pos + 5]) || b[pos + 5] === 0x2f)) { // <meta + space or slash
      const r = prescanMeta(b, pos + 5, end);
      if (r === OUT) break;
      if ('encoding' in r) return r.encoding;
      pos = r.next;
    } else if (isAsciiAlpha(c1) || (c1 === 0x2f && pos + 2 < end && isAsciiAlpha(b[pos + 2]))) { // a tag
      let k = pos + 2;
      while (k < end && !isWs(b[k]) && b[k] !== 0x3e) k++;
      const r = skipAttributes(b, k, end);
      if (r === OUT) break;
      pos = r;
    } else if (c1 === 0x21 || c1 === 0x2f || c1 === 0x3f) { // <! </ <?
      let k = pos + 2;
      while (k < end && b[k] !== 0x3e) k++;
      if (k >= end) break;
      pos = k;
    }
  }
  return xmlEncoding(b.subarray(0, end));
}

function isAsciiAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/** "Repeatedly get an attribute until no further attributes can be found": the position of the '>', or OUT. */
function skipAttributes(b: Uint8Array, pos: number, end: number): number | null {
  for (;;) {
    const a = getAttribute(b, pos, end);
    if (a === OUT) return OUT;
    if ('none' in a) return a.pos;
    pos = a.pos;
  }
}

/** HTML "get an XML encoding": the encoding of a leading `<?xml ... encoding="..."` declaration. */
export function xmlEncoding(b: Uint8Array): string | null {
  if (!startsWith(b, 0, [0x3c, 0x3f, 0x78, 0x6d, 0x6c])) return null;
  const declEnd = b.indexOf(0x3e);
  if (declEnd < 0) return null;
  const ENC = [0x65, 0x6e, 0x63, 0x6f, 0x64, 0x69, 0x6e, 0x67];
  let pos = 0;
  while (pos + ENC.length <= declEnd && !startsWith(b, pos, ENC)) pos++;
  if (pos + ENC.length > declEnd) return null;
  pos += ENC.length;
  while (pos < b.length && b[pos] <= 0x20) pos++;
  if (b[pos] !== 0x3d) return null;
  pos++;
  while (pos < b.length && b[pos] <= 0x20) pos++;
  const quote = b[pos];
  if (quote !== 0x22 && quote !== 0x27) return null;
  pos++;
  const close = b.indexOf(quote, pos);
  if (close < 0) return null;
  let label = '';
  for (let i = pos; i < close; i++) {
    if (b[i] <= 0x20) return null;
    label += String.fromCharCode(b[i]);
  }
  const enc = getEncoding(label);
  return enc === 'utf-16le' || enc === 'utf-16be' ? 'utf-8' : enc;
}

// ---------------------------------------------------------------------------------------------
// Autodetection, binary and gzip checks.

const SAMPLE_BYTES = 4096;

/**
 * BOM-less UTF-16 by its zero bytes: markup is mostly ASCII, so one byte of each pair is 0x00.
 * Returns the byte order, or null.
 */
export function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | null {
  const n = Math.min(bytes.length, SAMPLE_BYTES) & ~1;
  if (n < 8) return null;
  let evenZero = 0;
  let oddZero = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZero++;
    if (bytes[i + 1] === 0) oddZero++;
  }
  const pairs = n / 2;
  if (oddZero >= pairs * 0.3 && evenZero <= pairs * 0.02) return 'utf-16le';
  if (evenZero >= pairs * 0.3 && oddZero <= pairs * 0.02) return 'utf-16be';
  return null;
}

/**
 * Whether the bytes are not a text document: in the first 4 KB, more than 1% NUL bytes or more
 * than 5% C0 controls other than TAB LF FF CR and ESC (ESC is used by ISO-2022-JP). No
 * text encoding the web uses produces those, except UTF-16, which is excluded (with a BOM, or
 * recognised by guessUtf16).
 */
export function looksBinary(bytes: Uint8Array): boolean {
  if (bomEncoding(bytes)?.encoding.startsWith('utf-16')) return false;
  if (guessUtf16(bytes)) return false;
  const n = Math.min(bytes.length, SAMPLE_BYTES);
  let nul = 0;
  let ctrl = 0;
  for (let i = 0; i < n; i++) {
    const c = bytes[i];
    if (c >= 0x20 && c !== 0x7f) continue;
    if (c === 0) nul++;
    if (c !== 0x09 && c !== 0x0a && c !== 0x0c && c !== 0x0d && c !== 0x1b) ctrl++;
  }
  return nul * 100 > n || ctrl * 20 > n;
}

/** Whether the bytes start with the gzip magic number 1f 8b. */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

// ---------------------------------------------------------------------------------------------
// The encoding sniffing algorithm.

/** Sniff, and decode when the UTF-8 check already produced the text. */
function sniff(bytes: Uint8Array, opts: DecodeOptions, wantText: boolean): SniffResult & { text?: string } {
  const bom = bomEncoding(bytes);
  if (bom) return { encoding: bom.encoding, source: 'bom' };
  const label = charsetFromContentType(opts.contentType);
  const transport = label === null ? null : getEncoding(label);
  if (transport && isSupportedEncoding(transport)) return { encoding: transport, source: 'transport' };
  const meta = prescan(bytes);
  if (meta && isSupportedEncoding(meta)) return { encoding: meta, source: 'meta' };
  const utf16 = guessUtf16(bytes);
  if (utf16) return { encoding: utf16, source: 'fallback' };
  const text = decodeIfValidUtf8(bytes);
  if (text !== null) return wantText ? { encoding: 'utf-8', source: 'utf8-valid', text } : { encoding: 'utf-8', source: 'utf8-valid' };
  return { encoding: 'windows-1252', source: 'fallback' };
}

/**
 * HTML encoding sniffing: which encoding these bytes are in, and why.
 * BOM → transport charset (opts.contentType) → <meta> prescan → UTF-16 / valid-UTF-8 detection → windows-1252.
 */
export function sniffEncoding(bytes: Uint8Array, opts: DecodeOptions = {}): SniffResult {
  const { encoding, source } = sniff(bytes, opts, false);
  return { encoding, source };
}

/** Decode a page's bytes to text by the sniffing rules. Never throws on content; bad bytes become U+FFFD. */
export function decodeHtml(bytes: Uint8Array, opts: DecodeOptions = {}): DecodeResult {
  const s = sniff(bytes, opts, true);
  if (s.text !== undefined) return { text: s.text, encoding: s.encoding, source: s.source };
  return { text: decodeWith(bytes, s.encoding), encoding: s.encoding, source: s.source };
}
