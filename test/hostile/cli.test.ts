/** Hostile input to the CLI (issue 25): terminal escapes in page text, --out into nowhere, a closed pipe, absurd --workers. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { terminalJson, terminalLine, terminalText } from '../../src/cli/terminal-text.js';

const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

function cli(args: string[], input?: string) {
  return spawnSync(process.execPath, [CLI, ...args], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

/** Any character a terminal acts on: C0 but newline and tab, DEL, C1, bidi controls. */
const UNSAFE = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

const OSC = '\x1b]0;pwned\x07';
const EVIL = `Harbour ${OSC}news \x1b[2J\x1b[31mred\x1b[0m \x9b31m\u202eevil\u202c end\r`;

function page(title: string, topic: string): string {
  const paras = Array.from({ length: 4 }, (_, k) => `<p>Paragraph ${k + 1} about the ${topic}: the ${topic} ${EVIL} were studied by a ${topic} team, who compared ${topic} notes with the ${topic} records of ${1900 + k}.</p>`).join('');
  return `<html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paras}</article></body></html>`;
}

test('hostile cli: escape sequences in titles, URLs, ids and text never reach the terminal (search, run summary, extract); JSON keeps them escaped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-ansi-'));
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, [
    JSON.stringify({ url: `https://a.example/${OSC}`, html: page(EVIL, 'harbour') }),
    JSON.stringify({ url: `https://b.example/\x1b[2Jbad`, html: 5 }), // a failure whose id is printed in the summary
    JSON.stringify({ url: 'https://c.example/', html: page('Lighthouses', 'lighthouse') }),
  ].join('\n') + '\n');
  const out = join(dir, 'out');
  const run = cli(['run', path, '--out', out, '--workers', '1', '--no-sites']);
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /failures\s+1/);
  assert.match(run.stdout, /E_INPUT_READ  https:\/\/b\.example\/bad: /, 'the CSI in the id goes whole');
  assert.doesNotMatch(run.stdout + run.stderr, UNSAFE);

  const search = cli(['search', 'harbour', '--store', out]);
  assert.equal(search.status, 0, search.stderr);
  assert.match(search.stdout, /^1\. Harbour news red evil end  https:\/\/a\.example\/\n/);
  assert.doesNotMatch(search.stdout, UNSAFE);
  assert.doesNotMatch(search.stdout, /pwned/, 'the OSC payload is removed with its sequence');

  const json = cli(['search', 'harbour', '--store', out, '--json']);
  assert.doesNotMatch(json.stdout, UNSAFE);
  assert.equal(JSON.parse(json.stdout.split('\n')[0]).title.includes(OSC), true, 'JSON keeps the title as it is, escaped');

  const runJson = cli(['run', path, '--out', out, '--workers', '1', '--no-sites', '--json']);
  assert.doesNotMatch(runJson.stdout, UNSAFE);
  assert.ok(JSON.parse(runJson.stdout).failureSamples[0].id.includes('\x1b[2J'));

  const pageFile = join(dir, 'evil.html');
  writeFileSync(pageFile, page(EVIL, 'harbour'));
  for (const format of ['text', 'markdown', 'html', 'json']) {
    const r = cli(['extract', pageFile, '--title', '--format', format]);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /Harbour/);
    assert.doesNotMatch(r.stdout, UNSAFE, format);
  }
});

test('hostile cli: the terminal-text helpers remove whole sequences, keep the text around them, and run in linear time', () => {
  assert.equal(terminalLine(`a${OSC}b\x1b[1;31mc\x1b]8;;http://x\x1b\\d\te\nf\x00g\x7fh\x85i`), 'abcd e fghi');
  assert.equal(terminalText('one\r\ntwo\tthree\x1b[Kfour\rfive\u2066six'), 'one\ntwo\tthreefourfivesix');
  // An unterminated OSC loses its introducer only: the rest is shown as plain text.
  assert.equal(terminalLine('x\x1b]0;title'), 'x]0;title');
  assert.equal(JSON.parse(terminalJson({ t: EVIL })).t, EVIL);
  // Many unterminated introducers: no scan may run past the next one (n against 10·n, best of 3: the machine is shared).
  const time = (n: number) => {
    const s = '\x1b]0;'.repeat(n) + 'x'.repeat(n);
    let best = Infinity;
    for (let k = 0; k < 3; k++) { const t0 = performance.now(); terminalLine(s); terminalText(s); best = Math.min(best, performance.now() - t0); }
    return best;
  };
  // A base under FLOOR_MS counts as FLOOR_MS (a 1 ms base makes the bound a scheduler's hiccup);
  // a quadratic scan would take 100× the base. One more round before calling it. The sizes stay
  // small: past a few hundred thousand introducers the strings the replaces build outgrow the young
  // heap, and 50,000 against 500,000 took 30–50× on a linear scan (the collector's, not the scan's).
  const FLOOR_MS = 2;
  time(20_000);
  let small = time(20_000), big = time(200_000);
  if (big / Math.max(small, FLOOR_MS) >= 30) { small = Math.min(small, time(20_000)); big = Math.min(big, time(200_000)); }
  const ratio = big / Math.max(small, FLOOR_MS);
  assert.ok(ratio < 30, `10× the input took ${ratio.toFixed(1)}× the time (${small.toFixed(1)} ms, ${big.toFixed(1)} ms)`);
});

