/** The corpus pipeline (src/pipeline/): ordering, failures, replicas, store and search, resume after a kill. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { readLines } from '../src/pipeline/input.js';
import { runCorpus } from '../src/pipeline/run.js';
import { searchStore } from '../src/pipeline/store.js';
import { readWarc } from '../src/io/warc.js';
import { isThresherError } from '../src/index.js';
import { renderSynthPage, synthSite } from '../src/synth/index.js';

const CLI = resolve('dist/src/cli/main.js');
const TOPICS = ['glaciers', 'lighthouses', 'orchards', 'railways', 'volcanoes', 'harbours', 'libraries', 'bridges'];

/** A page about topic t, variant v: a template around a distinct article. */
function page(t: string, v: number): string {
  const paras = Array.from({ length: 4 }, (_, k) =>
    // The topic word every few words: the body alone (the headline is the title) tells two topics apart.
    `<p>Paragraph ${k + 1} of the story number ${v} about ${t}: the ${t} of the northern coast were studied by a ${t} team, who wrote down what the ${t} did each morning and compared ${t} notes with the ${t} records of ${1900 + v + k}.</p>`).join('');
  return `<html><head><title>${t} ${v}</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a> <a href="/about">About</a> <a href="/contact">Contact</a></nav>
<article><h1>The ${t}, part ${v}</h1>${paras}</article><footer>© 2026 Example Media. All rights reserved.</footer></body></html>`;
}

/** n pages of three synthetic sites (distinct articles: no replicas among them). */
function jsonlCorpus(dir: string, n: number): string {
  const lines: string[] = [];
  for (let h = 0; h < 3; h++) {
    const pages = synthSite({ seed: 40 + h, pages: Math.ceil(n / 3), host: `site${h}.example`, lang: 'en' });
    for (const p of pages) if (lines.length < n) lines.push(JSON.stringify({ url: p.url, html: p.html }));
  }
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  return path;
}

