/**
 * A page with an unclosed <title> rendered: the browser would read the rest of the page as the
 * title's text (its DOM one long title), so the renderer repairs the source first, as thresher's
 * parser does (dom/parse.ts repairUnclosedTitle). Needs Chromium (CI installs it).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { extract } from '../src/index.js';
import { repairUnclosedTitle } from '../src/dom/parse.js';
import { RenderPool } from '../src/render-browser/index.js';

const pool = new RenderPool();
after(() => pool.close());

const PROSE = 'The harvest came in late that year, and the threshing floor was busy from dawn until the light failed over the fields behind the mill.';
const PAGE = `<!doctype html><html><head><title>Television - Int\n<link rel="search" href="/search/opensearch.xml" />\n</head><body><div id="outer"><ul><li><a href="/">Home</a></li></ul>` +
  `<div class="story"><h1>Harvest</h1>${`<p>${PROSE}</p>`.repeat(4)}</div></div></body></html>`;

test('repairUnclosedTitle: closes the title at the end of its first line; a page with </title> is left alone', () => {
  assert.match(repairUnclosedTitle(PAGE), /<title>Television - Int<\/title>\n<link/);
  const fine = '<title>A title</title><p>text</p>';
  assert.equal(repairUnclosedTitle(fine), fine);
});

test('a page with an unclosed <title> renders with its body, and the rendered DOM gives its text', async () => {
  const r = await pool.render(PAGE, { url: 'https://tv.example/story' });
  assert.match(r.html, /<title>Television - Int<\/title>/);
  assert.match(extract(r.html, { url: 'https://tv.example/story' }).text, /threshing floor was busy/);
});