/** A failure the CLI reports: exit 1, one "thresher: CODE: …" line, no stack trace. */
function assertTyped(r: ReturnType<typeof cli>, code: string, message: RegExp): void {
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, new RegExp(`^thresher: ${code}: `));
  assert.match(r.stderr, message);
  assert.equal(r.stderr.trim().split('\n').length, 1, `one line, no stack trace:\n${r.stderr}`);
}

test('hostile cli: --out into a missing folder, onto a folder, under a file or onto a full device is a typed error with exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-out-'));
  const pageFile = join(dir, 'page.html');
  writeFileSync(pageFile, page('Lighthouses', 'lighthouse'));
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  writeFileSync(join(pages, 'a.html'), page('Lighthouses', 'lighthouse'));
  for (const src of [pageFile, pages]) {
    assertTyped(cli(['extract', src, '--out', join(dir, 'missing', 'x.txt')]), 'E_OUTPUT', /the folder .*missing does not exist/);
    assertTyped(cli(['extract', src, '--out', dir]), 'E_OUTPUT', /it is a folder/);
    assertTyped(cli(['extract', src, '--out', join(pageFile, 'x.txt')]), 'E_OUTPUT', /is a file, not a folder/);
    // Writes that fail after the file opened (a full disk): /dev/full, where there is one.
    if (existsSync('/dev/full')) assertTyped(cli(['extract', src, '--out', '/dev/full']), 'E_OUTPUT', /ENOSPC/);
  }
  const jsonl = join(dir, 'pages.jsonl');
  writeFileSync(jsonl, JSON.stringify({ url: 'https://a.example/', html: page('Lighthouses', 'lighthouse') }) + '\n');
  assertTyped(cli(['run', jsonl, '--out', pageFile]), 'E_OUTPUT', /cannot create the output folder .* is a file/);
  assertTyped(cli(['run', jsonl, '--out', join(pageFile, 'out')]), 'E_OUTPUT', /cannot create the output folder/);
});

test('hostile cli: a reader that closes the pipe early (| head -1) ends extract quietly with status 0', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-pipe-'));
  for (let i = 0; i < 300; i++) writeFileSync(join(dir, `p${i}.html`), page(`Title ${i}`, `topic${i}`));
  const child = spawn(process.execPath, [CLI, 'extract', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d) => { stderr += d; });
  // Like head -1: read the first line, then close our end while the CLI is still writing.
  child.stdout.once('data', () => child.stdout.destroy());
  const [code, signal] = await new Promise<[number | null, string | null]>((resolve) => child.on('close', (c, s) => resolve([c, s])));
  assert.equal(signal, null);
  assert.equal(code, 0, stderr);
  assert.doesNotMatch(stderr, /EPIPE|Error|at /, stderr);
});

test('hostile cli: --workers past 4 per core is refused with a clear message, before any work', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-workers-'));
  const jsonl = join(dir, 'pages.jsonl');
  writeFileSync(jsonl, JSON.stringify({ url: 'https://a.example/', html: page('Lighthouses', 'lighthouse') }) + '\n');
  const max = 4 * availableParallelism();
  assertTyped(cli(['run', jsonl, '--out', join(dir, 'out'), '--workers', '1000000']), 'E_BAD_OPTION', new RegExp(`workers must be at most ${max} .*got 1000000`));
  assertTyped(cli(['run', jsonl, '--out', join(dir, 'out'), '--workers', String(max + 1)]), 'E_BAD_OPTION', /at most/);
  assert.equal(existsSync(join(dir, 'out')), false, 'nothing was written');
  assert.equal(cli(['run', jsonl, '--out', join(dir, 'out'), '--workers', String(Math.min(max, 3))]).status, 0);
});

test('hostile cli: search prints the warning for a query cut at 64 words, and still searches', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-longq-'));
  const jsonl = join(dir, 'pages.jsonl');
  writeFileSync(jsonl, JSON.stringify({ url: 'https://a.example/', html: page('Lighthouses', 'lighthouse') }) + '\n');
  const out = join(dir, 'out');
  assert.equal(cli(['run', jsonl, '--out', out, '--workers', '1', '--no-sites']).status, 0);
  const words = ['lighthouse', ...Array.from({ length: 99 }, (_, i) => `lighthouse${i}`)];
  const r = cli(['search', ...words, '--store', out]);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stderr, /^thresher search: the query has 100 distinct words; only the first 64 were searched for\n$/);
  assert.equal(r.stdout, 'no matches\n');
});
