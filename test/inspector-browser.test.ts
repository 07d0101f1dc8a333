/**
 * The inspector in a real browser (issue 27, part 3): thresher serve on a loopback port with a
 * store, the system Chromium driven by playwright-core. A fixture article with a menu, a sidebar,
 * comments and a footer is pasted; every debug block is outlined in the sandboxed frame (kept
 * solid green, dropped dashed red, read with getComputedStyle), with its reason in its title; the
 * Markdown, text, metadata, blocks and JSON panels show the library's own extraction; the toggles
 * (algorithm, mode, comments, site model, render with a browser) each send their option and show
 * its effect; a file is sent as bytes; a stored record opens; the URL field follows the server's
 * fetch setting. Screenshots go to test-artifacts/inspector/. No Chromium survives the tests.
 *
 * Needs Chromium (CI installs it: .ci/run); without one it fails with E_NO_BROWSER's message.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extract } from '../src/page/extract.js';
import { runCorpus } from '../src/pipeline/run.js';
import { loadSiteModel } from '../src/site/model.js';
import { siteRefiner } from '../src/site/refine.js';
import { synthSite } from '../src/synth/index.js';
import { articleWithChrome, scriptedArticle, SCRIPTED_PARAGRAPH } from './inspector-fixtures.js';
import { inspectPasted, noChromiumLeft, openInspector, outlines, pageFrame, panelText, rerun, runs, screenshot, settled, shownResult, type Inspector } from './inspector-helpers.js';
import { fixtureServer } from './serve-helpers.js';

const KEPT = { color: 'rgb(26, 127, 55)', style: 'solid' };
const DROPPED = { color: 'rgb(207, 34, 46)', style: 'dashed' };
const PAGE_URL = 'https://ness.example/harbour';

describe('the inspector in Chromium', () => {
  let ins: Inspector;
  const gazette = synthSite({ seed: 9, pages: 6, template: 'news', host: 'gazette.example', lang: 'en' });

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'thresher-inspector-'));
    const jsonl = join(dir, 'pages.jsonl');
    writeFileSync(jsonl, gazette.map((p) => JSON.stringify({ url: p.url, html: p.html })).join('\n') + '\n');
    await runCorpus(jsonl, { out: join(dir, 'out'), workers: 1, sites: { minPages: 5, samplePages: 6 }, replicas: 'none' });
    ins = await openInspector({ store: join(dir, 'out') });
  });

  after(async () => {
    await ins?.close();
    assert.deepEqual(await noChromiumLeft(), [], 'no Chromium process of ours (the test browser, the server\'s renderer) is left');
  });

  test('every block outlined, kept and dropped in two colours with the reason on hover; the panels show the extraction', async () => {
    const { page } = ins;
    const html = articleWithChrome();
    await inspectPasted(page, html, PAGE_URL);
    const local = extract(html, { url: PAGE_URL, debug: true, formats: ['markdown'] });
    const blocks = local.blocks!;
    const kept = blocks.filter((b) => b.label === 'content').length;
    assert.equal(await page.textContent('#counts'), `${blocks.length} blocks: ${kept} kept, ${blocks.length - kept} dropped`);

    const shown = await outlines(await pageFrame(page));
    assert.equal(shown.length, blocks.length, 'one outline per block');
    shown.forEach((o, k) => {
      assert.equal(o.tag, blocks[k].tag);
      assert.equal(o.label, blocks[k].label);
      assert.equal(o.reason, blocks[k].reason);
      assert.equal(o.title, `#${k} ${o.label === 'content' ? 'kept' : 'dropped'}: ${blocks[k].reason}`, 'the reason on hover');
      assert.deepEqual({ color: o.color, style: o.style }, o.label === 'content' ? KEPT : DROPPED, `block ${k} (${o.tag})`);
    });
    const labelOf = (start: string) => shown.find((o) => o.text.startsWith(start))?.label;
    assert.equal(labelOf('The harbour at Ness was rebuilt'), 'content');
    assert.equal(shown.find((o) => o.tag === 'nav')?.label, 'noise');
    assert.equal(shown.find((o) => o.tag === 'aside')?.label, 'noise');
    assert.equal(shown.find((o) => o.tag === 'footer')?.label, 'noise');
    await screenshot(page, 'article');

    const md = await page.$$eval('#panel-markdown p', (ps) => ps.map((p) => p.textContent));
    assert.ok(md.includes('The harbour at Ness was rebuilt in 1884, when the old timber pier gave way to a stone quay long enough for three steamers at once.'), md.join('\n'));
    assert.equal(await page.$$eval('#panel-markdown script, #panel-markdown img', (x) => x.length), 0);
    assert.equal(await panelText(page, 'text'), local.text);
    const meta = await page.$$eval('#panel-metadata tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    assert.deepEqual(meta.find((r) => r[0] === 'title'), ['title', local.metadata.title, local.metadataSources!.title]);
    assert.deepEqual(meta.find((r) => r[0] === 'siteName')?.[1], 'The Ness Gazette');
    await screenshot(page, 'article-metadata');
    const rows = await page.$$eval('#panel-blocks tbody tr', (trs) => trs.map((tr) => [tr.getAttribute('data-label'), tr.children[2].textContent]));
    assert.deepEqual(rows, blocks.map((b) => [b.label, b.reason]));
    const json = await shownResult(page);
    assert.equal(json.text, local.text);
    assert.deepEqual(json.blocks, JSON.parse(JSON.stringify(blocks)));
    assert.deepEqual(ins.inspections.at(-1), { html, options: { algorithm: 'default', mode: 'balanced', comments: false, url: PAGE_URL } });
  });

  test('the Markdown panel renders thresher\'s Markdown as DOM: links only to http(s), images as their alt text, HTML as text', async () => {
    const md = '# Title\n\nA *quiet* **harbour** with `code <b>` and [a link](https://a.example/x) and [bad](javascript:alert(1)) and ![alt text](https://a.example/i.png).\\\nNext line.\n\n' +
      '- one\n- two\n  - nested\n\n1. first\n2. second\n\n> quoted\n\n```js\nlet x = 1 < 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---\n\n' +
      'Escaped \\*star\\* and <em>em</em> and <script>alert(1)</script> &amp; done.';
    const html = await ins.page.evaluate(async (text) => {
      const spec = '/inspector/markdown.js';
      const m = await import(spec) as { renderMarkdown(md: string, el: unknown): void };
      const w = globalThis as unknown as { document: { createElement(t: string): { innerHTML: string } } };
      const div = w.document.createElement('div');
      m.renderMarkdown(text, div);
      return div.innerHTML;
    }, md);
    assert.equal(html, '<h1>Title</h1><p>A <em>quiet</em> <strong>harbour</strong> with <code>code &lt;b&gt;</code> and <a href="https://a.example/x" target="_blank" rel="noopener noreferrer">a link</a> and <span>bad</span> and <span class="md-image">[image: alt text]</span>.<br>Next line.</p>' +
      '<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol><li>first</li><li>second</li></ol><blockquote><p>quoted</p></blockquote><pre><code data-lang="js">let x = 1 &lt; 2;</code></pre>' +
      '<table><thead><tr><th>a</th><th>b</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table><hr><p>Escaped *star* and <em>em</em> and &lt;script&gt;alert(1)&lt;/script&gt; &amp; done.</p>');
  });

  test('toggles: algorithm, mode and comments each send their option and show its extraction', async () => {
    const { page } = ins;
    const html = articleWithChrome();
    await inspectPasted(page, html, PAGE_URL);

    await rerun(page, () => page.selectOption('#algorithm', 'tagtree'));
    assert.equal(ins.inspections.at(-1)!.options.algorithm, 'tagtree');
    let r = await shownResult(page);
    assert.equal(r.algorithm, 'tagtree');
    assert.equal(r.text, extract(html, { url: PAGE_URL, algorithm: 'tagtree' }).text);
    await rerun(page, () => page.selectOption('#algorithm', 'default'));

    await rerun(page, () => page.selectOption('#mode', 'precision'));
    assert.equal(ins.inspections.at(-1)!.options.mode, 'precision');
    assert.equal((await shownResult(page)).text, extract(html, { url: PAGE_URL, mode: 'precision' }).text);

    await rerun(page, () => page.check('#comments'));
    assert.equal(ins.inspections.at(-1)!.options.comments, true);
    const local = extract(html, { url: PAGE_URL, mode: 'precision', comments: true });
    assert.ok(local.comments!.length >= 1, 'the fixture has comments the library finds');
    r = await shownResult(page);
    assert.deepEqual(r.comments, local.comments);
    const text = await panelText(page, 'text');
    // The panel lists each comment under its number, as the library found it (which lines of a
    // comment the comment model keeps is the model's business, measured on dragnet, not here).
    assert.ok(local.comments!.length > 0, 'the fixture page has comments for the panel to list');
    local.comments!.forEach((c, i) => assert.ok(text.includes(`--- comment ${i + 1} ---\n${c.text.split('\n')[0]}`), text));
    await screenshot(page, 'toggles-comments');
    await rerun(page, () => page.uncheck('#comments'));
    await rerun(page, () => page.selectOption('#mode', 'balanced'));
    assert.equal((await shownResult(page)).comments, undefined);
  });

  test('the site model toggle is offered for a host the store has a model for, and applies it', async () => {
    const { page, server } = ins;
    const p = gazette[0];
    await inspectPasted(page, articleWithChrome(), PAGE_URL);
    assert.equal(await page.isDisabled('#site'), true, 'no model for ness.example');
    assert.match((await page.textContent('#site-note'))!, /none for ness\.example/);

    await inspectPasted(page, p.html, p.url);
    await page.waitForSelector('#site:not([disabled])');
    await rerun(page, () => page.check('#site'));
    assert.equal(ins.inspections.at(-1)!.options.site, true);
    const model = await (await fetch(`${server.url}/v1/site-models/gazette.example`)).text();
    const local = extract(p.html, { url: p.url, site: siteRefiner(loadSiteModel(model)) });
    assert.equal((await shownResult(page)).text, local.text, 'the store\'s model is the one applied');
    await screenshot(page, 'site-model');
    await rerun(page, () => page.uncheck('#site'));
  });

  test('render with a browser: the paragraph a script writes is extracted (and outlined) only when rendered', async () => {
    const { page } = ins;
    assert.equal(await page.isDisabled('#render'), false, 'this server has a browser');
    await inspectPasted(page, scriptedArticle());
    assert.doesNotMatch(await panelText(page, 'text'), /written by the page script/);
    await rerun(page, () => page.check('#render'));
    assert.equal(ins.inspections.at(-1)!.options.render, true);
    assert.match((await page.textContent('#status'))!, /rendered in \d+ ms/);
    assert.match(await panelText(page, 'text'), new RegExp(SCRIPTED_PARAGRAPH.slice(0, 40)));
    const shown = await outlines(await pageFrame(page));
    assert.equal(shown.find((o) => o.text.startsWith('This paragraph was written'))?.label, 'content');
    assert.equal((await page.$$eval('#page', (f) => f.map((x) => x.getAttribute('sandbox'))))[0], '', 'the frame stays sandboxed');
    await screenshot(page, 'rendered');
    await rerun(page, () => page.uncheck('#render'));
  });

  test('a file is sent as its bytes: the server sniffs its charset', async () => {
    const { page } = ins;
    const html = articleWithChrome().replace('<meta charset="utf-8">', '<meta charset="windows-1252">').replace('The harbour at Ness was', 'The café by the harbour at Ness was');
    const bytes = Buffer.from([...html].map((ch) => (ch === 'é' ? 0xe9 : ch === '©' ? 0xa9 : ch === '·' ? 0xb7 : ch.charCodeAt(0))));
    const before = await runs(page);
    await page.setInputFiles('#file', { name: 'cafe.html', mimeType: 'text/html', buffer: bytes });
    await settled(page, before);
    assert.deepEqual(ins.inspections.at(-1), { raw: true, query: { algorithm: 'default', mode: 'balanced', comments: 'false' } });
    const r = await shownResult(page);
    assert.deepEqual(r.encoding, { name: 'windows-1252', source: 'meta' });
    assert.match(r.text, /The café by the harbour/);
    assert.match((await page.textContent('#file-note'))!, /cafe\.html \(\d+ bytes\)/);
  });

  test('a record from the store opens in the panels; the URL field says this server does not fetch', async () => {
    const { page, server } = ins;
    assert.equal(await page.isDisabled('#url'), true);
    await page.click('[data-source="url"]');
    assert.match((await page.textContent('#url-note'))!, /does not fetch URLs \(start it with --allow-fetch\)/);

    await page.click('[data-source="record"]');
    const word = gazette[0].truth.split(/\s+/).find((w) => /^[a-z]{6,}$/i.test(w))!;
    await page.fill('#record-q', word);
    await page.click('#record-search');
    await page.waitForSelector('#record-hits li button');
    const before = await runs(page);
    await page.click('#record-hits li button');
    await settled(page, before);
    const id = JSON.parse(await panelText(page, 'json')).id as string;
    const rec = await (await fetch(`${server.url}/v1/records/${encodeURIComponent(id)}`)).json() as { content: string; url: string };
    assert.equal(await panelText(page, 'text'), rec.content);
    assert.equal(await page.inputValue('#page-url'), rec.url);
    assert.match((await page.textContent('#counts'))!, /the store keeps records, not pages/);
    await screenshot(page, 'record');
  });
});

describe('the inspector on a server that fetches', () => {
  test('a URL is fetched by the server and inspected; the field is enabled with its note', async () => {
    const site = await fixtureServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(articleWithChrome()); });
    const ins = await openInspector({ allowFetch: true, allowPrivate: true, render: false });
    try {
      const { page } = ins;
      assert.equal(await page.isDisabled('#render'), true, 'render: false');
      assert.match((await page.textContent('#render-note'))!, /no browser on the server/);
      await page.click('[data-source="url"]');
      assert.equal(await page.isDisabled('#url'), false);
      assert.match((await page.textContent('#url-note'))!, /any address \(--allow-private\)/);
      const before = await runs(page);
      await page.fill('#url', `${site.base}/harbour`);
      await page.click('#run');
      await settled(page, before);
      assert.deepEqual(ins.inspections.at(-1), { url: `${site.base}/harbour`, options: { algorithm: 'default', mode: 'balanced', comments: false } });
      const r = await shownResult(page);
      assert.equal(r.url, `${site.base}/harbour`);
      assert.equal(r.text, extract(articleWithChrome(), { url: `${site.base}/harbour` }).text);
      assert.equal(site.hits.get('/harbour'), 1, 'the server fetched it, once');
      assert.equal(ins.requests.filter((u) => u.startsWith(site.base)).length, 0, 'the browser never did');
    } finally {
      await ins.close();
      await site.close();
    }
    assert.deepEqual(await noChromiumLeft(), []);
  });
});
