/**
 * Encoding sniffing and decoding (src/dom/decode.ts): BOM → transport charset → <meta> prescan →
 * UTF-16 / valid-UTF-8 autodetection → windows-1252. Legacy-charset bytes are written by hand
 * (Node cannot encode them); each array is the encoding of the characters named beside it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  charsetFromContentType, decodeHtml, decodeWith, getEncoding, guessUtf16, isGzip, looksBinary, prescan,
  sniffEncoding,
} from '../src/dom/decode.js';

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const bytes = (...parts: (string | number[])[]): Uint8Array =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? ascii(p) : p)));
function utf16(s: string, order: 'le' | 'be'): number[] {
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (order === 'le') out.push(c & 0xff, c >> 8); else out.push(c >> 8, c & 0xff);
  }
  return out;
}

// Hand-encoded text.
const SJIS_NIHONGO = [0x93, 0xfa, 0x96, 0x7b, 0x8c, 0xea]; // 日本語 in Shift_JIS
const GB_ZHONGWEN = [0xd6, 0xd0, 0xce, 0xc4]; // 中文 in GBK / gb18030
const GB18030_U20000 = [0x95, 0x32, 0x82, 0x36]; // U+20000 𠀀, a gb18030 four-byte sequence
const CP1251_PRIVET = [0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]; // Привет in windows-1251
const KOI8R_PRIVET = [0xf0, 0xd2, 0xc9, 0xd7, 0xc5, 0xd4]; // Привет in KOI8-R
const EUCKR_HANGUK = [0xc7, 0xd1, 0xb1, 0xb9]; // 한국 in EUC-KR
const BIG5_ZHONGWEN = [0xa4, 0xa4, 0xa4, 0xe5]; // 中文 in Big5
const CP1252_CAFE = [0x63, 0x61, 0x66, 0xe9]; // café in windows-1252 (invalid UTF-8)

test('BOM: UTF-8 BOM wins over transport and meta, and is removed', () => {
  const b = bytes([0xef, 0xbb, 0xbf], '<meta charset="shift_jis"><p>', [...utf8('café')]);
  const r = decodeHtml(b, { contentType: 'text/html; charset=windows-1251' });
  assert.deepEqual([r.encoding, r.source], ['utf-8', 'bom']);
  assert.equal(r.text, '<meta charset="shift_jis"><p>café');
});

test('BOM: UTF-16LE and UTF-16BE', () => {
  const html = '<meta charset="utf-8"><p>Привет 日本</p>';
  const le = decodeHtml(bytes([0xff, 0xfe], utf16(html, 'le')));
  assert.deepEqual([le.encoding, le.source, le.text], ['utf-16le', 'bom', html]);
  const be = decodeHtml(bytes([0xfe, 0xff], utf16(html, 'be')), { contentType: 'text/html; charset=utf-8' });
  assert.deepEqual([be.encoding, be.source, be.text], ['utf-16be', 'bom', html]);
});

test('transport charset beats <meta>', () => {
  const b = bytes('<meta charset="utf-8"><p>', CP1251_PRIVET, '</p>');
  const r = decodeHtml(b, { contentType: 'text/html; charset=windows-1251' });
  assert.deepEqual([r.encoding, r.source], ['windows-1251', 'transport']);
  assert.equal(r.text, '<meta charset="utf-8"><p>Привет</p>');
});

test('transport charset: quoted, any case, label aliases, first parameter wins', () => {
  const b = bytes('<p>', SJIS_NIHONGO);
  assert.equal(decodeHtml(b, { contentType: 'text/html; Charset="Shift_JIS"' }).text, '<p>日本語');
  assert.equal(decodeHtml(b, { contentType: 'TEXT/HTML;charset=x-sjis;charset=koi8-r' }).text, '<p>日本語');
  assert.equal(sniffEncoding(b, { contentType: 'text/html; charset=ms_kanji' }).encoding, 'shift_jis');
  assert.equal(charsetFromContentType('text/html; charset="utf\\-8"'), 'utf-8');
  assert.equal(charsetFromContentType('text/html ; foo=bar; charset = koi8-r'), null); // space before '=' is part of the name
  assert.equal(charsetFromContentType('text/html;foo=bar;charset=koi8-r'), 'koi8-r');
});

test('transport: an unknown label, a charset-less type or a malformed type is ignored (meta decides)', () => {
  const b = bytes('<meta charset="windows-1251"><p>', CP1251_PRIVET);
  for (const contentType of ['text/html; charset=no-such-charset', 'text/html', 'charset=koi8-r', '', 'nonsense; charset=koi8-r']) {
    const r = decodeHtml(b, { contentType });
    assert.deepEqual([r.encoding, r.source], ['windows-1251', 'meta'], contentType);
    assert.ok(r.text.endsWith('Привет'));
  }
});

test('transport: repeated Content-Type values follow Fetch "extract a MIME type"', () => {
  assert.equal(charsetFromContentType('text/html;charset=gbk, text/html'), 'gbk');
  assert.equal(charsetFromContentType('text/html;charset=gbk, text/plain'), null);
  assert.equal(charsetFromContentType('text/html;charset=gbk, */*'), 'gbk');
});

