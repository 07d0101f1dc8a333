/**
 * `thresher segment` (src/cli/segment.ts) in the system's Chromium: a two-column page with CSS is
 * segmented by DVPS; the JSON names the story the topic block and the sidebar noise, and the PNG
 * is the page's width. Also the baseline flag and the usage errors. Needs Chromium (CI installs
 * it); without one it fails with E_NO_BROWSER's message.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'thresher-segment-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const PROSE = 'The harvest came in late that year, and the threshing floor was busy from dawn until the light failed over the fields behind the mill. ';
const PAGE = `<!doctype html><html><head><title>Valley Courier</title><style>
body { margin: 0; font: 16px/1.5 serif; background: #fff }
header { height: 90px; background: #1a1a2e; color: #fff; font-size: 28px; padding: 10px 40px }
.wrap { display: flex; gap: 40px; padding: 20px 40px }
main { flex: 3 }
aside { flex: 1; background: #f2f2f2; font-size: 14px; padding: 10px }
footer { background: #333; color: #ccc; padding: 20px 40px; font-size: 12px }
</style></head><body>
<header>Valley Courier <a href="/" style="color:#fff">Home</a> <a href="/news" style="color:#fff">News</a></header>
<div class="wrap"><main><h1>The late harvest fills the valley barns</h1>${`<p>${PROSE.repeat(3)}</p>`.repeat(6)}</main>
<aside><h3>Most read</h3><ul>${['Bridge repairs', 'Market prices', 'Weather', 'Church fete', 'School news'].map((t) => `<li><a href="/${t}">${t}</a></li>`).join('')}</ul></aside></div>
<footer>© 2026 Valley Courier. All rights reserved. Contact us · Privacy · Terms</footer></body></html>`;

describe('thresher segment', () => {
  const page = join(dir, 'page.html');
  writeFileSync(page, PAGE);
  const run = (args: string[]) => spawnSync(process.execPath, [CLI, 'segment', ...args], { encoding: 'utf8', timeout: 120_000 });

  test('DVPS blocks as JSON and a PNG with their outlines', () => {
    const png = join(dir, 'out.png'), json = join(dir, 'out.json');
    const r = run([page, '--png', png, '--json', json, '--url', 'https://courier.example/harvest']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /semantic blocks, \d+ content/);
    const out = JSON.parse(readFileSync(json, 'utf8')) as { algorithm: string; page: { width: number }; topic: number; blocks: { index: number; label: string; topic: boolean; text: string; box: object | null }[] };
    assert.equal(out.algorithm, 'dvps');
    const topic = out.blocks.find((b) => b.topic)!;
    assert.equal(topic.index, out.topic);
    assert.equal(topic.label, 'content');
    assert.match(topic.text, /threshing floor/);
    for (const b of out.blocks) if (/Most read|All rights reserved/.test(b.text) && !/threshing/.test(b.text)) assert.equal(b.label, 'noise', b.text);
    const bytes = readFileSync(png);
    assert.deepEqual([...bytes.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.equal(bytes.readUInt32BE(16), Math.ceil(out.page.width), 'the PNG is the page wide');
  });

  test('--baseline segments with the VIPS-style baseline; usage errors', () => {
    const json = join(dir, 'base.json');
    const r = run([page, '--json', json, '--baseline']);
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(readFileSync(json, 'utf8')).algorithm, 'vips-baseline');
    assert.equal(run([page]).status, 2);
    const help = run(['--help']);
    assert.equal(help.status, 0);
    assert.match(help.stdout, /--png OUT\.png/);
    const missing = run([join(dir, 'nope.html'), '--json', json]);
    assert.equal(missing.status, 1);
    assert.match(missing.stderr, /E_INPUT_NOT_FOUND/);
  });
});