test('pipeline: bad items are counted with their reasons and the run goes on; replicas and duplicate ids removed; search works', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-run-'));
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  writeFileSync(join(pages, 'a.html'), page('glaciers', 1));
  writeFileSync(join(pages, 'b.html.gz'), gzipSync(page('orchards', 2)));
  writeFileSync(join(pages, 'c.html'), page('glaciers', 1));                       // exact replica of a.html
  writeFileSync(join(pages, 'd.html.gz'), gzipSync(page('railways', 3)).subarray(0, 60)); // truncated gzip
  writeFileSync(join(pages, 'e.html'), Buffer.from([0, 1, 2, 3, 0, 255, 254, 0, 0, 7, 8, 0]));  // binary
  writeFileSync(join(pages, 'f.html'), '');                                         // empty
  writeFileSync(join(pages, 'manifest.jsonl'), [
    { id: 'a', url: 'https://one.example/a' }, { id: 'b', url: 'https://one.example/b' }, { id: 'c', url: 'https://two.example/c' },
    { id: 'e', url: 'https://one.example/b' }, // the same URL as b: a duplicate id, but e fails first as binary
  ].map((r) => JSON.stringify(r)).join('\n'));
  const out = join(dir, 'out');
  const s = await runCorpus(pages, { out, workers: 2 });
  assert.equal(s.pages, 6);
  assert.equal(s.records, 2);
  assert.equal(s.replicas, 1);
  assert.equal(s.failures, 3);
  assert.deepEqual(s.failuresByCode, { E_GZIP: 1, E_INPUT_BINARY: 1, E_INPUT_EMPTY: 1 });
  assert.ok(s.failureSamples.every((f) => f.message.length > 5));
  const records = readFileSync(join(out, 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(records.map((r) => r.id), ['https://one.example/a', 'https://one.example/b']);
  assert.match(records[0].content, /glaciers of the northern coast/);
  assert.doesNotMatch(records[0].content, /Home News About Contact/);
  const hits = searchStore(out, 'orchards coast');
  assert.equal(hits[0].id, 'https://one.example/b');
  assert.match(hits[0].snippet, /\[orchards\]/);
  assert.throws(() => searchStore(out, '!!!'), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
  assert.throws(() => searchStore(join(dir, 'nowhere'), 'x'), (e) => isThresherError(e) && e.code === 'E_INPUT_NOT_FOUND');
});

test('pipeline: JSONL input with a broken line and a duplicate id; the same records with 1 and 2 workers', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-run-'));
  const path = jsonlCorpus(dir, 30);
  writeFileSync(path, readFileSync(path, 'utf8') + '{not json\n' + JSON.stringify({ url: JSON.parse(readFileSync(path, 'utf8').split('\n')[0]).url, html: page('bridges', 99) }) + '\n');
  const one = await runCorpus(path, { out: join(dir, 'one'), workers: 1, batchSize: 7 });
  const two = await runCorpus(path, { out: join(dir, 'two'), workers: 2, batchSize: 5 });
  assert.equal(one.records, 30);
  assert.deepEqual(one.failuresByCode, { E_DUPLICATE_ID: 1, E_INPUT_READ: 1 });
  assert.deepEqual({ ...two, out: '', seconds: 0, workers: 0 }, { ...one, out: '', seconds: 0, workers: 0 });
  assert.equal(readFileSync(join(dir, 'one', 'records.jsonl'), 'utf8'), readFileSync(join(dir, 'two', 'records.jsonl'), 'utf8'));
  // An id an earlier replica took is a duplicate too, in the same batch and in a later one.
  const dup = join(dir, 'dup.jsonl');
  const row = (id: string, html: string) => JSON.stringify({ url: `https://dup.example/${id}`, html }) + '\n';
  writeFileSync(dup, row('a', page('bridges', 1)) + row('copy', page('bridges', 1)) + row('copy', page('orchards', 2)) + row('b', page('glaciers', 3)) + row('copy', page('harbours', 4)));
  const d = await runCorpus(dup, { out: join(dir, 'dup'), workers: 1, batchSize: 4, sites: false });
  assert.deepEqual([d.records, d.replicas, d.failuresByCode], [2, 1, { E_DUPLICATE_ID: 2 }]);
  // A finished run is not redone; a store of another corpus is refused.
  const again = await runCorpus(path, { out: join(dir, 'one'), workers: 1 });
  assert.equal(again.alreadyComplete, true);
  const other = jsonlCorpus(mkdtempSync(join(tmpdir(), 'thresher-run-')), 3);
  await assert.rejects(runCorpus(other, { out: join(dir, 'one') }), (e) => isThresherError(e) && e.code === 'E_STORE');
  await assert.rejects(runCorpus(join(dir, 'missing.jsonl'), { out: join(dir, 'x') }), (e) => isThresherError(e) && e.code === 'E_INPUT_NOT_FOUND');
  await assert.rejects(runCorpus(path, { out: join(dir, 'x'), workers: 0 }), (e) => isThresherError(e) && e.code === 'E_BAD_OPTION');
});

test('pipeline: a page past the per-page time limit fails alone; its worker is replaced and the run goes on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-run-'));
  const lines = [page('glaciers', 1), '<div>' + '<p>word and word, again. '.repeat(400_000) + '</div>', page('orchards', 2)]
    .map((html, i) => JSON.stringify({ url: `https://x.example/${i}`, html }));
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  const s = await runCorpus(path, { out: join(dir, 'out'), workers: 1, pageTimeoutMs: 400 });
  assert.deepEqual(s.failuresByCode, { E_PAGE_TIMEOUT: 1 });
  assert.equal(s.records, 2);
});