test('transport utf-16 stays utf-16 (only <meta> maps utf-16 to utf-8)', () => {
  const r = decodeHtml(bytes(utf16('<p>hi</p>', 'le')), { contentType: 'text/html; charset=utf-16' });
  assert.deepEqual([r.encoding, r.source, r.text], ['utf-16le', 'transport', '<p>hi</p>']);
});

test('meta prescan: charset attribute, any case, quotes or none, slash-separated', () => {
  const cases = [
    '<meta charset="windows-1251">', "<META CHARSET='Windows-1251'>", '<meta charset=windows-1251>',
    '<meta charset="cp1251"/>', '<meta/charset=x-cp1251>', '<meta\tcharset = "  windows-1251 "\n>',
    '<!DOCTYPE html><html lang=ru><head><title>t</title><meta name=x content=y><meta charset=windows-1251>',
  ];
  for (const head of cases) {
    const r = decodeHtml(bytes(head, '<p>', CP1251_PRIVET));
    assert.deepEqual([r.encoding, r.source], ['windows-1251', 'meta'], head);
    assert.ok(r.text.endsWith('<p>Привет'), head);
  }
});

test('meta prescan: http-equiv content-type with content=...charset=', () => {
  const cases = [
    '<meta http-equiv="Content-Type" content="text/html; charset=koi8-r">',
    '<meta content="text/html; charset=KOI8-R" http-equiv="content-type">',
    "<meta http-equiv=content-type content='text/html;charset=\"koi8-r\"'>",
    '<meta http-equiv="Content-Type" content="text/html; charset = koi8-r ; foo">',
    '<meta http-equiv="Content-Type" content="charsetx; charset=koi8-r">',
  ];
  for (const head of cases) {
    const r = decodeHtml(bytes(head, '<p>', KOI8R_PRIVET));
    assert.deepEqual([r.encoding, r.source], ['koi8-r', 'meta'], head);
    assert.ok(r.text.endsWith('<p>Привет'), head);
  }
});

test('meta prescan: content= without http-equiv content-type is not a declaration', () => {
  for (const head of ['<meta content="text/html; charset=koi8-r">', '<meta http-equiv="refresh" content="0; charset=koi8-r">']) {
    const r = sniffEncoding(bytes(head, '<p>', KOI8R_PRIVET));
    assert.notEqual(r.encoding, 'koi8-r', head);
    assert.equal(r.source, 'fallback');
  }
});

test('meta prescan: comments, other tags\' attributes and declarations before the real <meta> are skipped', () => {
  const heads = [
    '<!-- <meta charset="koi8-r"> --><meta charset="windows-1251">',
    '<!--><meta charset="windows-1251">', // "<!-->" closes the comment at once
    '<div title="<meta charset=koi8-r>"><meta charset="windows-1251">',
    '<!DOCTYPE html "<meta charset=koi8-r>"><meta charset="windows-1251">',
    '<?php echo "<meta charset=koi8-r>" ?><meta charset="windows-1251">',
    '</p title="<meta charset=koi8-r>"><meta charset="windows-1251">',
    '<metax charset="koi8-r"><meta charset="windows-1251">',
    '<meta charset="no-such-charset"><meta charset="windows-1251">',
    '<meta content="text/html; charset=koi8-r"><meta charset="windows-1251">',
  ];
  for (const head of heads) assert.equal(prescan(bytes(head, '<p>', CP1251_PRIVET)), 'windows-1251', head);
});

