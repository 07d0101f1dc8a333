/**
 * The corpus pipeline's learning passes and optional outputs: site models for sites with enough
 * pages (learned from the corpus, used when cleaning, the same for any worker count), the
 * corpus's aggressive stop list, a classifier's category, WARC out, and the CLI's main job.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { runCorpus } from '../src/pipeline/run.js';
import { openCorpus } from '../src/pipeline/input.js';
import { readWarc } from '../src/io/warc.js';
import { extract } from '../src/page/extract.js';
import { learnSite } from '../src/site/model.js';
import { siteRefiner } from '../src/site/refine.js';
import { CorpusStats } from '../src/corpus/corpus-stats.js';
import { classifierTerms, trainClassifier } from '../src/corpus/classify/model.js';
import { isThresherError } from '../src/index.js';
import { synthSite, type SynthPage } from '../src/synth/index.js';

const CLI = resolve('dist/src/cli/main.js');

function writeJsonl(dir: string, pages: { url: string; html: string }[]): string {
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, pages.map((p) => JSON.stringify({ url: p.url, html: p.html })).join('\n') + '\n');
  return path;
}

const records = (out: string): Record<string, any>[] => readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));

/** Sites read side by side, as a crawl interleaves them. */
function interleave(sites: SynthPage[][]): SynthPage[] {
  const out: SynthPage[] = [];
  for (let i = 0; i < Math.max(...sites.map((s) => s.length)); i++) for (const s of sites) if (s[i]) out.push(s[i]);
  return out;
}

/** WCXB-style bag-of-words F1 of a text against the truth. */
function wordF1(got: string, want: string): number {
  const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const bag = new Map<string, number>();
  for (const w of words(got)) bag.set(w, (bag.get(w) ?? 0) + 1);
  let tp = 0;
  for (const w of words(want)) { const n = bag.get(w) ?? 0; if (n > 0) { tp++; bag.set(w, n - 1); } }
  const p = tp / Math.max(1, words(got).length), r = tp / Math.max(1, words(want).length);
  return p + r ? (2 * p * r) / (p + r) : 0;
}

test('census: pages per site, keyed as site models key hosts (no www.), without reading a directory\'s pages', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-learn-'));
  const path = writeJsonl(dir, [
    { url: 'https://www.a.example/1', html: '<p>x</p>' }, { url: 'https://a.example/2', html: '<p>y</p>' }, { url: 'https://b.example/', html: '<p>z</p>' },
  ]);
  writeFileSync(path, readFileSync(path, 'utf8') + '{"html": "<p>no url</p>"}\n{broken\n');
  const c = await (await openCorpus(path)).census();
  assert.equal(c.total, 5);
  assert.deepEqual([...c.hosts].sort(), [['a.example', 2], ['b.example', 1]]);
});

test('site models: sites with enough pages get one, learned from their first pages, and their records are cleaned with it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-learn-'));
  const a = synthSite({ seed: 5, pages: 8, template: 'news', host: 'a.example', lang: 'en' });
  const b = synthSite({ seed: 6, pages: 8, template: 'shop', host: 'www.b.example', lang: 'de' });
  const c = synthSite({ seed: 7, pages: 3, template: 'blog', host: 'c.example', lang: 'en' });
  const pages = interleave([a, b, c]);
  const path = writeJsonl(dir, pages);
  const s = await runCorpus(path, { out: join(dir, 'site'), workers: 2, sites: { minPages: 5, samplePages: 6 } });
  const flat = await runCorpus(path, { out: join(dir, 'flat'), workers: 2, sites: false });
  assert.equal(s.sites.models, 2);
  assert.equal(s.sites.records, 16);
  assert.deepEqual(s.sites.skipped, []);
  assert.equal(flat.sites.models, 0);
  const withModel = records(join(dir, 'site')), pageLevel = records(join(dir, 'flat'));
  assert.deepEqual(withModel.map((r) => r.siteModel), pages.map((p) => p.host !== 'c.example'));
  // Each record is exactly what extract gives with the model learned from the site's first six pages.
  const model = siteRefiner(learnSite(a.slice(0, 6).map((p) => ({ url: p.url, html: p.html }))));
  for (const p of a) assert.equal(withModel.find((r) => r.url === p.url)!.content, extract(p.html, { url: p.url, site: model }).text);
  // The model removes template text the page level kept, and no truth: better on average, never worse.
  let site = 0, page = 0;
  pages.forEach((p, i) => {
    const fs = wordF1(withModel[i].content, p.truth), fp = wordF1(pageLevel[i].content, p.truth);
    assert.ok(fs >= fp - 0.005, `${p.url}: ${fs} < ${fp}`);
    site += fs; page += fp;
  });
  // (The page level cuts the template's byline lines by their shape too: the model's margin is what
  // else of the template it finds.)
  assert.ok(site > page + 0.05, `site ${site / pages.length} vs page level ${page / pages.length}`);
});

