/**
 * The WHATWG Encoding Standard, the parts thresher needs: the label table and "get an
 * encoding" (§4.2), "BOM sniff" (§6), and "decode" with a known encoding, through TextDecoder.
 *
 * Departures, on purpose:
 *  - windows-1252, iso-8859-16 and x-user-defined are decoded from tables here, not by
 *    TextDecoder: Node 20's windows-1252 decoder maps 0x80–0x9F to C1 controls (a latin1 fast
 *    path), and its ICU build has no iso-8859-16 or x-user-defined at all. "replacement" is
 *    decoded as the standard says: one U+FFFD for any non-empty input.
 *  - decodeIfValidUtf8 (for HTML autodetection) counts a sequence cut off at the very end as
 *    UTF-8 when the rest holds non-ASCII UTF-8: truncated downloads are common.
 *
 * Inner ring: no node: imports, no process globals.
 */
import { ThresherError } from '../errors.js';

// The WHATWG label table (Encoding Standard §4.2, encodings.json), name → labels.

const LABELS: Record<string, string> = {
  'utf-8': 'unicode-1-1-utf-8 unicode11utf8 unicode20utf8 utf-8 utf8 x-unicode20utf8',
  'ibm866': '866 cp866 csibm866 ibm866',
  'iso-8859-2': 'csisolatin2 iso-8859-2 iso-ir-101 iso8859-2 iso88592 iso_8859-2 iso_8859-2:1987 l2 latin2',
  'iso-8859-3': 'csisolatin3 iso-8859-3 iso-ir-109 iso8859-3 iso88593 iso_8859-3 iso_8859-3:1988 l3 latin3',
  'iso-8859-4': 'csisolatin4 iso-8859-4 iso-ir-110 iso8859-4 iso88594 iso_8859-4 iso_8859-4:1988 l4 latin4',
  'iso-8859-5': 'csisolatincyrillic cyrillic iso-8859-5 iso-ir-144 iso8859-5 iso88595 iso_8859-5 iso_8859-5:1988',
  'iso-8859-6': 'arabic asmo-708 csiso88596e csiso88596i csisolatinarabic ecma-114 iso-8859-6 iso-8859-6-e ' +
    'iso-8859-6-i iso-ir-127 iso8859-6 iso88596 iso_8859-6 iso_8859-6:1987',
  'iso-8859-7': 'csisolatingreek ecma-118 elot_928 greek greek8 iso-8859-7 iso-ir-126 iso8859-7 iso88597 ' +
    'iso_8859-7 iso_8859-7:1987 sun_eu_greek',
  'iso-8859-8': 'csiso88598e csisolatinhebrew hebrew iso-8859-8 iso-8859-8-e iso-ir-138 iso8859-8 iso88598 ' +
    'iso_8859-8 iso_8859-8:1988 visual',
  'iso-8859-8-i': 'csiso88598i iso-8859-8-i logical',
  'iso-8859-10': 'csisolatin6 iso-8859-10 iso-ir-157 iso8859-10 iso885910 l6 latin6',
  'iso-8859-13': 'iso-8859-13 iso8859-13 iso885913',
  'iso-8859-14': 'iso-8859-14 iso8859-14 iso885914',
  'iso-8859-15': 'csisolatin9 iso-8859-15 iso8859-15 iso885915 iso_8859-15 l9',
  'iso-8859-16': 'iso-8859-16',
  'koi8-r': 'cskoi8r koi koi8 koi8-r koi8_r',
  'koi8-u': 'koi8-ru koi8-u',
  'macintosh': 'csmacintosh mac macintosh x-mac-roman',
  'windows-874': 'dos-874 iso-8859-11 iso8859-11 iso885911 tis-620 windows-874',
  'windows-1250': 'cp1250 windows-1250 x-cp1250',
  'windows-1251': 'cp1251 windows-1251 x-cp1251',
  'windows-1252': 'ansi_x3.4-1968 ascii cp1252 cp819 csisolatin1 ibm819 iso-8859-1 iso-ir-100 iso8859-1 ' +
    'iso88591 iso_8859-1 iso_8859-1:1987 l1 latin1 us-ascii windows-1252 x-cp1252',
  'windows-1253': 'cp1253 windows-1253 x-cp1253',
  'windows-1254': 'cp1254 csisolatin5 iso-8859-9 iso-ir-148 iso8859-9 iso88599 iso_8859-9 iso_8859-9:1989 ' +
    'l5 latin5 windows-1254 x-cp1254',
  'windows-1255': 'cp1255 windows-1255 x-cp1255',
  'windows-1256': 'cp1256 windows-1256 x-cp1256',
  'windows-1257': 'cp1257 windows-1257 x-cp1257',
  'windows-1258': 'cp1258 windows-1258 x-cp1258',
  'x-mac-cyrillic': 'x-mac-cyrillic x-mac-ukrainian',
  'gbk': 'chinese csgb2312 csiso58gb231280 gb2312 gb_2312 gb_2312-80 gbk iso-ir-58 x-gbk',
  'gb18030': 'gb18030',
  'big5': 'big5 big5-hkscs cn-big5 csbig5 x-x-big5',
  'euc-jp': 'cseucpkdfmtjapanese euc-jp x-euc-jp',
  'iso-2022-jp': 'csiso2022jp iso-2022-jp',
  'shift_jis': 'csshiftjis ms932 ms_kanji shift-jis shift_jis sjis windows-31j x-sjis',
  'euc-kr': 'cseuckr csksc56011987 euc-kr iso-ir-149 korean ks_c_5601-1987 ks_c_5601-1989 ksc5601 ksc_5601 windows-949',
  'replacement': 'csiso2022kr hz-gb-2312 iso-2022-cn iso-2022-cn-ext iso-2022-kr',
  'utf-16be': 'unicodefffe utf-16be',
  'utf-16le': 'csunicode iso-10646-ucs-2 ucs-2 unicode unicodefeff utf-16 utf-16le',
  'x-user-defined': 'x-user-defined',
};