test('meta prescan: an unquoted value runs to whitespace or ">" (a "/" is part of it, as the spec says)', () => {
  assert.equal(prescan(bytes('<meta charset=koi8-r/>')), null);
  assert.equal(prescan(bytes('<meta charset=koi8-r />')), 'koi8-r');
});

test('meta prescan: the first of duplicate attributes counts; charset= beats an earlier content=', () => {
  assert.equal(prescan(bytes('<meta charset="koi8-r" charset="windows-1251">')), 'koi8-r');
  assert.equal(prescan(bytes('<meta http-equiv="content-type" content="text/html; charset=koi8-r" charset="windows-1251">')), 'windows-1251');
});

test('meta prescan: utf-16 means utf-8, x-user-defined means windows-1252', () => {
  assert.equal(prescan(bytes('<meta charset="utf-16">')), 'utf-8');
  assert.equal(prescan(bytes('<meta charset="UTF-16BE">')), 'utf-8');
  assert.equal(prescan(bytes('<meta charset="x-user-defined">')), 'windows-1252');
  const r = decodeHtml(bytes('<meta charset="utf-16"><p>', [...utf8('é')]));
  assert.deepEqual([r.encoding, r.source, r.text.slice(-1)], ['utf-8', 'meta', 'é']);
});

test('meta prescan: only the first 1024 bytes count; a cut-off comment or tag ends the scan', () => {
  const pad = ' '.repeat(1024);
  assert.equal(prescan(bytes(pad, '<meta charset="koi8-r">')), null);
  assert.equal(prescan(bytes('<!--', pad, '--><meta charset="koi8-r">')), null);
  assert.equal(prescan(bytes('<meta name="', pad, '" charset="koi8-r">')), null);
  assert.equal(prescan(bytes(' '.repeat(1000), '<meta charset="koi8-r">')), 'koi8-r');
});

test('XML declaration: <?xml encoding=...?> when no <meta> says otherwise', () => {
  assert.equal(prescan(bytes('<?xml version="1.0" encoding="windows-1251"?><html>')), 'windows-1251');
  assert.equal(prescan(bytes("<?xml version='1.0' encoding = 'UTF-16'?><html>")), 'utf-8');
  assert.equal(prescan(bytes('<?xml version="1.0" encoding="windows-1251"?><meta charset="koi8-r">')), 'koi8-r');
  assert.equal(prescan(bytes(' <?xml version="1.0" encoding="windows-1251"?>')), null);
  assert.equal(prescan(bytes(utf16('<?xml version="1.0"?><html>', 'le'))), 'utf-16le');
  assert.equal(prescan(bytes(utf16('<?xml version="1.0"?><html>', 'be'))), 'utf-16be');
});

test('legacy CJK and Cyrillic encodings decode through <meta>', () => {
  const cases: [string, number[], string, string][] = [
    ['shift_jis', SJIS_NIHONGO, 'shift_jis', '日本語'],
    ['Shift-JIS', SJIS_NIHONGO, 'shift_jis', '日本語'],
    ['gb2312', GB_ZHONGWEN, 'gbk', '中文'],
    ['gb18030', [...GB_ZHONGWEN, ...GB18030_U20000], 'gb18030', '中文\u{20000}'],
    ['windows-1251', CP1251_PRIVET, 'windows-1251', 'Привет'],
    ['koi8-r', KOI8R_PRIVET, 'koi8-r', 'Привет'],
    ['euc-kr', EUCKR_HANGUK, 'euc-kr', '한국'],
    ['big5', BIG5_ZHONGWEN, 'big5', '中文'],
  ];
  for (const [label, enc, name, text] of cases) {
    const r = decodeHtml(bytes(`<meta charset="${label}"><p>`, enc, '</p>'));
    assert.deepEqual([r.encoding, r.source], [name, 'meta'], label);
    assert.equal(r.text, `<meta charset="${label}"><p>${text}</p>`, label);
  }
});

