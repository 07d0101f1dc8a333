/** `thresher train`: labels as JSONL (files, or URLs in a page corpus) and CSV, a model that loads and classifies, bad input reported. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseClassifierModel, classify, classifierTerms } from '../src/corpus/classify/model.js';
import { parseLabels } from '../src/cli/train.js';
import { ThresherError } from '../src/errors.js';

const REPO = path.resolve(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..');
const MAIN = path.join(REPO, 'dist', 'src', 'cli', 'main.js');

const FARM = ['The wheat harvest', 'Farmers plant barley in the field', 'Irrigation canals bring water to the rice paddies', 'A tractor ploughs the soil before the harvest'];
const SPORT = ['The striker scored a late goal', 'The referee gave a penalty in the league match', 'The coach praised the goalkeeper after the match', 'Fans filled the stadium for the cup final'];

function page(title: string, body: string): string {
  return `<html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav>` +
    `<article><h1>${title}</h1><p>${body}. ${body} again, and more about it here.</p><p>${body}: the story goes on for a while.</p></article></body></html>`;
}

function corpus(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'thresher-train-'));
  mkdirSync(path.join(dir, 'pages'));
  const labels: string[] = [], jsonl: string[] = [];
  [...FARM.map((t) => [t, 'farming']), ...SPORT.map((t) => [t, 'sport'])].forEach(([t, label], i) => {
    writeFileSync(path.join(dir, 'pages', `p${i}.html`), page(t, t));
    labels.push(JSON.stringify({ file: `pages/p${i}.html`, label }));
    jsonl.push(JSON.stringify({ url: `https://site.example/p${i}`, html: page(t, t) }));
  });
  writeFileSync(path.join(dir, 'labels.jsonl'), labels.join('\n') + '\n');
  writeFileSync(path.join(dir, 'pages.jsonl'), jsonl.join('\n') + '\n');
  writeFileSync(path.join(dir, 'by-url.csv'), 'url,label\n' + [...FARM, ...SPORT].map((_, i) => `"https://SITE.example:443/p${i}",${i < FARM.length ? 'farming' : 'sport'}`).join('\n') + '\n');
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

const run = (args: string[]) => spawnSync(process.execPath, [MAIN, 'train', ...args], { encoding: 'utf8' });

test('thresher train: JSONL labels naming files → a model that loads and classifies', () => {
  const { dir, cleanup } = corpus();
  try {
    for (const algorithm of ['knn', 'nb']) {
      const out = path.join(dir, `${algorithm}.json`);
      const r = run(['--labels', path.join(dir, 'labels.jsonl'), '--algorithm', algorithm, '--out', out, '--min-df', '1', '--k', '3', '--json']);
      assert.equal(r.status, 0, r.stderr);
      const summary = JSON.parse(r.stdout);
      assert.equal(summary.pages, 8);
      assert.deepEqual(summary.classes, { farming: 4, sport: 4 });
      const model = parseClassifierModel(readFileSync(out, 'utf8'));
      assert.equal(model.algorithm, algorithm);
      assert.equal(model.input, 'content');
      assert.equal(classify(model, classifierTerms('The harvest of wheat and barley in the field')).label, 'farming');
      assert.equal(classify(model, classifierTerms('A penalty, a goal and the referee')).label, 'sport');
    }
  } finally { cleanup(); }
});

test('thresher train: CSV labels naming URLs, pages from a JSONL corpus (URLs normalised), --text raw', () => {
  const { dir, cleanup } = corpus();
  try {
    const out = path.join(dir, 'raw.json');
    const r = run(['--labels', path.join(dir, 'by-url.csv'), '--pages', path.join(dir, 'pages.jsonl'), '--text', 'raw', '--algorithm', 'nb', '--out', out, '--min-df', '1']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /nb classifier on 8 pages \(raw\)/);
    assert.equal(parseClassifierModel(readFileSync(out, 'utf8')).input, 'raw');
  } finally { cleanup(); }
});

test('thresher train: missing pages are reported and skipped; bad arguments fail with a reason', () => {
  const { dir, cleanup } = corpus();
  try {
    writeFileSync(path.join(dir, 'labels.jsonl'), readFileSync(path.join(dir, 'labels.jsonl'), 'utf8') + JSON.stringify({ file: 'pages/none.html', label: 'sport' }) + '\n');
    const r = run(['--labels', path.join(dir, 'labels.jsonl'), '--out', path.join(dir, 'm.json'), '--min-df', '1']);
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /skipped {4}1\n {2}line 9: /);
    const noPages = run(['--labels', path.join(dir, 'by-url.csv'), '--out', path.join(dir, 'm.json')]);
    assert.equal(noPages.status, 1);
    assert.match(noPages.stderr, /E_BAD_OPTION: labels name pages by url; give --pages/);
    assert.equal(run(['--labels', path.join(dir, 'labels.jsonl')]).status, 2);
    assert.match(run(['--labels', path.join(dir, 'labels.jsonl'), '--out', 'x.json', '--algorithm', 'svm']).stderr, /--algorithm must be knn or nb/);
  } finally { cleanup(); }
});

test('labels files: JSONL and CSV (quoted fields), with line numbers in errors', () => {
  assert.deepEqual(parseLabels('{"url":"https://a.example/","label":"x"}\n\n{"file":"b.html","label":7}\n', false), [
    { line: 1, label: 'x', url: 'https://a.example/' }, { line: 3, label: '7', file: 'b.html' },
  ]);
  assert.deepEqual(parseLabels('file,label\n"a, b.html","say ""hi"""\n', true), [{ line: 2, label: 'say "hi"', file: 'a, b.html' }]);
  for (const [text, csv, why] of [['{"label":"x"}', false, /line 1: no "url" or "file"/], ['nope', false, /line 1: not JSON/], ['a,b\n1,2', true, /header must name/], ['url,label\nhttps://a/,', true, /line 2: no label/]] as const) {
    assert.throws(() => parseLabels(text, csv), (e: unknown) => e instanceof ThresherError && why.test(e.message));
  }
});