const LABEL_TO_NAME = new Map<string, string>();
for (const name of Object.keys(LABELS)) for (const label of LABELS[name].split(' ')) LABEL_TO_NAME.set(label, name);

const isAsciiWs = (c: number): boolean => c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d || c === 0x20;

/** Encoding Standard "get an encoding": the encoding name for a label, or null (failure). */
export function getEncoding(label: string): string | null {
  let a = 0;
  let b = label.length;
  while (a < b && isAsciiWs(label.charCodeAt(a))) a++;
  while (b > a && isAsciiWs(label.charCodeAt(b - 1))) b--;
  if (b - a > 32) return null; // the longest label is 19 characters
  // ASCII lowercase only: String#toLowerCase would turn U+212A KELVIN SIGN into "k".
  const key = label.slice(a, b).replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));
  return LABEL_TO_NAME.get(key) ?? null;
}

// ---------------------------------------------------------------------------------------------
// Decoders.

/** Encodings decoded from a 256-entry table here (see the header for why). */
const TABLES = new Map<string, Uint16Array>();

function latin1Table(): Uint16Array {
  const t = new Uint16Array(256);
  for (let i = 0; i < 256; i++) t[i] = i;
  return t;
}

{
  // windows-1252: latin1 except 0x80–0x9F (index-windows-1252.txt; 81 8D 8F 90 9D stay C1).
  const w = latin1Table();
  const c1 = [0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039,
    0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122,
    0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178];
  for (let i = 0; i < 32; i++) w[0x80 + i] = c1[i];
  TABLES.set('windows-1252', w);
  // iso-8859-16: latin1 except these (index-iso-8859-16.txt).
  const r = latin1Table();
  const diff: [number, number][] = [[0xa1, 0x104], [0xa2, 0x105], [0xa3, 0x141], [0xa4, 0x20ac], [0xa5, 0x201e],
    [0xa6, 0x160], [0xa8, 0x161], [0xaa, 0x218], [0xac, 0x179], [0xae, 0x17a], [0xaf, 0x17b], [0xb2, 0x10c],
    [0xb3, 0x142], [0xb4, 0x17d], [0xb5, 0x201d], [0xb8, 0x17e], [0xb9, 0x10d], [0xba, 0x219], [0xbc, 0x152],
    [0xbd, 0x153], [0xbe, 0x178], [0xbf, 0x17c], [0xc3, 0x102], [0xc5, 0x106], [0xd0, 0x110], [0xd1, 0x143],
    [0xd5, 0x150], [0xd7, 0x15a], [0xd8, 0x170], [0xdd, 0x118], [0xde, 0x21a], [0xe3, 0x103], [0xe5, 0x107],
    [0xf0, 0x111], [0xf1, 0x144], [0xf5, 0x151], [0xf7, 0x15b], [0xf8, 0x171], [0xfd, 0x119], [0xfe, 0x21b]];
  for (const [b, cp] of diff) r[b] = cp;
  TABLES.set('iso-8859-16', r);
  // x-user-defined: ASCII, then 0x80–0xFF → U+F780–U+F7FF.
  const x = latin1Table();
  for (let b = 0x80; b < 0x100; b++) x[b] = 0xf780 + b - 0x80;
  TABLES.set('x-user-defined', x);
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const TABLE_CHUNK = 1 << 20;

/** A single-byte decode: map through the table into UTF-16 code units, let the engine build the string. */
function decodeWithTable(bytes: Uint8Array, table: Uint16Array): string {
  if (bytes.length === 0) return '';
  const units = new Uint16Array(Math.min(TABLE_CHUNK, bytes.length));
  const utf16 = new TextDecoder(LITTLE_ENDIAN ? 'utf-16le' : 'utf-16be');
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += TABLE_CHUNK) {
    const n = Math.min(TABLE_CHUNK, bytes.length - start);
    for (let j = 0; j < n; j++) units[j] = table[bytes[start + j]];
    parts.push(utf16.decode(units.subarray(0, n)));
  }
  return parts.length === 1 ? parts[0] : parts.join('');
}