test('no declaration: valid UTF-8 is UTF-8, pure ASCII too', () => {
  const r = decodeHtml(utf8('<p>日本語 Привет café</p>'));
  assert.deepEqual([r.encoding, r.source, r.text], ['utf-8', 'utf8-valid', '<p>日本語 Привет café</p>']);
  assert.deepEqual(sniffEncoding(utf8('<p>plain</p>')), { encoding: 'utf-8', source: 'utf8-valid' });
});

test('no declaration: invalid UTF-8 falls back to windows-1252 (0x80–0x9F are not C1 controls)', () => {
  const r = decodeHtml(bytes('<p>', CP1252_CAFE, ' ', [0x80, 0x93, 0x94, 0x9f, 0x81], '</p>'));
  assert.deepEqual([r.encoding, r.source], ['windows-1252', 'fallback']);
  assert.equal(r.text, '<p>café €\u201c\u201d\u0178\u0081</p>');
  const latin1 = decodeHtml(bytes('<meta charset="iso-8859-1"><p>', [0x80, 0xe9]));
  assert.equal(latin1.encoding, 'windows-1252');
  assert.ok(latin1.text.endsWith('€é'));
});

test('a UTF-8 sequence cut off at the very end still reads as UTF-8 when the rest is UTF-8', () => {
  const r = decodeHtml(bytes([...utf8('<p>café')], [0xe2, 0x82]));
  assert.deepEqual([r.encoding, r.text], ['utf-8', '<p>café\uFFFD']);
  // Without other UTF-8 evidence a trailing high byte is windows-1252.
  assert.equal(decodeHtml(bytes('<p>', CP1252_CAFE)).text, '<p>café');
});

test('undecodable bytes become U+FFFD and never throw', () => {
  const bad = bytes('<p>', [0xff, 0xfe, 0x80, 0xc0, 0xaf, 0xed, 0xa0, 0x80], '</p>');
  for (const contentType of ['text/html; charset=utf-8', 'text/html; charset=shift_jis', 'text/html; charset=gb18030',
    'text/html; charset=euc-kr', 'text/html; charset=big5', 'text/html; charset=iso-2022-jp', 'text/html; charset=utf-16be']) {
    const r = decodeHtml(bad, { contentType });
    assert.equal(typeof r.text, 'string');
    assert.ok(r.text.includes('\uFFFD'), contentType);
  }
  const sjis = decodeHtml(bytes('<p>', SJIS_NIHONGO.slice(0, 3)), { contentType: 'text/html;charset=shift_jis' });
  assert.equal(sjis.text, '<p>日\uFFFD');
});

test('the replacement encoding decodes to a single U+FFFD, as the Encoding Standard says', () => {
  const r = decodeHtml(bytes('<p>hello</p>'), { contentType: 'text/html; charset=iso-2022-kr' });
  assert.deepEqual([r.encoding, r.text], ['replacement', '\uFFFD']);
});

test('encodings decoded from tables: iso-8859-16 and x-user-defined', () => {
  assert.equal(decodeWith(bytes([0xa4, 0xaa, 0xde, 0x41]), 'iso-8859-16'), '€ȘȚA');
  assert.equal(decodeWith(bytes([0x41, 0x80, 0xff]), 'x-user-defined'), 'A\uF780\uF7FF');
  const r = decodeHtml(bytes('<p>', [0xaa]), { contentType: 'text/html; charset=ISO-8859-16' });
  assert.deepEqual([r.encoding, r.text], ['iso-8859-16', '<p>Ș']);
});

test('getEncoding: the WHATWG label table, ASCII case-insensitive, whitespace-trimmed', () => {
  assert.equal(getEncoding(' \tUTF8\n'), 'utf-8');
  assert.equal(getEncoding('latin1'), 'windows-1252');
  assert.equal(getEncoding('ASCII'), 'windows-1252');
  assert.equal(getEncoding('iso-8859-11'), 'windows-874');
  assert.equal(getEncoding('ucs-2'), 'utf-16le');
  assert.equal(getEncoding('hz-gb-2312'), 'replacement');
  assert.equal(getEncoding('\u212Aoi8-r'), null); // KELVIN SIGN is not an ASCII "k"
  assert.equal(getEncoding('utf-7'), null);
  assert.equal(getEncoding(''), null);
  assert.equal(getEncoding(' '.repeat(100) + 'Shift_JIS' + '\n'.repeat(100)), 'shift_jis');
  assert.equal(charsetFromContentType('text/html;' + ' '.repeat(100_000) + 'charset=koi8-r' + ' '.repeat(100_000)), 'koi8-r');
});