test('pipeline: killed mid-run and restarted, it finishes with no record lost or written twice', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-run-'));
  const path = jsonlCorpus(dir, 400);
  const reference = join(dir, 'reference');
  await runCorpus(path, { out: reference, workers: 1, warc: true });
  const out = join(dir, 'killed');
  const f = join(out, 'records.jsonl');
  let kills = 0, killedBeforeRecords = false;
  for (let attempt = 0; attempt < 4; attempt++) {
    // The first kill lands while the run learns (site models, the stop list: no record yet), the
    // later ones once more batches are committed (the JSONL file has grown), at a moment of its own.
    const child = spawn(process.execPath, [CLI, 'run', path, '--out', out, '--workers', '2', '--batch', '3', '--warc'], { stdio: 'ignore' });
    const exited = new Promise((r) => child.once('exit', r));
    let killed = false, seenAt = 0;
    const poll = setInterval(() => {
      if (killed || !existsSync(f)) return;
      const size = statSync(f).size;
      if (attempt === 0) {
        seenAt ||= Date.now();
        if (Date.now() - seenAt > 400) { killed = true; killedBeforeRecords = size === 0; child.kill('SIGKILL'); }
      } else if (size > attempt * 20_000) { killed = true; child.kill('SIGKILL'); }
    }, 5);
    await exited;
    clearInterval(poll);
    if (!killed) break;
    kills++;
  }
  assert.ok(kills >= 2, 'the run was never killed mid-way');
  assert.ok(killedBeforeRecords, 'the first kill came while the run was still learning');
  const s = await runCorpus(path, { out, workers: 2, warc: true });
  assert.equal(s.records + s.replicas + s.failures, 400);
  assert.equal(readFileSync(f, 'utf8'), readFileSync(join(reference, 'records.jsonl'), 'utf8'));
  const db = new Database(join(out, 'thresher.db'), { readonly: true });
  const { n, d } = db.prepare('SELECT count(*) AS n, count(DISTINCT id) AS d FROM docs').get() as { n: number; d: number };
  const models = db.prepare('SELECT host, model FROM sites ORDER BY host').all();
  db.close();
  assert.equal(n, d);
  assert.equal(n, s.records);
  assert.equal(s.sites.models, 3);
  const ref = new Database(join(reference, 'thresher.db'), { readonly: true });
  assert.deepEqual(models, ref.prepare('SELECT host, model FROM sites ORDER BY host').all());
  ref.close();
  // The WARC copy too: every record once, in order (dates aside: each store has its own).
  const warc = async (o: string) => {
    const got: string[] = [];
    for await (const it of readWarc(join(o, 'records.warc.gz'))) { assert.ok(it.ok); got.push(`${it.record.type} ${it.record.recordId} ${Buffer.from(it.record.payload).toString('utf8')}`); }
    return got;
  };
  const [mine, theirs] = [await warc(out), await warc(reference)];
  assert.equal(mine.length, s.records + 1);
  assert.deepEqual(mine.slice(1), theirs.slice(1));
});

test('pipeline: the same article in another site\'s template is removed as a near-replica of the first record', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-run-'));
  const pages = synthSite({ seed: 77, pages: 6, template: 'news', host: 'a.example', lang: 'en' });
  // A republication, not a byte copy: it adds a line of its own, so exact replicas miss it and
  // MinHash has to find it.
  const republished = { ...pages[2].article, paragraphs: [...pages[2].article.paragraphs, 'This story first appeared in the Harbour Courier and is republished with permission.'] };
  const copy = renderSynthPage(republished, 'blog', { seed: 3, host: 'b.example', path: '/copy' });
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, [...pages, copy].map((p) => JSON.stringify({ url: p.url, html: p.html })).join('\n') + '\n');
  const s = await runCorpus(path, { out: join(dir, 'out'), workers: 1 });
  assert.equal(s.records, 6);
  assert.equal(s.replicas, 1);
  const db = new Database(join(dir, 'out', 'thresher.db'), { readonly: true });
  const row = db.prepare('SELECT id, canonical, method FROM replicas').get() as { id: string; canonical: string; method: string };
  db.close();
  assert.deepEqual(row, { id: copy.url, canonical: pages[2].url, method: 'minhash' });
  const none = await runCorpus(path, { out: join(dir, 'none'), workers: 1, replicas: 'none' });
  assert.equal(none.records, 7);
});