const SUPPORTED = new Map<string, boolean>();

/** Whether this runtime can decode the named encoding (Node's ICU, a browser: all of them). */
export function isSupportedEncoding(name: string): boolean {
  if (TABLES.has(name) || name === 'replacement') return true;
  let ok = SUPPORTED.get(name);
  if (ok === undefined) {
    try { new TextDecoder(name); ok = true; } catch { ok = false; }
    SUPPORTED.set(name, ok);
  }
  return ok;
}

/**
 * Decode with a known encoding (Encoding Standard "decode": a BOM still wins and is removed).
 * Undecodable bytes become U+FFFD; never throws on content.
 */
export function decodeWith(bytes: Uint8Array, encoding: string): string {
  const bom = bomEncoding(bytes);
  if (bom) { encoding = bom.encoding; bytes = bytes.subarray(bom.length); }
  try {
    const table = TABLES.get(encoding);
    if (table) return decodeWithTable(bytes, table);
    if (encoding === 'replacement') return bytes.length > 0 ? '\uFFFD' : '';
    if (!isSupportedEncoding(encoding)) encoding = 'windows-1252';
    if (encoding === 'windows-1252') return decodeWithTable(bytes, TABLES.get('windows-1252')!);
    return new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
  } catch (e) {
    // The only failure left is the engine's string-length limit (about 2^29 code units in V8).
    throw new ThresherError('E_INPUT_TOO_LARGE',
      `the page does not fit in one string once decoded (${bytes.length} bytes as ${encoding}); split it or lower budget.maxBytes`,
      { bytes: bytes.length, encoding, cause: e instanceof Error ? e.message : String(e) });
  }
}

/**
 * Where a UTF-8 sequence cut off by the end of the input starts (a lead byte followed only by
 * continuation bytes, fewer than it needs), or bytes.length when the input does not end that way.
 */
function truncatedUtf8Tail(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = n - 1; i >= Math.max(0, n - 3); i--) {
    const b = bytes[i];
    if (b >= 0x80 && b < 0xc0) continue; // continuation byte: keep looking for the lead
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > n - i ? i : n;
  }
  return n;
}

/**
 * The whole input as UTF-8 if it is valid UTF-8, else null. One pass: the text is the result.
 * A sequence cut off at the very end (a truncated download) still counts when the rest holds
 * at least one non-ASCII character, i.e. there is positive evidence of UTF-8.
 */
export function decodeIfValidUtf8(bytes: Uint8Array): string | null {
  const cut = truncatedUtf8Tail(bytes);
  let text: string;
  // Not {stream: true}: Node's streaming decode is ten times slower than a whole-buffer one.
  try { text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(0, cut)); } catch { return null; }
  if (cut === bytes.length) return text;
  // eslint-disable-next-line no-control-regex
  return /[^\x00-\x7f]/.test(text) ? text + '\uFFFD' : null;
}

// ---------------------------------------------------------------------------------------------
// BOM sniffing.

/** Encoding Standard "BOM sniff": the encoding a byte order mark names, and the BOM's length. */
export function bomEncoding(bytes: Uint8Array): { encoding: string; length: number } | null {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { encoding: 'utf-8', length: 3 };
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) return { encoding: 'utf-16be', length: 2 };
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) return { encoding: 'utf-16le', length: 2 };
  return null;
}
