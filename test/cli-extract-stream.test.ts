/**
 * `thresher extract --jsonl -`, the streaming filter (issue 28, part 1), as a process: 10,000
 * varied lines with bad ones mixed in give one record each, in input order, error records for
 * the bad lines; the same records from a file, and from one worker as from two; memory that does
 * not grow with the stream; reading that stops while the output is not read; and GNU parallel
 * --pipe -k (a Spark or Hadoop stand-in) giving the same records as one process. The input comes
 * from scripts/stream-lines.mjs. Needs GNU parallel (.ci/run installs it).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { extract } from '../src/index.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
// scripts/ sits beside the build's folder (dist/ or .distC/) at the repository root.
const LINES_SCRIPT = new URL('../../scripts/stream-lines.mjs', import.meta.url);

type Expect = { id: string } | { line: number; code: string; id?: string; url?: string } | null;
type Rec = Record<string, unknown> & { id?: string; line?: number; text?: string; title?: string; error?: { code: string; message: string } };
let streamLines: (n: number, o?: { seed?: number; badEvery?: number; pad?: number }) => { lines: string[]; expect: Expect[] };

const dir = mkdtempSync(join(tmpdir(), 'thresher-stream-'));
after(() => rmSync(dir, { recursive: true, force: true }));

before(async () => {
  ({ streamLines } = await import(LINES_SCRIPT.href));
});

function run(args: string[], input?: string, nodeArgs: string[] = []) {
  const r = spawnSync(process.execPath, [...nodeArgs, CLI, ...args], { input, encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const parse = (out: string): Rec[] => out.split('\n').filter(Boolean).map((l) => JSON.parse(l) as Rec);

/** The 10,000 lines and one process's records (two workers), shared by the tests below. */
let big: { input: string; lines: string[]; expect: Expect[]; records: Rec[] } | null = null;
function bigRun() {
  if (big) return big;
  const { lines, expect } = streamLines(10_000, { seed: 7 });
  const input = lines.join('\n') + '\n';
  const r = run(['extract', '--jsonl', '-', '--workers', '2', '-q'], input);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.err, '');
  big = { input, lines, expect, records: parse(r.out) };
  return big;
}

test('10,000 lines: one record per non-blank line, in input order; bad lines are error records with their line', () => {
  const { lines, expect, records } = bigRun();
  const wanted = expect.filter((e): e is NonNullable<Expect> => e !== null);
  assert.equal(records.length, wanted.length);
  let errors = 0;
  records.forEach((rec, k) => {
    const e = wanted[k];
    if ('code' in e) {
      errors++;
      assert.equal(rec.error?.code, e.code, JSON.stringify(rec));
      assert.equal(rec.line, e.line);
      assert.equal(rec.id, e.id);
      assert.equal(rec.url, e.url);
      assert.equal(rec.text, undefined);
    } else {
      assert.equal(rec.error, undefined, JSON.stringify(rec.error));
      assert.equal(rec.id, e.id);
      assert.equal(typeof rec.text, 'string');
    }
  });
  assert.ok(errors >= 100, `${errors} error records`);
  // The records are extract()'s: every 250th line, in this process.
  for (let i = 0; i < lines.length; i += 250) {
    const e = expect[i];
    if (!e || 'code' in e) continue;
    const row = JSON.parse(lines[i]) as { url?: string; html?: string; html_base64?: string };
    const want = extract(row.html ?? Buffer.from(row.html_base64!, 'base64'), { url: row.url });
    const rec = records[expect.slice(0, i).filter((x) => x !== null).length];
    assert.equal(rec.text, want.text, `line ${i + 1}`);
    assert.equal(rec.title, want.title);
  }
  // html_base64 in windows-1252: decoded by the page's own <meta charset>.
  const latin = records.find((r) => typeof r.id === 'string' && r.id.startsWith('p') && !r.error)!;
  assert.match(latin.title!, /^Café /);
});

test('a file instead of -, and one worker instead of two: the same records', () => {
  const { lines, records } = bigRun();
  const file = join(dir, 'first.jsonl');
  writeFileSync(file, lines.slice(0, 1000).join('\n'));
  const r = run(['extract', '--jsonl', file, '--workers', '1', '-q']);
  assert.equal(r.code, 0, r.err);
  const got = parse(r.out);
  assert.equal(got.length, lines.slice(0, 1000).filter((l) => l.trim()).length);
  assert.deepEqual(got, records.slice(0, got.length));
  const missing = run(['extract', '--jsonl', join(dir, 'none.jsonl')]);
  assert.equal(missing.code, 1);
  assert.match(missing.err, /E_INPUT_NOT_FOUND/);
  assert.match(run(['extract', '--jsonl', '-', 'page.html']).err, /E_BAD_OPTION: --jsonl reads its input itself/);
});