test('site models: the same models and records with 1 and 3 workers, also when the sample buffer forces early learning', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-learn-'));
  const sites = [0, 1, 2, 3].map((h) => synthSite({ seed: 60 + h, pages: 7, template: ['news', 'blog', 'forum', 'docs'][h], host: `s${h}.example`, lang: 'en' }));
  // A host whose pages are all one page: enough pages, no template to learn.
  const same = Array.from({ length: 5 }, (_, i) => ({ ...sites[0][0], url: `https://same.example/${i}`, host: 'same.example' }));
  const path = writeJsonl(dir, [...interleave(sites), ...same]);
  const opts = { sites: { maxBufferBytes: 40_000 }, replicas: 'none' as const };
  const one = await runCorpus(path, { out: join(dir, 'one'), workers: 1, ...opts });
  const three = await runCorpus(path, { out: join(dir, 'three'), workers: 3, ...opts });
  assert.equal(one.sites.models, 4);
  assert.equal(one.sites.skipped.length, 1);
  assert.equal(one.sites.skipped[0].host, 'same.example');
  assert.match(one.sites.skipped[0].reason, /same page/);
  assert.equal(readFileSync(join(dir, 'one', 'records.jsonl'), 'utf8'), readFileSync(join(dir, 'three', 'records.jsonl'), 'utf8'));
  const models = (out: string) => {
    const db = new Database(join(out, 'thresher.db'), { readonly: true });
    try { return db.prepare('SELECT host, pages, model FROM sites ORDER BY host').all(); } finally { db.close(); }
  };
  assert.deepEqual(models(join(dir, 'three')), models(join(dir, 'one')));
  // The buffer bound made some sample smaller than the default 20 pages' worth of its site.
  assert.ok((models(join(dir, 'one')) as { model: string }[]).some((m) => JSON.parse(m.model).learnedFrom.pages < 7));
  assert.deepEqual({ ...three, out: '', seconds: 0, workers: 0 }, { ...one, out: '', seconds: 0, workers: 0 });
  await assert.rejects(runCorpus(path, { out: join(dir, 'bad'), sites: { minPages: 1 } }), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
});

test('aggressive stop words: the high-df terms of the first pages\' topic content, kept out of every record\'s keywords', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-learn-'));
  const pages = [0, 1, 2].flatMap((h) => synthSite({ seed: 80 + h, pages: 25, host: `k${h}.example`, lang: 'en' }));
  const path = writeJsonl(dir, pages);
  const s = await runCorpus(path, { out: join(dir, 'out'), workers: 2, sites: false, statsPages: 60 });
  // The list is CorpusStats over the first 60 pages' cleaned content, and nothing else.
  const stats = new CorpusStats();
  for (const p of pages.slice(0, 60)) { const x = extract(p.html, { url: p.url }); stats.addDocument(new Set(classifierTerms(x.text, x.lang))); }
  const expected = stats.aggressiveStopWords();
  assert.ok(expected.length > 0);
  assert.equal(s.stopWords.docs, 60);
  assert.equal(s.stopWords.count, expected.length);
  assert.deepEqual(s.stopWords.sample, expected.slice(0, 10));
  const stop = new Set(expected);
  const keywords = records(join(dir, 'out')).flatMap((r) => r.keywords.map((k: { term: string }) => k.term));
  assert.ok(keywords.length > 0 && keywords.every((k) => !stop.has(k)));
  const none = await runCorpus(path, { out: join(dir, 'none'), workers: 2, sites: false, statsPages: 0 });
  assert.equal(none.stopWords.count, 0);
  assert.ok(records(join(dir, 'none')).some((r) => r.keywords.some((k: { term: string }) => stop.has(k.term))), 'without the list, some keyword is one of its words');
});

