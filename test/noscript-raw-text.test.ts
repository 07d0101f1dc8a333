// A raw text element a <noscript> leaves open (src/dom/noscript-raw-text.ts): closed at the
// </noscript>, as a browser with scripts reads the <noscript>, so the page after it is not lost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml, parseHtmlReference } from '../src/dom/parse.js';
import { closeRawTextInNoscript } from '../src/dom/noscript-raw-text.js';
import type { DomElement } from '../src/dom/node.js';
import { extract } from '../src/index.js';

/** Element tags and text, in document order. */
function outline(el: DomElement): string {
  return el.children.map((c) => (c.kind === 3 ? c.data.trim() : `<${c.tag}>${outline(c)}`)).filter(Boolean).join(' ');
}
const both = (html: string): string[] => [outline(parseHtml(html).body!), outline(parseHtmlReference(html).body!)];

const TAG_MANAGER = '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0" style="display:none" /></noscript>';
const ARTICLE = '<article><h1>River levels</h1>' +
  '<p>The river rose by two metres overnight, and the town opened its flood barriers before dawn for the first time since 2013.</p>' +
  '<p>Engineers said the barriers held, and that the water would fall again by the weekend if the rain stopped as forecast.</p></article>';

test('noscript raw text: a self-closing frame in a <noscript> no longer swallows the page', () => {
  const html = `<html><body>${TAG_MANAGER}<header><a href="/">Home</a></header>${ARTICLE}</body></html>`;
  for (const s of both(html)) assert.equal(s, '<noscript> <header><a>Home <article><h1>River levels <p>The river rose by two metres overnight, and the town opened its flood barriers before dawn for the first time since 2013. <p>Engineers said the barriers held, and that the water would fall again by the weekend if the rain stopped as forecast.');
  const r = extract(html, { url: 'https://example.org/news/river' });
  assert.match(r.text, /barriers held/);
});

test('noscript raw text: a frame whose text ran to a later </iframe> gives back what it swallowed', () => {
  const html = `<html><body>${TAG_MANAGER}<p>First paragraph.</p><iframe src="https://video.example/1"></iframe><p>After the video.</p></body></html>`;
  for (const s of both(html)) assert.equal(s, '<noscript> <p>First paragraph. <p>After the video.');
});

test('noscript raw text: a closed frame, and markup a <noscript> holds, are parsed as before', () => {
  const closed = '<body><noscript><iframe src="x"></iframe><p>Enable scripts.</p></noscript><main><p>Body</p></main>';
  assert.equal(closeRawTextInNoscript(closed), null);
  for (const s of both(closed)) assert.equal(s, '<noscript><p>Enable scripts. <main><p>Body');
  // A frame left open outside any <noscript> runs to the end, in a browser with scripts too.
  const open = '<main><p>Body</p><iframe src="x" /><p>after</p></main>';
  assert.equal(closeRawTextInNoscript(open), null);
  for (const s of both(open)) assert.equal(s, '<main><p>Body');
});

test('noscript raw text: the repair closes each open element at its own </noscript>', () => {
  assert.equal(closeRawTextInNoscript('<noscript><iframe src=a /></noscript><p>x</p><NOSCRIPT class=n><textarea>t</NOSCRIPT>'),
    '<noscript><iframe src=a /></iframe></noscript><p>x</p><NOSCRIPT class=n><textarea>t</textarea></NOSCRIPT>');
  assert.equal(closeRawTextInNoscript('<noscript><style>a{}</style><script>x</script ></noscript>'), null);
});