/**
 * The child's peak RSS, written by a preloaded module when it exits. The child runs with a small
 * V8 heap, so that garbage it has not collected yet does not count as growth: what remains is
 * what it holds, and holding the stream would not fit.
 */
function peakRss(input: string): number {
  const preload = join(dir, 'rss.mjs');
  const out = join(dir, 'rss.txt');
  writeFileSync(preload, `import { writeFileSync } from 'node:fs';\nprocess.on('exit', () => writeFileSync(${JSON.stringify(out)}, String(process.resourceUsage().maxRSS)));\n`);
  const r = run(['extract', '--jsonl', '-', '--workers', '2', '-q'], input, ['--max-old-space-size=64', '--max-semi-space-size=2', '--import', pathToFileURL(preload).href]);
  assert.equal(r.code, 0, r.err);
  assert.equal(parse(r.out).length, input.split('\n').filter(Boolean).length);
  return Number(readFileSync(out, 'utf8')) * 1024;
}

test('memory does not grow with the stream: 10·n lines of 30 KB against n, far past the window', () => {
  const small = streamLines(300, { seed: 3, badEvery: 0, pad: 30_000 }).lines.join('\n') + '\n';
  const large = streamLines(3000, { seed: 3, badEvery: 0, pad: 30_000 }).lines.join('\n') + '\n';
  const a = peakRss(small), b = peakRss(large);
  const more = Buffer.byteLength(large) - Buffer.byteLength(small);
  // About 85 MiB more input: a process that held it would grow by at least that much.
  assert.ok(b - a < more / 4, `peak RSS ${(a / 2 ** 20).toFixed(0)} MiB for n, ${(b / 2 ** 20).toFixed(0)} MiB for 10·n, input ${(more / 2 ** 20).toFixed(0)} MiB larger`);
});

test('backpressure: while nobody reads its output, the filter stops reading its input', async () => {
  const lines = streamLines(2000, { seed: 5, badEvery: 0, pad: 50_000 }).lines;
  const input = Buffer.from(lines.join('\n') + '\n');
  const child = spawn(process.execPath, [CLI, 'extract', '--jsonl', '-', '--workers', '2', '-q'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let err = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => { err += d; });
  child.stdin.on('error', () => undefined);
  // Fed 64 KiB at a time, each write waited for: `taken` is what the child (and the pipe) accepted.
  let taken = 0;
  const feeding = (async () => {
    for (let at = 0; at < input.length; at += 65_536) {
      const chunk = input.subarray(at, at + 65_536);
      await new Promise((resolve) => child.stdin.write(chunk, resolve));
      taken += chunk.length;
    }
    child.stdin.end();
  })();
  // The first records show the filter is running; from then on nobody reads its output.
  let out = '';
  child.stdout.setEncoding('utf8');
  await new Promise<void>((resolve) => child.stdout.once('data', (d: string) => { out += d; child.stdout.pause(); resolve(); }));
  // Until it stops taking input: `taken` the same for 3 s.
  let last = -1, still = 0;
  for (let i = 0; i < 400 && still < 12; i++) {
    await new Promise((r) => setTimeout(r, 250));
    still = taken === last ? still + 1 : 0;
    last = taken;
  }
  assert.ok(taken < input.length / 4, `the child took ${(taken / 2 ** 20).toFixed(1)} MiB of ${(input.length / 2 ** 20).toFixed(0)} MiB with its output unread`);
  child.stdout.on('data', (d: string) => { out += d; });
  child.stdout.resume();
  await feeding;
  assert.equal(await exited, 0, err);
  assert.equal(out.split('\n').filter(Boolean).length, lines.filter((l) => l.trim()).length);
});

test('GNU parallel --pipe -k, two jobs of one worker each: the same records as one process', () => {
  const { input, records } = bigRun();
  const file = join(dir, 'big.jsonl');
  writeFileSync(file, input);
  const r = spawnSync('parallel', ['--will-cite', '--pipe', '-k', '-j', '2', '--block', '4M', process.execPath, CLI, 'extract', '--jsonl', '-', '--workers', '1', '-q'],
    { input: readFileSync(file), encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
  assert.equal(r.error, undefined, 'GNU parallel is needed (apt-get install parallel)');
  assert.equal(r.status, 0, r.stderr);
  // Line numbers are each process's own: an error record's line, and the id of a page with
  // neither id nor url (line:N), differ between one process and several.
  const norm = (rec: Rec): Rec => {
    const { line: _line, ...rest } = rec;
    if (typeof rest.id === 'string' && /^line:\d+$/.test(rest.id)) delete rest.id;
    return rest;
  };
  const got = parse(r.stdout).map(norm);
  assert.equal(got.length, records.length);
  assert.deepEqual(got, records.map(norm));
});
