import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml } from '../src/dom/parse.js';
import { stripRawText } from '../src/dom/prescan.js';
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

test('prescan: removes script/style bodies and comments, keeps the rest byte for byte', () => {
  const src = '<p>a<!-- x --></p><script type="t">if (a<b) {}</script><style>p{}</style><p>b</p>';
  assert.equal(stripRawText(src), '<p>a</p><script type="t"></script><style></style><p>b</p>');
  assert.equal(stripRawText('<p>no raw text</p>'), '<p>no raw text</p>');
  // A script body with "<!--" can move its end tag: it is left to the parser.
  const escaped = '<script><!-- <script> x </script> y --></script><p>z</p>';
  assert.equal(stripRawText(escaped), escaped);
  // An unclosed comment or script is left as it is.
  assert.equal(stripRawText('<p>a<!-- never closed'), '<p>a<!-- never closed');
  assert.equal(stripRawText('<script>x = 1'), '<script>x = 1');
  assert.equal(stripRawText('<script data-x="a>b">x</script>'), '<script data-x="a>b"></script>');
});

const tagSoup = fc.array(fc.oneof(
  fc.constantFrom('<p>', '</p>', '<div class="a">', '</div>', '<b>', '</b>', '<table><tr><td>', '</td></tr></table>',
    '<script>', '</script>', '<style>', '</style>', '<!--', '-->', '<noscript>', '</noscript>', '<title>', '</title>',
    '<li>', '<ul>', '</ul>', '<svg><script>', '</svg>', '"', "'", '<', '>', '=', '<a href="x">', '</a>', '<br>'),
  fc.string({ maxLength: 8 }),
), { maxLength: 60 }).map((xs) => xs.join(''));

test('prescan: the tree built from the stripped page is the tree built from the page (property)', () => {
  fc.assert(fc.property(tagSoup, (html) => {
    // parseHtml strips; compare with a parse of the already-stripped text, stripped again (a no-op).
    const a = parseHtml(html), b = parseHtml(stripRawText(html));
    assert.equal(shape(a.root), shape(b.root));
    assert.equal(stripRawText(stripRawText(html)), stripRawText(html));
  }), { numRuns: 400 });
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