test('a classifier model gives every record its category; a damaged model is refused before any work', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-learn-'));
  const en = synthSite({ seed: 90, pages: 12, host: 'en.example', lang: 'en' });
  const de = synthSite({ seed: 91, pages: 12, host: 'de.example', lang: 'de' });
  const docs = [...en.slice(0, 6), ...de.slice(0, 6)].map((p) => ({ label: p.host === 'en.example' ? 'english' : 'german', terms: classifierTerms(extract(p.html).text) }));
  const model = JSON.stringify(trainClassifier(docs, { algorithm: 'nb' }));
  const path = writeJsonl(dir, interleave([en.slice(6), de.slice(6)]));
  const s = await runCorpus(path, { out: join(dir, 'out'), workers: 2, classifier: model });
  assert.deepEqual(s.categories, { english: 6, german: 6 });
  for (const r of records(join(dir, 'out'))) assert.equal(r.category, r.host === 'en.example' ? 'english' : 'german');
  const plain = await runCorpus(path, { out: join(dir, 'plain'), workers: 1 });
  assert.equal(plain.categories, undefined);
  assert.ok(records(join(dir, 'plain')).every((r) => r.category === undefined));
  await assert.rejects(runCorpus(path, { out: join(dir, 'bad'), classifier: model.slice(0, 100) }), (e) => isThresherError(e) && e.code === 'E_MODEL');
  // Another classifier is another run: resuming into the store of this one is refused.
  await assert.rejects(runCorpus(path, { out: join(dir, 'out'), classifier: JSON.stringify(trainClassifier(docs, { algorithm: 'knn' })) }), (e) => isThresherError(e) && e.code === 'E_STORE');
});

test('WARC out: one conversion record per stored record (its DocView JSON), after a warcinfo; the same for 1 and 2 workers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-learn-'));
  const pages = synthSite({ seed: 95, pages: 9, host: 'w.example', lang: 'fr' });
  const path = writeJsonl(dir, [...pages, pages[2]]);
  const read = async (out: string) => {
    const got: { type: string; url?: string; id?: string; date?: string; ctype?: string; payload: string }[] = [];
    for await (const it of readWarc(join(out, 'records.warc.gz'))) {
      assert.ok(it.ok, 'every record reads back');
      const r = it.record;
      got.push({ type: r.type, url: r.url, id: r.recordId, date: r.date, ctype: r.headers.find(([k]) => k === 'Content-Type')?.[1], payload: Buffer.from(r.payload).toString('utf8') });
    }
    return got;
  };
  await runCorpus(path, { out: join(dir, 'one'), workers: 1, warc: true, batchSize: 4 });
  await runCorpus(path, { out: join(dir, 'two'), workers: 2, warc: true });
  const one = await read(join(dir, 'one')), two = await read(join(dir, 'two'));
  assert.equal(one[0].type, 'warcinfo');
  const lines = readFileSync(join(dir, 'one', 'records.jsonl'), 'utf8').trim().split('\n');
  assert.equal(lines.length, 9);
  assert.deepEqual(one.slice(1).map((r) => [r.type, r.ctype, r.payload]), lines.map((l) => ['conversion', 'application/json', l]));
  assert.deepEqual(one.slice(1).map((r) => r.url), pages.map((p) => p.url));
  const strip = (rs: typeof one) => rs.slice(1).map(({ date: _d, ...r }) => r);
  assert.deepEqual(strip(two), strip(one));
});

test('CLI: the README main job — thresher run on the bundled example corpus prints the summary; search finds its pages', () => {
  const out = join(mkdtempSync(join(tmpdir(), 'thresher-learn-')), 'out');
  const run = spawnSync(process.execPath, [CLI, 'run', 'examples/corpus', '--out', out, '--workers', '2', '--warc'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  assert.match(run.stdout, /^pages +52$/m);
  assert.match(run.stdout, /^records +48 +\(topic 48\)$/m);
  assert.match(run.stdout, /^replicas +2 removed$/m);
  assert.match(run.stdout, /^failures +2 +\(E_GZIP 1, E_INPUT_BINARY 1\)$/m);
  assert.match(run.stdout, /^ +E_GZIP +https:\/\/harbour-gazette\.example\/broken: .*gzip/m);
  assert.match(run.stdout, /^sites +4 site model\(s\); 48 records cleaned with one$/m);
  assert.match(run.stdout, /^stop words \d+ learned from \d+ pages/m);
  const search = spawnSync(process.execPath, [CLI, 'search', 'harbour', '--store', out, '--limit', '2', '--json'], { encoding: 'utf8' });
  assert.equal(search.status, 0, search.stderr);
  const hits = search.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(hits.length, 2);
  assert.ok(hits.every((h) => /harbour/i.test(h.title + h.snippet)));
  const bad = spawnSync(process.execPath, [CLI, 'run', 'examples/corpus', '--out', out, '--classifier', join(out, 'nowhere.json')], { encoding: 'utf8' });
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /E_INPUT_NOT_FOUND/);
});
