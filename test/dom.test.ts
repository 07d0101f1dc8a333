import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml, parseHtmlReference, parseWith, warmUpParser } from '../src/dom/parse.js';
import { WARM_UP_PAGE } from '../src/dom/warm-up-page.js';
import { SIMPLE_NAMED_REFS } from '../src/dom/char-refs.js';
import { fastParseAvailable } from '../src/dom/prescan.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomElement } from '../src/dom/node.js';
import { measureText, CJK_WEIGHT } from '../src/text/measure.js';

/** The tree as a string: tags, attributes, hidden flags and text, in document order. */
function shape(el: DomElement): string {
  const out: string[] = [];
  const stack: (DomElement | string)[] = [el];
  while (stack.length) {
    const x = stack.pop()!;
    if (typeof x === 'string') { out.push(x); continue; }
    out.push(`<${x.tag}${x.attrs.map((a) => ` ${a.name}=${a.value}`).join('')}${x.hidden ? ' HIDDEN' : ''}>`);
    stack.push(`</${x.tag}>`);
    for (let i = x.children.length - 1; i >= 0; i--) {
      const c = x.children[i];
      stack.push(c.kind === 3 ? `"${c.data}"` : c);
    }
  }
  return out.join('');
}

// The tokenizer's fast paths (src/dom/prescan.ts) must build the tree plain parse5 builds.
function sameTree(html: string): void {
  assert.equal(shape(parseWith(html, {}, true).root), shape(parseHtmlReference(html).root), JSON.stringify(html));
}

test('fast tokenizer: in use with this parse5', () => {
  assert.equal(fastParseAvailable, true, 'parse5 internals changed: the fast paths are off (parsing is slower)');
});

test('fast tokenizer: every attribute is made by one constructor, on its whole-tag path and on parse5\'s', () => {
  // A { name, value } literal here let V8 pretenure its allocation site, and each page's
  // attribute strings outlived the page into later scavenges (prescan.ts, TokenAttr).
  const d = parseHtml('<body><p class="a" id=b>x</p><DIV CLASS="Upper" data-x=\'1\'>y</DIV><a href="/?q=1&amp;r=2" title=t>z</a></body>');
  const attrs = d.body!.children.flatMap((c) => (c.kind === 1 ? c.attrs : []));
  assert.deepEqual(attrs.map((a) => `${a.name}=${a.value}`), ['class=a', 'id=b', 'class=Upper', 'data-x=1', 'href=/?q=1&r=2', 'title=t']);
  const protos = new Set(attrs.map((a) => Object.getPrototypeOf(a)));
  assert.equal(protos.size, 1, 'attributes of two shapes: the whole-tag path and parse5\'s differ');
  assert.notEqual([...protos][0], Object.prototype, 'attributes are object literals again');
});

