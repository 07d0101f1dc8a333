/**
 * `thresher extract` on many pages (issue 27, part 4), as a process: a folder's manifest.jsonl
 * URLs, worker threads giving the same records in the same order as one thread, -o DIR writing
 * one file per page (trafilatura's naming), --debug's block reasons on stderr made safe, the flag
 * errors, and -i urls.txt fetched by the crawler from a loopback server (robots.txt, a redirect,
 * a 404, an image, a dead host, a line that is no URL): one record per listed line, in order.
 * Nothing here reaches the network.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extract } from '../src/index.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'thresher-many-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: dir, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The same, without blocking this process's event loop (the loopback server below answers in it). */
function runAsync(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
    child.stderr.setEncoding('utf8').on('data', (d: string) => { err += d; });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

const lines = (s: string) => s.split('\n').filter(Boolean);
const records = (s: string) => lines(s).map((l) => JSON.parse(l) as Record<string, unknown> & { text?: string; url?: string; error?: { code: string; message: string } });

function page(n: number, extra = ''): string {
  return `<!doctype html><html><head><title>Page ${n}</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
<article><h1>Harbour news ${n}</h1><p>The council met on the quay to discuss the ferry timetable for winter number ${n}, and the engineers reported on the bridge.</p>
<p>Repairs to the lantern of the old chapel will start in spring; the <a href="/museum">museum</a> opens its doors again on the ${n}th.</p>${extra}</article>
<footer><p>© 2024 Harbour Courier</p></footer></body></html>`;
}

function folder(): string {
  const pages = join(dir, 'pages');
  mkdirSync(join(pages, 'sub'), { recursive: true });
  for (let i = 0; i < 9; i++) writeFileSync(join(pages, `p${i}.html`), page(i));
  writeFileSync(join(pages, 'sub', 'q.html'), page(20));
  writeFileSync(join(pages, 'empty.html'), '');
  writeFileSync(join(pages, 'manifest.jsonl'), Array.from({ length: 9 }, (_, i) => JSON.stringify({ id: `p${i}`, url: `https://harbour.example/news/${i}` })).join('\n') + '\n');
  return pages;
}
const pagesDir = folder();

test('a folder: its manifest.jsonl URLs in the records; two workers give one thread\'s records in the same order', () => {
  const two = run(['extract', 'pages', '--workers', '2', '--format', 'markdown']);
  assert.equal(two.code, 0, two.err);
  const one = run(['extract', 'pages', '--workers', '1', '--format', 'markdown']);
  assert.equal(one.out, two.out);
  const recs = records(two.out);
  assert.deepEqual(recs.map((r) => r.file), ['empty.html', ...Array.from({ length: 9 }, (_, i) => `p${i}.html`), 'sub/q.html'].map((f) => join('pages', f)));
  assert.equal(recs[0].error?.code, 'E_INPUT_EMPTY');
  assert.equal(recs[1].url, 'https://harbour.example/news/0');
  assert.equal(recs[10].url, undefined);
  // links made absolute against the manifest's URL
  assert.match(String(recs[1].markdown), /\(https:\/\/harbour\.example\/museum\)/);
  assert.match(two.err, /11 pages, 1 failed/);
  assert.equal(run(['extract', 'pages', '-q']).err, '');
});

test('-o DIR: one file per page, DIR/<page stem> with the format\'s extension; a failed page is a line on stderr', () => {
  const r = run(['extract', 'pages', '-o', 'out-md', '--format', 'markdown', '--workers', '2']);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, '');
  const out = join(dir, 'out-md');
  assert.deepEqual(readdirSync(out).sort(), [...Array.from({ length: 9 }, (_, i) => `p${i}.md`), 'sub'].sort());
  assert.deepEqual(readdirSync(join(out, 'sub')), ['q.md']);
  assert.match(r.err, /thresher: empty: E_INPUT_EMPTY/);
  const single = run(['extract', join('pages', 'p3.html'), '--format', 'markdown', '--url', 'https://harbour.example/news/3']);
  assert.equal(readFileSync(join(out, 'p3.md'), 'utf8'), single.out);
  for (const [format, ext] of [['text', 'txt'], ['html', 'html'], ['json', 'json']]) {
    const x = run(['extract', 'pages', '--out-dir', `out-${format}`, '--format', format, '-q']);
    assert.equal(x.code, 0, x.err);
    assert.ok(readdirSync(join(dir, `out-${format}`)).includes(`p0.${ext}`), format);
  }
  assert.equal(JSON.parse(readFileSync(join(dir, 'out-json', 'p0.json'), 'utf8')).url, 'https://harbour.example/news/0');
  // a folder that cannot be made: E_OUTPUT before any page is read
  const blocked = run(['extract', 'pages', '-o', join('pages', 'p0.html', 'out')]);
  assert.equal(blocked.code, 1);
  assert.match(blocked.err, /E_OUTPUT: cannot write .*a part of the path is a file/);
  // JSON Lines input: files named after each record's URL; the same name twice gets -2
  const rows = [0, 1, 0].map((i) => JSON.stringify({ url: `https://harbour.example/news/${i}`, html: page(i) }));
  writeFileSync(join(dir, 'rows.jsonl'), rows.join('\n'));
  assert.equal(run(['extract', 'rows.jsonl', '-o', 'out-rows', '-q']).code, 0);
  assert.deepEqual(readdirSync(join(dir, 'out-rows')).sort(), ['harbour.example_news_0-2.txt', 'harbour.example_news_0.txt', 'harbour.example_news_1.txt']);
  // and from the streaming filter
  assert.equal(run(['extract', '--jsonl', '-', '-o', 'out-stream', '-q'], rows.join('\n')).code, 0);
  assert.equal(readdirSync(join(dir, 'out-stream')).length, 3);
});