test('BOM-less UTF-16 is recognised by its zero bytes', () => {
  const html = '<html><body><p>Hello, world. Привет.</p></body></html>';
  assert.equal(guessUtf16(bytes(utf16(html, 'le'))), 'utf-16le');
  assert.equal(guessUtf16(bytes(utf16(html, 'be'))), 'utf-16be');
  const r = decodeHtml(bytes(utf16(html, 'be')));
  assert.deepEqual([r.encoding, r.source, r.text], ['utf-16be', 'fallback', html]);
  assert.equal(looksBinary(bytes(utf16(html, 'le'))), false);
});

test('looksBinary: random bytes and images are binary; pages in any encoding are not', () => {
  let seed = 42;
  const rnd = new Uint8Array(8192).map(() => { seed = (seed * 1103515245 + 12345) >>> 0; return seed >>> 24; });
  assert.equal(looksBinary(rnd), true);
  const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0, 0, 0, 1, 0, 8, 6, 0, 0, 0]);
  assert.equal(looksBinary(png), true);
  assert.equal(looksBinary(new Uint8Array(100)), true);
  assert.equal(looksBinary(new Uint8Array(0)), false);
  assert.equal(looksBinary(utf8('<!doctype html><p>日本語\tcafé\r\n</p>')), false);
  assert.equal(looksBinary(bytes('<p>', SJIS_NIHONGO, GB18030_U20000, CP1251_PRIVET, '</p>')), false);
  assert.equal(looksBinary(bytes('<p>', [0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x1b, 0x28, 0x42], '</p>')), false); // ISO-2022-JP
  assert.equal(looksBinary(bytes([0xff, 0xfe], utf16('<p>hi</p>', 'le'))), false);
  assert.equal(looksBinary(bytes('<p>', ' '.repeat(500), [0], '</p>')), false); // one stray NUL in a page
});

test('isGzip: the 1f 8b magic', () => {
  assert.equal(isGzip(bytes([0x1f, 0x8b, 0x08, 0])), true);
  assert.equal(isGzip(bytes([0x1f])), false);
  assert.equal(isGzip(utf8('<html>')), false);
});

test('a 20 MB page decodes in one piece by every path', () => {
  const para = '<p>' + 'word '.repeat(40) + '</p>\n';
  const page = para.repeat(Math.ceil(20e6 / para.length));
  const b = utf8(page);
  assert.equal(decodeHtml(b).text.length, page.length);
  assert.equal(decodeHtml(b, { contentType: 'text/html;charset=windows-1252' }).text.length, page.length);
  const withHigh = b.slice();
  withHigh[withHigh.length - 10] = 0xe9;
  const r = decodeHtml(withHigh);
  assert.deepEqual([r.encoding, r.text.length], ['windows-1252', page.length]);
});

test('property: decodeHtml never throws on any bytes and any Content-Type', () => {
  fc.assert(fc.property(
    fc.uint8Array({ maxLength: 3000 }),
    fc.option(fc.string({ maxLength: 60 })),
    (b, ct) => {
      const r = decodeHtml(b, { contentType: ct ?? undefined });
      assert.equal(typeof r.text, 'string');
      assert.equal(typeof r.encoding, 'string');
    },
  ), { numRuns: 500 });
});

test('property: a <meta charset> in the first bytes is found whatever precedes it in plain markup', () => {
  const safe = fc.constantFrom('<p>', '</div>', '<a href="x">', '<!-- c -->', 'text ', '<br/>', '<img alt=">">', '\n');
  fc.assert(fc.property(fc.array(safe, { maxLength: 30 }), fc.constantFrom('koi8-r', 'Shift_JIS', 'GB18030', 'windows-1251'), (pre, label) => {
    const b = bytes(pre.join(''), `<meta charset="${label}">`);
    assert.equal(prescan(b), getEncoding(label));
  }), { numRuns: 300 });
});
