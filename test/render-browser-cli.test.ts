/**
 * `thresher extract --render` (src/cli/render-option.ts) through the built CLI: a page written by
 * its script gives its text, a directory renders page by page, the render-only flags are refused
 * without --render, a missing browser is E_NO_BROWSER, and SIGINT in the middle of a page closes
 * the browser (no process of it survives) and exits 130.
 *
 * Needs Chromium (CI installs it: .ci/run); without one these fail with E_NO_BROWSER's message.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allProcs, isAlive, processTree } from '../src/render-browser/procs.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'thresher-render-cli-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const SENTENCE = 'The harbour authority approved the new breakwater on Tuesday after three years of public hearings, and engineers expect two summers of work.';
const SCRIPTED = `<!doctype html><html><head><title>Harbour</title><link rel="stylesheet" href="/s.css"></head><body>
<nav><a href="/">Home</a></nav><main id="app"></main>
<script>document.getElementById('app').innerHTML = '<article><h1>Breakwater approved</h1>' + ${JSON.stringify(`<p>${SENTENCE}</p>`)}.repeat(3) + '</article>';</script></body></html>`;

describe('extract --render', () => {
  const page = join(dir, 'scripted.html');
  writeFileSync(page, SCRIPTED);

  test('a page written by its script: its text with --render, not without', () => {
    const plain = run(['extract', page]);
    assert.equal(plain.code, 0);
    assert.doesNotMatch(plain.out, /breakwater on Tuesday/);
    const r = run(['extract', page, '--render', '--url', 'https://harbour.example/news/1']);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /approved the new breakwater on Tuesday/);
  });

  test('a directory renders page by page; the JSON record carries the blocked-request note', () => {
    const pages = join(dir, 'pages');
    mkdirSync(pages);
    writeFileSync(join(pages, 'a.html'), SCRIPTED);
    writeFileSync(join(pages, 'b.html'), '<p id="x">static</p><script>x.textContent = "changed by script"</script>');
    const r = run(['extract', pages, '--render', '--format', 'json']);
    assert.equal(r.code, 0, r.err);
    const recs = r.out.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(recs.length, 2);
    assert.match(recs[0].text, /breakwater on Tuesday/);
    assert.match(recs[1].text, /changed by script/);
    assert.ok(recs[0].diagnostics.some((d: { code: string }) => d.code === 'W_RENDER_BLOCKED'));
  });

  test('render-only flags without --render, a bad --render-timeout, a missing browser: typed errors', () => {
    const stray = run(['extract', page, '--warc', join(dir, 'x.warc')]);
    assert.equal(stray.code, 1);
    assert.match(stray.err, /E_BAD_OPTION: --warc works with --render only/);
    assert.match(run(['extract', page, '--render', '--render-timeout', 'soon']).err, /E_BAD_OPTION: --render-timeout/);
    const none = run(['extract', page, '--render', '--chromium', join(dir, 'no-such-browser')]);
    assert.equal(none.code, 1);
    assert.match(none.err, /E_NO_BROWSER: .*apt-get install -y chromium/);
  });

  test('the help text lists the render flags', () => {
    const r = run(['extract', '--help']);
    for (const flag of ['--render ', '--chromium PATH', '--render-timeout MS', '--allow-live', '--warc FILE']) assert.ok(r.out.includes(flag), flag);
  });

  test('SIGINT in the middle of a page: the browser is closed, none of its processes survives, exit 130', async () => {
    const loop = join(dir, 'loop.html');
    writeFileSync(loop, '<p>spinning</p><script>for (;;) {}</script>');
    const child = spawn(process.execPath, [CLI, 'extract', loop, '--render', '--render-timeout', '60000'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (b) => { err += b; });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    // Wait until a renderer runs under the CLI (the page is loading), then interrupt.
    let tree: number[] = [];
    for (let i = 0; i < 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const procs = allProcs();
      tree = processTree(child.pid!, procs).filter((p) => p !== child.pid);
      if (procs.filter((p) => tree.includes(p.pid) && /chrom/i.test(p.comm)).length >= 3) break;
    }
    assert.ok(tree.length >= 3, `the browser did not start under the CLI: ${err}`);
    await new Promise((r) => setTimeout(r, 500));
    tree = processTree(child.pid!).filter((p) => p !== child.pid);
    child.kill('SIGINT');
    assert.equal(await exited, 130, err);
    for (let i = 0; i < 50 && tree.some(isAlive); i++) await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(tree.filter(isAlive), []);
  });
});
