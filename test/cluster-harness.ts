/**
 * What the cluster tests share: a redis-server of their own (Debian's package; .ci/run installs
 * it) on a free loopback port with a temporary directory, append-only so that a restart keeps the
 * queue; worker processes of the real CLI; a small corpus in JSON Lines shards (synthetic sites
 * for site models, exact and near copies across shards, a URL fetched twice, a line that is not
 * JSON) with its concatenation for thresher run; and the comparison of two run directories.
 * A missing redis-server fails the tests (spawn error), never skips them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { synthSite } from '../src/synth/index.js';

export const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => { const port = (srv.address() as { port: number }).port; srv.close(() => resolve(port)); });
    srv.on('error', reject);
  });
}

export interface RedisHandle { url: string; port: number; dir: string; proc: ChildProcess; stop(): Promise<void>; restart(): Promise<void> }

async function waitPing(port: number): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`redis-server on port ${port} did not answer`);
}

export async function startRedis(dir: string): Promise<RedisHandle> {
  const port = await freePort();
  mkdirSync(dir, { recursive: true });
  const launch = (): ChildProcess => {
    const p = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'], { stdio: 'ignore' });
    p.on('error', (e) => { throw new Error(`cannot start redis-server (apt-get install redis-server): ${e.message}`); });
    return p;
  };
  const h: RedisHandle = {
    url: `redis://127.0.0.1:${port}`, port, dir, proc: launch(),
    async stop() {
      if (h.proc.exitCode !== null) return;
      const gone = new Promise((r) => h.proc.once('exit', r));
      h.proc.kill('SIGTERM');
      await gone;
    },
    async restart() { await h.stop(); h.proc = launch(); await waitPing(port); },
  };
  await waitPing(port);
  return h;
}

export interface WorkerProc { proc: ChildProcess; name: string; log: string[] }

/** A `thresher cluster worker` process named `name` (its jobs' processedBy). */
export function startWorker(url: string, name: string, extra: string[] = []): WorkerProc {
  const proc = spawn(process.execPath, [CLI, 'cluster', 'worker', '--redis', url, '--lock-ms', '1500', '--stall-ms', '500', '--name', name, ...extra], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const w: WorkerProc = { proc, name, log: [] };
  proc.stderr!.on('data', (d: Buffer) => w.log.push(d.toString()));
  return w;
}

export async function stopWorkers(ws: WorkerProc[]): Promise<void> {
  await Promise.all(ws.map((w) => {
    if (w.proc.exitCode !== null || w.proc.signalCode !== null) return Promise.resolve();
    const gone = new Promise((r) => w.proc.once('exit', r));
    w.proc.kill('SIGTERM');
    return gone;
  }));
}

/** Runs the CLI to the end: exit code, stdout, stderr. */
export function runCli(args: string[]): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '', err = '';
    p.stdout.on('data', (d: Buffer) => { out += d; });
    p.stderr.on('data', (d: Buffer) => { err += d; });
    p.on('close', (code) => resolve({ code, out, err }));
  });
}

/**
 * A corpus of `sites` synthetic sites of 8 pages each plus copies, in `shards` JSONL files; pages
 * interleaved across sites so that samples, copies and the stop list's pages span shards.
 */
