// React's streamed server rendering (src/dom/streamed-segments.ts): a part sent after its place
// is shown in its place, as a browser with scripts shows it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml, parseHtmlReference } from '../src/dom/parse.js';
import type { DomElement } from '../src/dom/node.js';
import { extract } from '../src/index.js';

/** Element tags (with an id, and ! when hidden) and text, in document order. */
function outline(el: DomElement): string {
  return el.children.map((c) => {
    if (c.kind === 3) return c.data.trim();
    const id = c.attr('id');
    return `<${c.tag}${id ? `#${id}` : ''}${c.hidden ? '!' : ''}>${outline(c)}`;
  }).filter(Boolean).join(' ');
}

const both = (html: string): string[] => [outline(parseHtml(html).body!), outline(parseHtmlReference(html).body!)];

test('streamed segments: a boundary\'s segment replaces its fallback, where the placeholder was', () => {
  const html = '<main><h1>T</h1><!--$?--><template id="B:0"></template><p>Loading…</p><!--/$--><p>after</p></main>' +
    '<footer>f</footer><div hidden id="S:0"><p>Streamed body</p></div><script>$RC("B:0","S:0")</script>';
  for (const s of both(html)) assert.equal(s, '<main><h1>T <div#S:0><p>Streamed body <p>after <footer>f');
});

test('streamed segments: placeholders inside a segment are filled too, whatever the order of arrival', () => {
  const html = '<article><!--$?--><template id="B:1"></template><!--/$--></article>' +
    '<div hidden id="S:a"><p>inner</p></div>' +
    '<div hidden id="S:1"><p>outer</p><template id="P:a"></template><p>end</p></div>';
  for (const s of both(html)) assert.equal(s, '<article><div#S:1><p>outer <div#S:a><p>inner <p>end');
});

test('streamed segments: a completed boundary and an unrelated hidden block are left as they are', () => {
  const html = '<main><!--$--><p>inline</p><!--/$--></main><div hidden id="S:7"><p>no placeholder</p></div>' +
    '<div hidden id="menu"><p>m</p></div><div id="S:8"><p>shown</p></div>';
  for (const s of both(html)) assert.equal(s, '<main><p>inline <div#S:7!><p>no placeholder <div#menu!><p>m <div#S:8><p>shown');
});

test('streamed segments: unbalanced boundary comments and a segment holding its own placeholder do not break the tree', () => {
  const html = '<div><!--/$--><!--$?--><template id="B:2"></template><p>wait</p></div><p>x</p><!--/$-->' +
    '<div hidden id="S:2"><template id="P:3"></template><p>two</p></div><div hidden id="S:3"><p>three</p></div>';
  for (const s of both(html)) assert.equal(s, '<div><div#S:2><div#S:3><p>three <p>two <p>wait <p>x');
});

test('streamed segments: an article sent after the page\'s frame is the extracted text, not a hidden block', () => {
  const para = (i: number) => `<p>Paragraph ${i} of the streamed report explains, in a full sentence with several clauses, how the river crossing was rebuilt after the flood of the previous spring.</p>`;
  const html = '<html><head><title>Rebuilding the crossing</title></head><body>' +
    '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a></nav>' +
    '<main><h1>Rebuilding the crossing</h1><p>The new bridge opened on Monday, eight months after the flood closed the old one, and the first buses crossed it at dawn.</p>' +
    '<!--$?--><template id="B:0"></template><div class="skeleton">Loading article…</div><!--/$--></main>' +
    '<aside><h2>More from the valley</h2><p>The ferry timetable changes again this winter, with fewer crossings on Sundays and a new evening service.</p>' +
    '<p>Volunteers at the museum are cataloguing the photographs the flood nearly destroyed, one damp album at a time.</p>' +
    '<p>The allotment society has moved its autumn show to the school hall, where the leeks will be judged on Saturday morning.</p>' +
    '<p>A bakery on the high street is to close after ninety years; its owners say the rent has doubled since the spring.</p></aside>' +
    '<footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer>' +
    `<div hidden id="S:0"><article>${[1, 2, 3].map(para).join('')}</article></div>` +
    '<script>$RC("B:0","S:0")</script></body></html>';
  const r = extract(html, { url: 'https://example.org/news/crossing' });
  assert.match(r.text, /Paragraph 1 of the streamed report/);
  assert.match(r.text, /Paragraph 3 of the streamed report/);
  assert.doesNotMatch(r.text, /Loading article/);
});