test('--debug with text output: one line per block on stderr, the text alone on stdout, page controls removed', () => {
  const hostile = page(4, '<div class="x\u001b[2Jy"><p>Reasons may quote\u001b]0;pwned\u0007 the page: a class name, a tag.</p></div>');
  writeFileSync(join(dir, 'debug.html'), hostile);
  const r = run(['extract', 'debug.html', '--debug']);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, run(['extract', 'debug.html']).out);
  const want = extract(hostile, { debug: true });
  const blockLines = lines(r.err).filter((l) => /^thresher: (content|noise) /.test(l));
  assert.equal(blockLines.length, want.blocks!.length);
  assert.ok(blockLines.some((l) => /^thresher: content body>article>p: /.test(l)), r.err);
  assert.match(r.err, /^thresher: metadata title from /m);
  assert.doesNotMatch(r.err, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  // JSON output carries the blocks instead
  assert.equal(run(['extract', 'debug.html', '--debug', '--format', 'json']).err, '');
  // -o DIR: each block line names its page
  const d = run(['extract', 'pages', '-o', 'out-debug', '--debug', '-q', '--workers', '1']);
  assert.match(d.err, /^thresher: p0: content /m);
});

test('flag errors: E_BAD_OPTION with exit 1', () => {
  const cases: [string[], RegExp][] = [
    [['extract', 'pages/p0.html', '--out-dir', 'x'], /--out-dir takes several pages/],
    [['extract', 'pages', '--out', 'a.jsonl', '-o', 'x'], /give one of them/],
    [['extract', 'pages', '--workers', '0'], /--workers must be a whole number from 1/],
    [['extract', 'pages', '--workers', 'many'], /--workers must be a whole number/],
    [['extract', 'pages', '--delay', '10'], /--delay works with -i only/],
    [['extract', 'pages/p0.html', '--workers', '2'], /--workers takes several pages/],
    [['extract', '--jsonl', '-', '-i', 'urls.txt'], /--jsonl and -i exclude each other/],
    [['extract'], /give exactly one/],
  ];
  for (const [args, message] of cases) {
    const r = run(args);
    assert.equal(r.code, 1, args.join(' '));
    assert.match(r.err, /E_BAD_OPTION/, args.join(' '));
    assert.match(r.err, message, args.join(' '));
  }
});