export function makeCorpus(dir: string, shards: number, sites = 8): { shards: string[]; all: string } {
  const pages: { url: string; html: string }[] = [];
  for (let s = 0; s < sites; s++) for (const p of synthSite({ seed: 100 + s, pages: 8 })) pages.push({ url: p.url, html: p.html });
  const mixed = pages.map((p, i) => ({ p, k: (i * 7919) % pages.length })).sort((a, b) => a.k - b.k).map((x) => x.p);
  const lines = mixed.map((p) => JSON.stringify(p));
  // Exact copies under other URLs, near copies (a line added), a copy of a near copy, a URL fetched twice, a bad line.
  for (let i = 0; i < 6; i++) { const p = mixed[i * 5]; lines.splice(20 + i * 9, 0, JSON.stringify({ url: `${p.url}?copy=${i}`, html: p.html })); }
  for (let i = 0; i < 5; i++) {
    const p = mixed[i * 7 + 2];
    const near = p.html.replace(/<\/body>/i, `<p>Shared ${i} times by the syndication desk today.</p></body>`);
    lines.splice(30 + i * 8, 0, JSON.stringify({ url: `https://mirror.example/near/${i}`, html: near }));
    lines.push(JSON.stringify({ url: `https://mirror2.example/near/${i}`, html: near.replace('</body>', '<p>And again.</p></body>') }));
  }
  lines.splice(40, 0, JSON.stringify({ url: mixed[3].url, html: `${mixed[3].html}<!-- again -->` }));
  lines.splice(11, 0, 'this line is not JSON');
  // A≈B and B≈C but A≉C (word windows 0-100, 25-125, 50-150), read C, A, B in three shards:
  // thresher run keeps C and A and makes B a replica; union-find would fold all three.
  for (const [at, name, from] of [[52, 'b', 25], [28, 'a', 0], [5, 'c', 50]] as const) lines.splice(at, 0, JSON.stringify({ url: `https://chain.example/${name}`, html: chainPage(name, from) }));
  mkdirSync(dir, { recursive: true });
  const per = Math.ceil(lines.length / shards);
  const files: string[] = [];
  for (let s = 0; s < shards; s++) {
    const f = join(dir, `shard-${s}.jsonl`);
    writeFileSync(f, lines.slice(s * per, (s + 1) * per).map((l) => l + '\n').join(''));
    files.push(f);
  }
  const all = join(dir, 'all.jsonl');
  writeFileSync(all, lines.map((l) => l + '\n').join(''));
  return { shards: files, all };
}

/** A page of 100 made-up words from the `from`-th on: overlapping windows give a chain of near-replicas. */
function chainPage(name: string, from: number): string {
  const word = (i: number): string => { let t = ''; do { t = String.fromCharCode(97 + (i % 26)) + t; i = Math.floor(i / 26); } while (i); return `kor${t}ven`; };
  const text = Array.from({ length: 100 }, (_, k) => word(from + k)).join(' ');
  return `<html><head><title>Chain ${name}</title></head><body><article><h1>Chain ${name}</h1><p>${text}.</p></article></body></html>`;
}

/** What must be the same between thresher run and a cluster run: records, replicas, site models, skips, stop list, failures (but for ids a shard numbers itself). */
export function outputOf(dir: string): Record<string, string> {
  const db = new Database(join(dir, 'thresher.db'), { readonly: true });
  try {
    const q = (sql: string): string => JSON.stringify(db.prepare(sql).all());
    return {
      records: readFileSync(join(dir, 'records.jsonl'), 'utf8'),
      docs: q('SELECT idx, id, url, host, type, title, lang, abstract, content, record FROM docs ORDER BY idx'),
      fts: q('SELECT rowid, title, abstract, content FROM docs_fts ORDER BY rowid'),
      replicas: q('SELECT idx, id, canonical, method FROM replicas ORDER BY idx'),
      sites: q('SELECT host, pages, model FROM sites ORDER BY host'),
      skips: q('SELECT host, pages, reason FROM site_skips ORDER BY host'),
      stop: q("SELECT key, value FROM meta WHERE key IN ('aggressive_stop_words', 'stats_docs') ORDER BY key"),
      failures: q("SELECT idx, CASE WHEN id LIKE 'line:%' THEN '' ELSE id END AS id, code FROM failures ORDER BY idx"),
    };
  } finally {
    db.close();
  }
}

/** Every shard's records.jsonl.gz, in shard order, as one text. */
export function shardRecords(out: string, shards: number): string {
  let text = '';
  for (let s = 0; s < shards; s++) text += gunzipSync(readFileSync(join(out, 'shards', String(s).padStart(4, '0'), 'records.jsonl.gz'))).toString('utf8');
  return text;
}