test('fast tokenizer: the tree is plain parse5\'s on hand-picked cases', () => {
  const cases = [
    '<p>a<!-- x --></p><script type="t">if (a<b) {}</script><style>p{}</style><p>b</p>',
    '<script><!-- <script> x </script> y --></script><p>z</p>',
    '<p>a<!-- never closed', '<script>x = 1', '<script data-x="a>b">x</script><p>after</p>',
    '<div title="<!--"><p>hello</p><!-- c --></div><p>after</p>',
    '<meta name="c" content="swiat<!-- end -->"><p>x</p>',
    '<title><script>x</script> t</title><xmp><!-- c --><b>x</b></xmp><p>y</p>',
    '<p>one\r\ntwo\rthree\n\rfour\r\n\r\n</p><pre>\r\nx</pre><textarea>\r\ny</textarea>',
    '<P CLASS="A B" Data-X=1 id=u>Mixed <B>Case</B></P><a href=/x?a=1&amp;b=2&c>t</a>',
    '<p>emoji \u{1F600} lone \ud800 x \udc00 y\0z &amp; &nbsp &#x41; &notit; &#0;</p>',
    '<table> x <tr><td> cell <b>b</b> text</td></tr> y </table><caption>c</caption>',
    '<svg><style>a{}</style><title>t</title><p>breaks out</p></svg><math><mi>x</mi><![CDATA[ <p> ]]></math>',
    '<select><option>a<script>s</script><textarea>t</textarea><iframe>i</iframe></select>tail',
    '<frameset><frame></frameset>x y z', '<frameset></frameset>x\fy\tz\nw', '<frameset> a b </frameset> c d </html> e f', '<body>a</body> after body </html> after html',
    '<template><p>t</p><script>s</script></template><p>x</p>',
    '<plaintext><p>all text &amp; \0 \r\n</p>', '<iframe><p>raw</iframe><noembed><p>n</noembed><noframes>f</noframes>',
    '<?bogus <p> ?><!DOCTYPE html><! x ><!--->--!>--><!----><p>p</p>', '</ x><p =a "b\'=c>d</p>',
    '<textarea>a<b>c</textarea><style>x</style >y', '<script>a</scriptx></script><p>s</p>',
    '<p a="\t\n &lt; \0 \r\n">x</p><p a=\'\r\' b=\'x&amp;y z\'>y</p><p a=b\rc>z</p>',
    // Whole tags in one step: duplicates, spacing around "=", self-closing, values that end a tag oddly.
    '<p id=a id=b class="x" class=\'y\'>d</p><p a = "1"  b =2\fc\n=\t\'3\' d>s</p><br/><img src=x/><hr />',
    '<p a="x"b="y">m</p><p a=b\'c>q</p><p a= >e</p><p a=>f</p><p a/b>g</p><p a=1/>h</p><p Class=x data-Y=1>u</p>',
    '<div hidden=hidden style="display:none">h</div><a href="/x" href="/y">l</a></p ></div\t></b x></i/>t',
    '<p class="x"', '<p class=', '<p a', '</p', '</p ',
    `<p ${Array.from({ length: 70 }, (_, i) => `a${i % 66}=v${i}`).join(' ')}>over 64 attributes, repeats past the 64th</p>`, '<p a="&amp;">v</p><p a="\ud83d\ude00">w</p><p\ra=1>cr</p>',
  ];
  for (const c of cases) sameTree(c);
});

const tagSoup = fc.array(fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('<p>', '</p>', '<div class="a">', '</div>', '<b>', '</b>', '<i>', '</i>',
    '<table>', '<tr>', '<td>', '</td>', '</tr>', '</table>', '<caption>', '<select>', '<option>', '</select>',
    '<script>', '</script>', '<style>', '</style>', '<!--', '-->', '--!>', '<!-->', '-', '<!', '<?', '</ ',
    '<noscript>', '</noscript>', '<title>', '</title>', '<textarea>', '</textarea>', '<xmp>', '</xmp>',
    '<iframe>', '</iframe>', '<noembed>', '<noframes>', '<plaintext>', '<pre>', '<listing>', '<template>', '</template>',
    '<li>', '<ul>', '</ul>', '<svg>', '<svg><script>', '</svg>', '<math>', '<mi>', '<foreignObject>', '<![CDATA[', ']]>',
    '<frameset>', '</frameset>', '<colgroup>', '<head>', '</head>', '<body>', '</body>', '</html>', '<!DOCTYPE html>', '<P CLASS=X>', '<Div ID="Y">', '<a href="x">', '</a>',
    '<br>', '<br/>', '/>', '</p >', ' id=a', ' id="b"', ' = ', '<img src="a.png" alt=b>', ' style="display:none"', ' data-x="', ' a=b', '"', "'", '<', '>', '=', '/', '`',
    ' ', '  ', '\n', '\r', '\r\n', '\t', '\f', '\0', '&', '&amp;', '&lt;', '&nbsp', '&#x41;', '&#0;', '\u{1F600}', '\ud800', 'é', '河') },
  { weight: 2, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 4 }) },
), { maxLength: 60 }).map((xs) => xs.join(''));

test('fast tokenizer: the tree is plain parse5\'s (property)', () => {
  fc.assert(fc.property(tagSoup, (html) => sameTree(html)), { numRuns: 3000 });
});

test('parser warm-up: its page parses to plain parse5\'s tree, and warming up changes no later tree', () => {
  // The warm-up page doubles as one more fast-tokenizer case: it holds most of an article page's markup.
  sameTree(WARM_UP_PAGE);
  assert.ok(WARM_UP_PAGE.includes('\r\n'), 'the page keeps its one CR LF');
  const page = '<table> x <tr><td>a &amp; b<p>c</table><b><p>d</b>e<svg><p>f</svg><!-- g -->';
  const before = shape(parseHtml(page).root);
  warmUpParser();
  assert.equal(shape(parseHtml(page).root), before);
  assert.equal(shape(parseHtml(page, { maxNodes: 3 }).root), shape(parseHtmlReference(page, { maxNodes: 3 }).root));
});