/** A loopback site: robots.txt disallows /private; /moved redirects to /page-b; a 404, an image; the request log. */
async function site() {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    const u = req.url ?? '';
    if (u === '/robots.txt') { res.writeHead(200, { 'content-type': 'text/plain' }); res.end('User-agent: *\nDisallow: /private\n'); return; }
    if (u.startsWith('/page-')) { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(page(u.charCodeAt(6))); return; }
    if (u === '/moved') { res.writeHead(301, { location: '/page-b' }); res.end(); return; }
    if (u === '/logo.png') { res.writeHead(200, { 'content-type': 'image/png' }); res.end('\x89PNG'); return; }
    res.writeHead(404, { 'content-type': 'text/html' }); res.end('<p>not here</p>');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const dead = createServer();
  await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
  const deadPort = (dead.address() as AddressInfo).port;
  await new Promise<void>((r) => dead.close(() => r()));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, dead: `http://127.0.0.1:${deadPort}`, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

test('-i urls.txt: fetched by the crawler, one record per listed line in list order, each failure with its reason', async () => {
  const s = await site();
  try {
    const list = ['# harbour pages', `${s.base}/page-a`, `${s.base}/moved`, '', `${s.base}/private/notes`, `${s.base}/gone`,
      `${s.base}/logo.png`, 'not a url', `${s.dead}/page-x`, `${s.base}/page-b`, `${s.base}/page-a`];
    writeFileSync(join(dir, 'urls.txt'), list.join('\n') + '\n');
    const r = await runAsync(['extract', '-i', 'urls.txt', '--delay', '0', '--retries', '0', '--timeout', '5000', '--user-agent', 'harbour-bot/1.0']);
    assert.equal(r.code, 0, r.err);
    const recs = records(r.out);
    assert.deepEqual(recs.map((x) => x.id), list.filter((l) => l && !l.startsWith('#')));
    const [a, moved, priv, gone, logo, notUrl, dead, b, again] = recs;
    assert.match(a.text!, /winter number 97,/);
    assert.equal(moved.url, `${s.base}/page-b`);
    assert.equal(moved.text, b.text);
    assert.deepEqual(again.text, a.text);
    assert.deepEqual([priv, gone, logo, notUrl, dead].map((x) => [x.error?.code, x.line]), [['E_ROBOTS', 5], ['E_FETCH', 6], ['E_FETCH', 7], ['E_BAD_RECORD', 8], ['E_FETCH', 9]]);
    assert.match(gone.error!.message, /HTTP 404/);
    assert.match(logo.error!.message, /not an HTML page/);
    assert.match(dead.error!.message, /robots\.txt could not be fetched/);
    // politely: robots.txt first, each page once, our User-Agent, nothing under /private
    assert.equal(s.seen[0].url, '/robots.txt');
    assert.ok(s.seen.every((q) => q.headers['user-agent'] === 'harbour-bot/1.0'));
    assert.equal(s.seen.filter((q) => q.url === '/page-a').length, 1);
    assert.ok(!s.seen.some((q) => q.url.startsWith('/private')));
    // -o DIR: files named after the listed URLs
    const o = await runAsync(['extract', '-i', 'urls.txt', '--delay', '0', '--retries', '0', '-o', 'out-urls', '-q']);
    assert.equal(o.code, 0, o.err);
    const port = new URL(s.base).port;
    assert.deepEqual(readdirSync(join(dir, 'out-urls')).sort(), [`127.0.0.1_${port}_moved.txt`, `127.0.0.1_${port}_page-a-2.txt`, `127.0.0.1_${port}_page-a.txt`, `127.0.0.1_${port}_page-b.txt`]);
    assert.match(o.err, /E_ROBOTS/);
  } finally {
    await s.close();
  }
});

test('-i: a list with no usable URL, or a missing list', async () => {
  writeFileSync(join(dir, 'none.txt'), '# nothing\nftp://example.org/file\n');
  const r = await runAsync(['extract', '-i', 'none.txt']);
  assert.equal(r.code, 1);
  assert.equal(records(r.out)[0].error?.code, 'E_BAD_RECORD');
  const missing = await runAsync(['extract', '-i', 'no-such-list.txt']);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /E_INPUT_NOT_FOUND/);
});
