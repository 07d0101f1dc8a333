#!/usr/bin/env node
/**
 * Issue 25 item 3: peak RSS of `thresher crawl` fed one page of 400,000 links.
 *
 *   node scripts/hostile/crawl-links-rss.mjs [--cli dist/src/cli/main.js] [--links 400000] [--seconds 60] [-- crawl options…]
 *
 * A loopback server (127.0.0.1, this process) answers robots.txt with 404, "/" with one page
 * of --links links (<a href="/p/N">, about 8 MB for 400,000) and every /p/N with a small page
 * without links. `thresher crawl http://127.0.0.1:PORT/ --out TMP.warc.gz --delay 0
 * --no-sitemaps --fresh --json` runs under /usr/bin/time -v for at most --seconds (then
 * SIGINT: the crawl stops gracefully); the script reports the peak RSS ("Maximum resident set
 * size"), the wall time, the requests the server answered and the crawl's own summary (pages,
 * URLs queued, cut). Options after "--" go to the crawl, e.g. "-- --max-links-per-page
 * 100000000 --max-frontier 100000000" to see what no caps cost.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    cli: { type: 'string', default: 'dist/src/cli/main.js' },
    links: { type: 'string', default: '400000' },
    seconds: { type: 'string', default: '60' },
  },
});
const nLinks = Number(values.links);
const big = Buffer.from(`<!doctype html><html><head><title>links</title></head><body>${Array.from({ length: nLinks }, (_, i) => `<a href="/p/${i}">x</a>`).join('')}</body></html>`);
const leaf = Buffer.from('<!doctype html><html><head><title>leaf</title></head><body><p>a leaf page</p></body></html>');
let requests = 0;
const server = createServer((req, res) => {
  requests++;
  if (req.url === '/robots.txt') { res.writeHead(404); res.end(); return; }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(req.url === '/' ? big : leaf);
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const port = server.address().port;
const dir = mkdtempSync(join(tmpdir(), 'thresher-crawl-rss-'));
const args = ['-v', process.execPath, values.cli, 'crawl', `http://127.0.0.1:${port}/`, '--out', join(dir, 'c.warc.gz'), '--delay', '0', '--no-sitemaps', '--fresh', '--json', ...positionals];
const t0 = performance.now();
// Its own process group, so that a SIGINT reaches the crawl under time (time ignores it).
const child = spawn('/usr/bin/time', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
let stdout = '', stderr = '';
child.stdout.on('data', (d) => { stdout += d; });
child.stderr.on('data', (d) => { stderr += d; });
// After --seconds, SIGINT: the crawl stops gracefully and prints its summary.
const timer = setTimeout(() => process.kill(-child.pid, 'SIGINT'), Number(values.seconds) * 1000);
const code = await new Promise((r) => child.on('close', r));
clearTimeout(timer);
const wall = (performance.now() - t0) / 1000;
server.close();
rmSync(dir, { recursive: true, force: true });
const kb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(stderr)?.[1]);
let summary = null;
try { summary = JSON.parse(stdout.trim().split('\n').pop()); } catch { /* no summary */ }
console.log(JSON.stringify({
  links: nLinks, pageBytes: big.length, exit: code, wallSeconds: Number(wall.toFixed(1)), peakRssMiB: Number((kb / 1024).toFixed(1)), serverRequests: requests,
  crawl: summary && { fetched: summary.fetched, pages: summary.pages, stopped: summary.stopped, queued: summary.total.queued, urls: summary.total.urls, cut: summary.cut },
}, null, 1));