test('parse: never-content elements are dropped, hidden ones kept and flagged, noscript is markup', () => {
  const d = parseHtml('<body><script>x</script><button>Buy</button><div hidden>h</div><p style="display: none">n</p>' +
    '<noscript><p>fallback text</p></noscript><p>visible</p></body>');
  const s = shape(d.body!);
  assert.ok(!s.includes('<script') && !s.includes('Buy'), s);
  assert.ok(s.includes('<div hidden= HIDDEN>"h"</div>'), s);
  assert.ok(s.includes('HIDDEN>"n"</p>'), s);
  assert.ok(s.includes('<noscript><p>"fallback text"</p></noscript>'), s);
});

test('parse: ruby annotations (furigana) are dropped, the base text they annotate stays', () => {
  const d = parseHtml('<body><p><ruby>子<rp>(</rp><rt>こ</rt><rp>)</rp></ruby>どもへの<ruby>体罰<rt>たいばつ</rt></ruby>を禁止</p></body>');
  const s = shape(d.body!);
  assert.ok(!s.includes('<rt') && !s.includes('<rp') && !s.includes('たいばつ'), s);
  const plain = parseHtml('<body><p><ruby>子</ruby>どもへの<ruby>体罰</ruby>を禁止</p></body>');
  computeFeatures(d); computeFeatures(plain);
  assert.equal(d.body!.textLen, plain.body!.textLen);
});

test('parse: an unclosed <title> does not swallow the page', () => {
  const d = parseHtml('<html><head><title>Headline\n<body><p>' + 'Body text. '.repeat(300) + '</p></body></html>');
  assert.ok(d.body, 'body exists');
  computeFeatures(d);
  assert.ok(d.body!.textLen > 3000, `body text ${d.body!.textLen}`);
});

test('parse: the node budget cuts the tree and says so', () => {
  const d = parseHtml('<p>x</p>'.repeat(5000), { maxNodes: 1000 });
  assert.equal(d.truncated, true);
  computeFeatures(d);
  assert.ok(d.elements.length <= 1000 + 4);
});

test('parse: one parse\'s budget and cut do not carry over to the next (one adapter, state per parse)', () => {
  const cut = parseHtml('<p>x</p>'.repeat(5000), { maxNodes: 100 });
  assert.equal(cut.truncated, true);
  const whole = parseHtml('<p>x</p>'.repeat(5000));
  assert.equal(whole.truncated, false);
  computeFeatures(whole);
  assert.equal(whole.elements.filter((e) => e.tag === 'p').length, 5000);
  // A parse that throws out of the adapter (budget) leaves no half-built tree attached to the next.
  const again = parseHtml('<div><p>one</p></div>');
  computeFeatures(again);
  assert.deepEqual(again.elements.map((e) => e.tag), ['#document', 'html', 'head', 'body', 'div', 'p']);
});

test('features: text, anchor text, links, images, inline units, subtree ranges', () => {
  const d = parseHtml('<body><div id="r"><p>Hello, world. <a href="/x">a link</a></p><p><img src="i.png">Two</p></div></body>');
  computeFeatures(d);
  const r = d.elements.find((e) => e.attr('id') === 'r')!;
  assert.equal(r.links, 1);
  assert.equal(r.images, 1);
  assert.equal(r.linkTextLen, 'a link'.length);
  assert.equal(r.textLen, 'Hello, world. a link'.length + 1 + 'Two'.length);
  assert.equal(r.commas, 1);
  assert.equal(r.punct, 1);
  const p = r.children[0] as DomElement;
  assert.equal(p.inlineLen, 'Hello, world. a link'.length);
  assert.equal(p.inlineLinkLen, 'a link'.length);
  assert.equal(r.inlineLen, 0, 'a div made of paragraphs has no stray text');
  // Pre-order ids: an element's subtree is [id, id + tags].
  for (const el of d.elements) {
    for (const c of el.children) if (c.kind === 1) assert.ok(c.id > el.id && c.id <= el.id + el.tags);
  }
});