test('pipeline: WARC input — HTML and XHTML responses are pages; other responses (a sitemap too) and damaged records are counted with reasons', async () => {
  const { WarcWriter } = await import('../src/io/warc.js');
  const { appendFileSync } = await import('node:fs');
  const dir = mkdtempSync(join(tmpdir(), 'thresher-run-'));
  const path = join(dir, 'crawl.warc.gz');
  const w = await WarcWriter.open(path);
  const site = synthSite({ seed: 91, pages: 4, host: 'w.example', lang: 'en' });
  const ex = (url: string, status: number, type: string, body: string | Uint8Array) => w.writeExchange({
    url, request: { method: 'GET', headers: [['User-Agent', 'test']] },
    response: { status, headers: [['Content-Type', type]], body: typeof body === 'string' ? Buffer.from(body) : body },
  });
  for (const [i, p] of site.slice(0, 3).entries()) await ex(p.url, 200, i === 2 ? 'application/xhtml+xml' : 'text/html; charset=utf-8', p.html);
  // What a crawl stores besides pages: an XML sitemap is not a document of the corpus.
  await ex('https://w.example/sitemap.xml', 200, 'application/xml', '<?xml version="1.0"?><urlset><url><loc>https://w.example/a</loc></url></urlset>');
  await ex('https://w.example/logo.png', 200, 'image/png', new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
  await ex('https://w.example/gone', 404, 'text/html', '<p>not found</p>');
  await w.close();
  // A whole gzip member that is no WARC record (a malformed header), then good records again.
  appendFileSync(path, gzipSync(Buffer.from('HELLO this is not a WARC record\r\nContent-Length: 5\r\n\r\nhello\r\n\r\n')));
  const w2 = await WarcWriter.open(path, { append: true });
  await w2.writeExchange({ url: site[3].url, request: { method: 'GET', headers: [] }, response: { status: 200, headers: [['Content-Type', 'text/html']], body: Buffer.from(site[3].html) } });
  await w2.close();
  // And a truncated gzip member at the end (a download cut short).
  appendFileSync(path, gzipSync(Buffer.from('WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 999\r\n\r\nshort')).subarray(0, 30));
  const s = await runCorpus(path, { out: join(dir, 'out'), workers: 1 });
  assert.equal(s.records, 4);
  assert.deepEqual(s.failuresByCode, { E_WARC: 2 });
  assert.deepEqual(s.notPages, { count: 3, byReason: { 'not-html': 2, 'http-404': 1 } }, 'not pages: skipped, not failures');
  assert.ok(s.failureSamples.filter((f) => f.code === 'E_WARC').every((f) => /damaged record at byte \d+: ./.test(f.message)));
  const records = readFileSync(join(dir, 'out', 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(records.map((r) => r.url), site.map((p) => p.url));
});

test('JSONL lines: \\n and \\r\\n, multi-byte characters and line ends across read chunks, a last line without \\n', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-lines-'));
  // Lines longer than a 64 KiB read, of 2- and 3-byte characters, so chunks end inside characters and between \r and \n.
  const want = ['a', '', 'é'.repeat(70_001), '中'.repeat(50_000) + 'x', 'b\r', 'last'];
  const body = want.slice(0, -1).map((l, i) => (i % 2 ? l + '\r\n' : l + '\n')).join('') + want[want.length - 1];
  writeFileSync(join(dir, 'x.jsonl'), body);
  const got: (string | { overlong: number })[] = [];
  for await (const line of readLines(join(dir, 'x.jsonl'))) got.push(line);
  assert.deepEqual(got, ['a', '', 'é'.repeat(70_001), '中'.repeat(50_000) + 'x', 'b', 'last']);
  // Over the limit, a line comes as its length alone, and the lines after it as usual.
  const capped: (string | { overlong: number })[] = [];
  for await (const line of readLines(join(dir, 'x.jsonl'), 50_000)) capped.push(line);
  assert.deepEqual(capped, ['a', '', { overlong: 70_001 }, { overlong: 50_002 }, 'b', 'last']); // the second counts its CR
});

test('pipeline: a second run on the same output directory is refused while the first lives; a killed run\'s lock is taken over', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-lock-'));
  const path = jsonlCorpus(dir, 5);
  const out = join(dir, 'out');
  const first = await runCorpus(path, { out, workers: 1, sites: false });
  assert.equal(existsSync(join(out, 'thresher.lock')), false, 'the lock is released');
  const records = readFileSync(join(out, 'records.jsonl'), 'utf8');
  // A live owner (this process stands in for a run still going): refused, and --fresh deletes nothing.
  writeFileSync(join(out, 'thresher.lock'), String(process.pid));
  await assert.rejects(runCorpus(path, { out, workers: 1, sites: false, fresh: true }),
    (e) => isThresherError(e) && e.code === 'E_STORE' && /in use by another thresher run/.test(e.message));
  assert.equal(readFileSync(join(out, 'records.jsonl'), 'utf8'), records);
  // An owner that is gone (a killed run): the lock is taken over and the run goes on.
  const dead = spawn(process.execPath, ['-e', '']);
  await new Promise((r) => dead.on('exit', r));
  writeFileSync(join(out, 'thresher.lock'), String(dead.pid));
  const again = await runCorpus(path, { out, workers: 1, sites: false, fresh: true });
  assert.equal(again.records, first.records);
  assert.equal(existsSync(join(out, 'thresher.lock')), false);
});
