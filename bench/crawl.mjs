#!/usr/bin/env node
/**
 * Crawler figures (run after `npm run build`):
 *   1. pages/s against loopback servers with politeness 0 (latency 0), and the crawler's CPU
 *      time per page (process.cpuUsage: the servers run in a child process, so their CPU is
 *      not counted), for one host and for several;
 *   2. the smallest gap between two requests to one host with the default latency (1 s),
 *      read off the servers' own request logs.
 * Servers listen on 127.0.0.1 only. Usage: node bench/crawl.mjs [--pages N] [--hosts H] [--skip-gap]
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '1500' }, hosts: { type: 'string', default: '8' }, 'skip-gap': { type: 'boolean', default: false }, server: { type: 'boolean', default: false } } });

// ---- the server side (a child process) -------------------------------------------------------
if (values.server) {
  const { createServer } = await import('node:http');
  const pages = Number(values.pages), hosts = Number(values.hosts);
  const logs = [];
  const ports = [];
  const filler = '<p>' + 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(40) + '</p>';
  for (let h = 0; h < hosts; h++) {
    const log = [];
    logs.push(log);
    const server = createServer((req, res) => {
      log.push(Date.now());
      const m = /^\/p\/(\d+)$/.exec(req.url);
      if (req.url === '/robots.txt') { res.writeHead(404); res.end(); return; }
      if (req.url !== '/' && !m) { res.writeHead(404); res.end(); return; }
      const i = m ? Number(m[1]) : 0;
      // Each page links to 10 others of its host (a connected, shuffled site of `pages` pages).
      const links = Array.from({ length: 10 }, (_, k) => `<a href="/p/${(i * 7 + k * 131 + 1) % pages}">link ${k}</a>`).join(' ');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html><head><title>Page ${i}</title></head><body><h1>Page ${i}</h1>${filler}<nav>${links}</nav></body></html>`);
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    ports.push(server.address().port);
  }
  process.send({ ports });
  process.on('message', (m) => { if (m === 'logs') process.send({ logs }); if (m === 'exit') process.exit(0); });
} else {
  await main();
}

async function startServers(pages, hosts) {
  const child = fork(fileURLToPath(import.meta.url), ['--server', '--pages', String(pages), '--hosts', String(hosts)], { stdio: 'inherit' });
  const { ports } = await new Promise((r) => child.once('message', r));
  return {
    origins: ports.map((p) => `http://127.0.0.1:${p}`),
    logs: async () => { child.send('logs'); return (await new Promise((r) => child.once('message', r))).logs; },
    stop: () => child.send('exit'),
  };
}

async function main() {
  const { Crawler } = await import('../dist/src/crawl/crawler.js');
  const dir = mkdtempSync(join(tmpdir(), 'thresher-bench-crawl-'));
  const pages = Number(values.pages), hosts = Number(values.hosts);
  console.log(`node ${process.version}, ${pages} pages per host, politeness 0, concurrency = hosts`);
  try {
    for (const h of [1, hosts]) {
      const srv = await startServers(pages, h);
      const out = join(dir, `bench-${h}.warc.gz`);
      const c = new Crawler({ seeds: srv.origins.map((o) => `${o}/`), out, latencyMs: 0, concurrency: h, sitemaps: false, fresh: true });
      await c.open();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const s = await c.run();
      const ms = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const cpuMs = (cpu.user + cpu.system) / 1000;
      srv.stop();
      console.log(`${h} host${h > 1 ? 's' : ''}: ${s.pages} pages in ${(ms / 1000).toFixed(2)} s = ${(s.pages / (ms / 1000)).toFixed(0)} pages/s; ` +
        `crawler CPU ${(cpuMs / s.pages).toFixed(2)} ms/page (user ${(cpu.user / 1000 / s.pages).toFixed(2)}, system ${(cpu.system / 1000 / s.pages).toFixed(2)}); ` +
        `WARC ${(statSync(out).size / 1048576).toFixed(1)} MiB; ${s.errors} faults`);
    }
    if (!values['skip-gap']) {
      const gapHosts = 3, gapPages = 8;
      const srv = await startServers(gapPages, gapHosts);
      const c = new Crawler({ seeds: srv.origins.map((o) => `${o}/`), out: join(dir, 'gap.warc.gz'), sitemaps: false, fresh: true });
      await c.open();
      const t0 = performance.now();
      const s = await c.run();
      const logs = await srv.logs();
      srv.stop();
      const mins = logs.map((log) => Math.min(...log.slice(1).map((t, i) => t - log[i])));
      console.log(`default latency (1000 ms): ${gapHosts} hosts × ${gapPages} pages, ${s.fetched} requests in ${((performance.now() - t0) / 1000).toFixed(1)} s; ` +
        `smallest gap between two requests to one host, per host: ${mins.map((m) => `${m} ms`).join(', ')}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
