/**
 * The public extract() with `render`: a Promise of the extraction of the DOM after the page's
 * scripts (src/public-extract.ts, src/render-browser/extract-rendered.ts), with a pool the caller
 * keeps or a browser of its own; the sync path unchanged. And an infinite-scroll page: rendering
 * stops at its budget, and the extraction keeps the first article, not the ones scrolling adds.
 * Needs Chromium (CI installs it).
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { extract, ThresherError } from '../src/index.js';
import { extract as extractSync } from '../src/page/extract.js';
import { RenderPool } from '../src/render-browser/index.js';

const pool = new RenderPool();
after(() => pool.close());

const FIRST = 'The harvest came in late that year, and the threshing floor was busy from dawn until the light failed over the fields behind the mill.';
const SECOND = 'Market traders said the price of seed had doubled since spring, and the county council promised a hearing before the winter sales began.';
const SCRIPTED = `<!doctype html><html><head><title>Mill</title></head><body><div id="app"></div><script>
document.getElementById('app').innerHTML = '<article><h1>The mill by the river</h1>' + ${JSON.stringify(`<p>${FIRST}</p>`)}.repeat(4) + '</article>';</script></body></html>`;

test('render: true gives a Promise of the rendered page\'s extraction; without it, the static page, synchronously', async () => {
  const url = 'https://mill.example/story';
  const plain = extract(SCRIPTED, { url });
  assert.ok(!(plain instanceof Promise));
  assert.doesNotMatch(plain.text, /threshing floor/);
  const pending = extract(SCRIPTED, { url, render: true, renderPool: pool });
  assert.ok(pending instanceof Promise);
  const r = await pending;
  assert.match(r.text, /threshing floor was busy/);
  // A browser of its own when no pool is given (started and closed for the page).
  const own = await extract(SCRIPTED, { url, render: { timeoutMs: 10_000 } });
  assert.match(own.text, /threshing floor was busy/);
  // With a layout, dvps can run on the same render.
  const dvps = await extract(SCRIPTED, { url, render: true, renderPool: pool, algorithm: 'dvps' });
  assert.match(dvps.text, /threshing floor was busy/);
});

test('render needs a URL; the sync labeler path refuses render with a typed error', async () => {
  await assert.rejects(extract(SCRIPTED, { render: true, renderPool: pool }), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION' && /url/.test(e.message));
  assert.throws(() => extractSync(SCRIPTED, { url: 'https://mill.example/', render: true }), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
});

test('an infinite-scroll page: the render stops at its budget, and the first article is the text', async () => {
  const page = `<!doctype html><html><head><title>Mill</title></head><body><main id="feed">
<article><h1>The mill by the river</h1>${`<p>${FIRST}</p>`.repeat(4)}</article></main><script>
let n = 0;
function more() {
  n++;
  const a = document.createElement('article');
  a.innerHTML = '<h1>Next story ' + n + '</h1>' + ${JSON.stringify(`<p>${SECOND}</p>`)}.repeat(4);
  document.getElementById('feed').appendChild(a);
  window.scrollTo(0, document.body.scrollHeight);
}
window.addEventListener('scroll', () => setTimeout(more, 50));
setInterval(more, 100);
more();
</script></body></html>`;
  const r = await extract(page, { url: 'https://mill.example/feed', render: { timeoutMs: 3000 }, renderPool: pool });
  assert.match(r.text, /threshing floor was busy/);
  assert.doesNotMatch(r.text, /price of seed had doubled/, 'the articles scrolling appended are left out');
});