test('features: 100,000-deep nesting does not overflow the stack', () => {
  const d = parseHtml('<div>'.repeat(100_000) + 'deep');
  computeFeatures(d);
  assert.equal(d.body!.textLen, 4);
});

test('measure: CJK characters weigh as words, whitespace runs count once', () => {
  assert.deepEqual({ ...measureText('  one   two, three.  ') }, { len: 'one two, three.'.length, words: 3, punct: 1, commas: 1 });
  const cjk = measureText('河流三角洲。');
  assert.equal(cjk.len, 5 * CJK_WEIGHT + 1);
  assert.equal(cjk.words, 5);
  assert.equal(cjk.punct, 1);
});

/** measureText as first written (one code point at a time, no tables): the table version must agree. */
function measureReference(s: string): { len: number; words: number; punct: number; commas: number } {
  const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x200b || c === 0x3000 ||
    c === 0xfeff || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f;
  const isCjk = (c: number): boolean => (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) ||
    (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0x20000 && c <= 0x2fa1f);
  let len = 0, words = 0, punct = 0, commas = 0;
  let inSpace = true, inWord = false, pendingSpace = false;
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) { c = s.codePointAt(i)!; i++; }
    if (isSpace(c)) { if (!inSpace) pendingSpace = true; inSpace = true; inWord = false; continue; }
    if (pendingSpace) { len++; pendingSpace = false; }
    inSpace = false;
    if (c >= 0x3040 && isCjk(c)) { len += CJK_WEIGHT; words++; inWord = false; continue; }
    len++;
    if (c === 46 || c === 33 || c === 63 || c === 0x3002 || c === 0xff01 || c === 0xff1f) { punct++; inWord = false; continue; }
    if (c === 44 || c === 0xff0c || c === 0x3001) { commas++; inWord = false; continue; }
    const alnum = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc0;
    if (alnum) { if (!inWord) { words++; inWord = true; } } else inWord = false;
  }
  return { len, words, punct, commas };
}

test('measure: the table-driven measureText agrees with the plain one (property)', () => {
  const text = fc.array(fc.oneof(
    fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 6 }),
    fc.constantFrom(' ', '  ', '\n', '\u00a0', '\u3000', '\u200b', '。', '，', '、', '！', '？', '河流', 'カタ', '한', '\u{20000}',
      '\u{1F600}', '\ud800', '\udc00', 'é', '—', '.', ',', '!', '?', '\u00b7', '\u00bf', '\u00c0', '\u3040', '\u303f', '\uff01', '\u2028', 'x1'),
  ), { maxLength: 20 }).map((xs) => xs.join(''));
  fc.assert(fc.property(text, (s) => { assert.deepEqual({ ...measureText(s) }, measureReference(s), JSON.stringify(s)); }), { numRuns: 5000 });
});

test('fast tokenizer: simple character references in attribute values decode as parse5 decodes them', () => {
  for (const [name, text] of SIMPLE_NAMED_REFS) {
    const el = parseHtmlReference(`<p title="a&${name};b">x</p>`).body!.children[0] as DomElement;
    assert.equal(el.attr('title'), `a${text}b`, name);
  }
  const refs = ['&amp;', '&quot;', '&#39;', '&#039;', '&#x27;', '&#X2F;', '&#0;', '&#128;', '&#x80;', '&#xD800;', '&#x110000;', '&#13;',
    '&#9;', '&#xFFFE;', '&#x1F600;', '&#00000000065;', '&#65', '&amp', '&ampx;', '&AMP;', '&notin;', '&notit;', '&copy', '&#;', '&#x;', '&;', '&', '&nbsp;&nbsp;'];
  for (const r of refs) {
    sameTree(`<a href="/x?a=1${r}b=2" data-j='{${r}k${r}:1}' title="${r}">t</a><p class="${r}${r}">u</p>`);
    sameTree(`<p title="${r}"x>v</p><p title='${r}`);
  }
  fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom(...refs), fc.string({ maxLength: 4 })), { maxLength: 8 }), (parts) => {
    const v = parts.join('');
    sameTree(`<div data-v="${v.replace(/"/g, '')}" title='${v.replace(/'/g, '')}'>w</div>`);
  }), { numRuns: 1000 });
});
