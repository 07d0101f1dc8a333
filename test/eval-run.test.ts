/**
 * The eval runner and `thresher eval` on a small dataset made here (pages written for the test,
 * in the shared/datasets layout): extraction in order, scoring in workers or in-process with the
 * same results, thrown pages scored as empty with their error code, typed errors for bad input.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { devSetDirs, loadDataset } from '../src/eval/dataset.js';
import { evalDataset } from '../src/eval/run-eval.js';
import type { DatasetResult } from '../src/eval/run-eval.js';
import { evalCommand } from '../src/cli/eval.js';
import { isThresherError } from '../src/errors.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MAIN = path.join(REPO, 'dist', 'src', 'cli', 'main.js');

const para = (topic: string, n: number): string => Array.from({ length: n }, (_, i) =>
  `The ${topic} report, part ${i + 1}, explains how the committee weighed the evidence and what it decided to do next about the ${topic}.`).join(' ');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><title>${title}</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About us</a> <a href="/contact">Contact</a></nav>
<article><h1>${title}</h1><p>${body}</p><p>${para('river', 3)}</p></article>
<footer>Copyright 2026 Example Corp. All rights reserved. <a href="/privacy">Privacy</a></footer></body></html>`;
}

/** Writes a dataset folder `name` under `root`; returns its path. Page "empty" has a 0-byte page. */
function makeDataset(root: string, name: string): string {
  const dir = path.join(root, name);
  for (const sub of ['html', 'truth']) mkdirSync(path.join(dir, sub), { recursive: true });
  const pages: { id: string; html: string; truth: string | { with: string[]; without: string[] } }[] = [
    { id: 'a1', html: page('Bridge repairs', para('bridge', 4)), truth: `Bridge repairs\n${para('bridge', 4)}\n${para('river', 3)}` },
    { id: 'a2', html: page('School budget', para('budget', 6)), truth: `School budget\n${para('budget', 6)}` },
    { id: 'empty', html: '', truth: 'Some text that was never extracted.' },
    { id: 's1', html: page('Harbour news', para('harbour', 5)), truth: { with: ['The harbour report, part 2'], without: ['All rights reserved'] } },
  ];
  const rows = pages.map((p) => {
    writeFileSync(path.join(dir, 'html', `${p.id}.html.gz`), gzipSync(Buffer.from(p.html, 'utf8')));
    const snippets = typeof p.truth !== 'string';
    writeFileSync(path.join(dir, 'truth', `${p.id}.${snippets ? 'json' : 'txt'}`), snippets ? JSON.stringify(p.truth) : p.truth as string);
    return { id: p.id, url: `https://example.org/${p.id}`, html: `html/${p.id}.html.gz`, truth: `truth/${p.id}.${snippets ? 'json' : 'txt'}`, truth_format: snippets ? 'snippets' : 'text' };
  });
  writeFileSync(path.join(dir, 'manifest.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  return dir;
}

/** A result less what differs between runs (timings) or options (where outputs went). */
const comparable = ({ timings: _t, out: _o, ...r }: DatasetResult): unknown => r;

test('evalDataset: worker and in-process scoring agree; a thrown page counts as empty with its code', async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-eval-run-'));
  try {
    const dir = makeDataset(tmp, 'mini');
    const inProc = await evalDataset(dir, { jobs: 0, bootstrap: 50, outRoot: path.join(tmp, 'out') });
    const workers = await evalDataset(dir, { jobs: 2, bootstrap: 50 });
    assert.deepEqual(comparable(workers), comparable(inProc));
    assert.deepEqual(inProc.pageScores.map((p) => p.id), ['a1', 'a2', 'empty', 's1'], 'manifest order');
    assert.deepEqual(inProc.failures.map((f) => [f.id, f.code]), [['empty', 'E_INPUT_EMPTY']]);
    const empty = inProc.pageScores[2];
    assert.equal(empty.error, 'E_INPUT_EMPTY');
    assert.equal(empty.pred_chars, 0);
    assert.equal(empty.wceb?.f1, 0);
    assert.equal(inProc.official.metric, 'wceb', 'unknown set with text truths: ROUGE-LSum');
    assert.ok(inProc.metrics.trafilatura, 'the snippets page is counted');
    assert.ok(inProc.metrics.wceb && inProc.metrics.wceb.f1 > 0.3, `extracted text scores: ${inProc.metrics.wceb?.f1}`);
    assert.ok(existsSync(path.join(tmp, 'out', 'mini', 'a1.txt')), 'outputs kept under outRoot/<set>/<id>.txt');
    assert.equal(readFileSync(path.join(tmp, 'out', 'mini', 'empty.txt'), 'utf8'), '');

    const limited = await evalDataset(dir, { jobs: 0, limit: 2, bootstrap: 0 });
    assert.equal(limited.pages, 2);
    assert.equal(limited.total, 4);
    assert.equal(limited.official.std, 0);
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});

function assertCode(f: () => unknown, code: string): void {
  assert.throws(f, (e: unknown) => isThresherError(e) && e.code === code);
}

test('dataset loader: typed E_DATASET errors for folders not in the layout', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-eval-ds-'));
  try {
    assertCode(() => loadDataset(path.join(tmp, 'nope')), 'E_DATASET');
    mkdirSync(path.join(tmp, 'bare'));
    assertCode(() => loadDataset(path.join(tmp, 'bare')), 'E_DATASET');
    mkdirSync(path.join(tmp, 'bad'));
    writeFileSync(path.join(tmp, 'bad', 'manifest.jsonl'), '{"id": "x", "html": "h", "truth": "t", "truth_format": "text"}\nnot json\n');
    assertCode(() => loadDataset(path.join(tmp, 'bad')), 'E_DATASET');
    writeFileSync(path.join(tmp, 'bad', 'manifest.jsonl'), '{"id": "x", "html": "h", "truth": "t", "truth_format": "html"}\n');
    assertCode(() => loadDataset(path.join(tmp, 'bad')), 'E_DATASET');
    assertCode(() => devSetDirs(path.join(tmp, 'no-root')), 'E_DATASET');
    assertCode(() => devSetDirs(tmp), 'E_DATASET');
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});

test('dataset loader: big9 leaves out the page the datasets README names', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-eval-b9-'));
  try {
    const dir = path.join(tmp, 'big9');
    mkdirSync(dir);
    const rows = ['2017-latimes-08', '2017-latimes-09', '2017-latimes-10'].map((id) => ({ id, html: `html/${id}.html.gz`, truth: `truth/${id}.txt`, truth_format: 'text' }));
    writeFileSync(path.join(dir, 'manifest.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n'));
    const ds = loadDataset(dir);
    assert.deepEqual(ds.rows.map((r) => r.id), ['2017-latimes-08', '2017-latimes-10']);
    assert.deepEqual(ds.excluded.map((r) => r.id), ['2017-latimes-09']);
    assert.equal(ds.official, 'wceb');
    assert.equal(loadDataset(dir, { keepExcluded: true }).rows.length, 3);
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});

test('evalCommand: bad options are typed errors', async () => {
  const bad = async (argv: string[]): Promise<void> => {
    await assert.rejects(evalCommand(argv), (e: unknown) => isThresherError(e) && e.code === 'E_BAD_OPTION', argv.join(' '));
  };
  await bad([]);
  await bad(['--all', '--dataset', 'x']);
  await bad(['--all', '--algorithm', 'magic']);
  await bad(['--all', '--limit', '0']);
  await bad(['--all', '--allow-lower']);
});

test('thresher eval CLI: table, --json, gate failure exits non-zero naming the set', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-eval-cli-'));
  try {
    const dir = makeDataset(tmp, 'mini');
    const out = path.join(tmp, 'out');
    const run = (args: string[]) => spawnSync(process.execPath, [MAIN, 'eval', '--dataset', dir, '--out', out, '--bootstrap', '0', ...args], { encoding: 'utf8' });
    const table = run([]);
    assert.equal(table.status, 0, table.stderr);
    assert.match(table.stdout, /^dataset\s+pages\s+official/m);
    assert.match(table.stdout, /^mini\s+4\s+wceb/m);
    const json = run(['--json']);
    assert.equal(json.status, 0, json.stderr);
    const parsed = JSON.parse(json.stdout) as { datasets: DatasetResult[] };
    assert.equal(parsed.datasets[0].dataset, 'mini');
    assert.ok(existsSync(path.join(out, 'mini.eval-pages.jsonl')));
    const value = parsed.datasets[0].official.value;

    const pins = path.join(tmp, 'pins.json');
    const up = run(['--update-pins', '--gate', pins]);
    assert.equal(up.status, 0, up.stderr);
    const written = JSON.parse(readFileSync(pins, 'utf8')) as { pins: Record<string, { value: number }>; tolerance: number };
    assert.ok(Math.abs(written.pins.mini.value - value) < 1e-6);
    assert.equal(run(['--gate', pins]).status, 0, 'gate passes at the pinned value');

    written.pins.mini.value = Math.min(1, value + 0.05);
    writeFileSync(pins, JSON.stringify(written));
    const gate = run(['--gate', pins]);
    assert.equal(gate.status, 1);
    assert.match(gate.stderr, /E_GATE/);
    assert.match(gate.stderr, new RegExp(`mini wceb ${value.toFixed(4)} < pinned ${written.pins.mini.value.toFixed(4)}`));
    assert.equal(run(['--gate', pins, '--limit', '2']).status, 1, 'a limited run cannot be gated');
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});
