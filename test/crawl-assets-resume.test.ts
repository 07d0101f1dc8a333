/**
 * `thresher crawl --assets` killed outright (SIGKILL) and run again: the pages' assets, on the
 * page host and on a second host (another loopback port: another host to the crawler), end up
 * in the WARC once each, and a resumed run fetches only what was missing (at most the requests
 * in flight at each kill go twice). Loopback servers of the test's own; never the network.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWarc } from '../src/io/warc.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'thresher-assets-resume-'));
after(() => rmSync(dir, { recursive: true, force: true }));

async function serve(log: string[], route: (path: string) => { type: string; body: string; status?: number }): Promise<{ origin: string; server: Server }> {
  let origin = '';
  const server = createServer((req, res) => {
    log.push(`${origin}${req.url}`);
    const a = route(req.url ?? '/');
    res.writeHead(a.status ?? 200, { 'content-type': a.type });
    res.end(a.body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, server };
}

function runCli(args: string[]): { kill: () => void; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, 'crawl', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '', stderr = '';
  child.stdout.on('data', (d) => { stdout += d; });
  child.stderr.on('data', (d) => { stderr += d; });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { kill: () => child.kill('SIGKILL'), done };
}

test('killed twice with SIGKILL, crawl --assets resumes: every asset stored once, only the missing ones fetched again', async () => {
  const log: string[] = [];
  const cdn = await serve(log, (path) => (path === '/robots.txt' ? { status: 404, type: 'text/plain', body: 'none' } : { type: 'image/png', body: `cdn ${path}` }));
  const pages = 4;
  const imgs = (prefix: string, n: number, host = ''): string => Array.from({ length: n }, (_, i) => `<img src="${host}/img/${prefix}-${i}.png">`).join('');
  const site = await serve(log, (path) => {
    if (path === '/robots.txt') return { status: 404, type: 'text/plain', body: 'none' };
    if (path === '/') return { type: 'text/html', body: `<link rel=stylesheet href=/s.css>${imgs('home', 6)}${imgs('home', 4, cdn.origin)}` + Array.from({ length: pages }, (_, i) => `<a href="/p/${i}">${i}</a>`).join('') };
    const m = /^\/p\/(\d+)$/.exec(path);
    if (m) return { type: 'text/html', body: `<link rel=stylesheet href=/s.css>${imgs(`p${m[1]}`, 3)}${imgs(`p${m[1]}`, 2, cdn.origin)}` };
    if (path === '/s.css') return { type: 'text/css', body: 'body { background: url(/img/bg.png) }' };
    return { type: 'image/png', body: `site ${path}` };
  });
  try {
    const expected = [
      `${site.origin}/s.css`, `${site.origin}/img/bg.png`,
      ...Array.from({ length: 6 }, (_, i) => `${site.origin}/img/home-${i}.png`), ...Array.from({ length: 4 }, (_, i) => `${cdn.origin}/img/home-${i}.png`),
      ...Array.from({ length: pages }, (_, p) => [
        ...Array.from({ length: 3 }, (_, i) => `${site.origin}/img/p${p}-${i}.png`), ...Array.from({ length: 2 }, (_, i) => `${cdn.origin}/img/p${p}-${i}.png`),
      ]).flat(),
    ];
    const out = join(dir, 'assets.warc.gz');
    const args = [`${site.origin}/`, '--out', out, '--delay', '15', '--assets', '--no-sitemaps', '--json'];
    for (const after of [8, 12]) {
      const start = log.length;
      const run = runCli(args);
      await new Promise<void>((resolve) => { const t = setInterval(() => { if (log.length - start >= after) { clearInterval(t); resolve(); } }, 2); });
      run.kill();
      const r = await run.done;
      assert.equal(r.signal, 'SIGKILL', `the crawl was still running when killed (${r.stderr})`);
    }
    const last = await runCli(args).done;
    assert.equal(last.code, 0, last.stderr);
    const summary = JSON.parse(last.stdout) as { resumed: boolean; total: { queued: number; assets: { done: number; queued: number } } };
    assert.equal(summary.resumed, true);
    assert.equal(summary.total.queued, 0);
    assert.deepEqual([summary.total.assets.done, summary.total.assets.queued], [expected.length, 0]);
    assert.match(last.stderr, /assets: \d+ fetched/);

    const stored: string[] = [];
    for await (const it of readWarc(out)) {
      assert.ok(it.ok, it.ok ? '' : `a bad record in the resumed WARC: ${it.reason}`);
      if (it.record.type === 'response' && it.record.http?.status === 200) stored.push(it.record.url!);
    }
    assert.equal(new Set(stored).size, stored.length, 'nothing stored twice');
    for (const u of expected) assert.ok(stored.includes(u), u);
    // Each kill may cut one request per host in flight (two hosts), which the next run asks again.
    const dups = log.length - new Set(log).size;
    assert.ok(dups <= 4, `${dups} requests made twice: ${log.join(' ')}`);
    for (const u of expected) assert.ok(log.filter((x) => x === u).length <= 2, u);
  } finally {
    for (const s of [site, cdn]) { s.server.closeAllConnections(); await new Promise((r) => s.server.close(r)); }
  }
});
