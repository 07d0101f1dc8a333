/**
 * `thresher run --render` (src/pipeline/render-corpus.ts, src/cli/run.ts): the corpus rendered
 * once, in corpus order, into a JSON Lines corpus the pipeline reads. The library part runs with
 * a render function of the test's own (no browser): order under concurrency, a failed render
 * keeps the static HTML, an unreadable item keeps its error, a finished file is reused. The CLI
 * part renders a page written by its script in the system's Chromium (CI installs it; without one
 * it fails with E_NO_BROWSER's message).
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openCorpus } from '../src/pipeline/input.js';
import { renderCorpus, type RenderFn } from '../src/pipeline/render-corpus.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'thresher-run-render-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PROSE = 'The harvest came in late that year, and the threshing floor was busy from dawn until the light failed over the fields behind the mill.';

function corpus(name: string, rows: object[]): string {
  const file = join(dir, `${name}.jsonl`);
  writeFileSync(file, rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return file;
}
const readRows = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

describe('renderCorpus', () => {
  test('corpus order whatever order the renders finish in; a failed render keeps the static page; an unread item keeps its error', async () => {
    const input = corpus('mixed', [
      { url: 'https://a.example/1', html: '<p>one</p>' },
      { url: 'https://a.example/2', html: '<p>two</p>' },
      { url: 'https://a.example/3' },
      { url: 'https://a.example/4', html: '<p>four</p>' },
      { html: '<p>five, without a URL</p>', id: 'five' },
    ]);
    const seen: string[] = [];
    const render: RenderFn = async (bytes, o) => {
      seen.push(o.url);
      const html = Buffer.from(bytes).toString('utf8');
      // Later pages finish first: the output must still come in corpus order.
      await new Promise((r) => setTimeout(r, html.includes('one') ? 40 : 5));
      if (html.includes('two')) throw Object.assign(new Error('the page crashed its renderer'), { code: 'E_RENDER_CRASH' });
      return { html: `<html><body>${html}<p>rendered</p></body></html>`, warnings: html.includes('four') ? ['budget ran out'] : [] };
    };
    const out = join(dir, 'mixed-rendered.jsonl');
    const s = await renderCorpus(await openCorpus(input), out, render, { concurrency: 3 });
    assert.deepEqual({ pages: s.pages, rendered: s.rendered, failed: s.failed, codes: s.failuresByCode, reused: s.reused },
      { pages: 5, rendered: 3, failed: 1, codes: { E_RENDER_CRASH: 1 }, reused: false });
    const rows = readRows(out);
    assert.deepEqual(rows.map((r) => r.id), ['https://a.example/1', 'https://a.example/2', 'https://a.example/3', 'https://a.example/4', 'five']);
    assert.equal(rows[0].rendered, true);
    assert.match(rows[0].html, /<p>one<\/p><p>rendered<\/p>/);
    assert.deepEqual([rows[1].rendered, rows[1].renderError, rows[1].html], [false, 'E_RENDER_CRASH', '<p>two</p>']);
    assert.equal(rows[2].error.code, 'E_INPUT_READ');
    assert.deepEqual(rows[3].warnings, ['budget ran out']);
    // A page without a URL is served at a stand-in one; its record keeps no URL.
    assert.match(seen.find((u) => u.includes('.invalid'))!, /^http:\/\/page-5\.thresher\.invalid\/$/);
    assert.equal(rows[4].url, undefined);
    // The pipeline reads the carried error back as that item's failure, with its code.
    const items = [];
    for await (const it of (await openCorpus(out)).items()) items.push(it);
    assert.equal(items[2].error?.code, 'E_INPUT_READ');
    assert.equal(items[4].id, 'five');
  });

  test('a finished file is reused; an unfinished one is started over', async () => {
    const input = corpus('small', [{ url: 'https://a.example/1', html: '<p>one</p>' }]);
    const out = join(dir, 'small-rendered.jsonl');
    let calls = 0;
    const render: RenderFn = async (bytes) => { calls++; return { html: Buffer.from(bytes).toString('utf8'), warnings: [] }; };
    await renderCorpus(await openCorpus(input), out, render, { concurrency: 1 });
    const again = await renderCorpus(await openCorpus(input), out, render, { concurrency: 1 });
    assert.equal(calls, 1);
    assert.equal(again.reused, true);
    rmSync(`${out}.done`);
    await renderCorpus(await openCorpus(input), out, render, { concurrency: 1 });
    assert.equal(calls, 2);
  });
});

describe('thresher run --render', () => {
  test('a page written by its script becomes a record with its text; without --render it has none', () => {
    const pages = join(dir, 'pages');
    mkdirSync(pages, { recursive: true });
    writeFileSync(join(pages, 'scripted.html'), `<!doctype html><html><head><title>Mill</title></head><body><div id="app"></div><script>
document.getElementById('app').innerHTML = '<article><h1>The mill by the river</h1>' + ${JSON.stringify(`<p>${PROSE}</p>`)}.repeat(4) + '</article>';</script></body></html>`);
    writeFileSync(join(pages, 'manifest.jsonl'), JSON.stringify({ html: 'scripted.html', url: 'https://mill.example/story' }) + '\n');
    const run = (out: string, extra: string[]) => spawnSync(process.execPath, [CLI, 'run', pages, '--out', out, '--json', ...extra], { encoding: 'utf8', timeout: 120_000 });
    const rendered = run(join(dir, 'out-rendered'), ['--render', '--render-workers', '2']);
    assert.equal(rendered.status, 0, rendered.stderr);
    assert.match(rendered.stderr, /rendered\s+1 of 1 pages/);
    const records = readFileSync(join(dir, 'out-rendered', 'records.jsonl'), 'utf8');
    assert.match(records, /threshing floor was busy/);
    const plain = run(join(dir, 'out-plain'), []);
    assert.equal(plain.status, 0, plain.stderr);
    assert.doesNotMatch(readFileSync(join(dir, 'out-plain', 'records.jsonl'), 'utf8'), /threshing floor was busy/);
    const bad = spawnSync(process.execPath, [CLI, 'run', pages, '--out', join(dir, 'x'), '--render-workers', '0'], { encoding: 'utf8' });
    assert.notEqual(bad.status, 0);
    assert.match(bad.stderr, /--render-workers must be an integer/);
  });
});
