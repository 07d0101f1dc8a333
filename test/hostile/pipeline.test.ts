/** Hostile input to `thresher run` (issue 25): header injection in the WARC copy, non-object JSON lines, huge pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCorpus } from '../../src/pipeline/run.js';
import { readWarc } from '../../src/io/warc.js';
import { integrate } from '../../src/corpus/docview.js';
import { exactKey } from '../../src/corpus/replicas/exact.js';
import { Md5, md5Words } from '../../src/corpus/replicas/md5.js';
import { SIGNATURE_TEXT_LIMIT, StoredReplicaIndex } from '../../src/pipeline/replica-store.js';

/** A page about `topic`, distinct enough from the other topics' pages not to be a replica. */
function page(topic: string): string {
  const paras = Array.from({ length: 4 }, (_, k) => `<p>Paragraph ${k + 1} about ${topic}: the ${topic} of the coast were studied by a ${topic} team, who compared ${topic} notes with the ${topic} records of ${1900 + k}.</p>`).join('');
  return `<html><head><title>${topic}</title></head><body><article><h1>The ${topic}</h1>${paras}</article></body></html>`;
}

const TOPICS = ['glaciers', 'lighthouses', 'orchards', 'railways', 'volcanoes', 'harbours'];

test('hostile run --warc: control characters in a URL cannot add WARC headers; every record reads back with its URL encoded', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-warc-'));
  const urls = [
    'http://a.example/x\r\nWARC-Type: evil\r\n\r\nboom',
    'http://b.example/nul\u0000bell\u0007esc\u001b[31m',
    'http://c.example/next-line\u0085del\u007f',
    'http://d.example/a b\ttab',
    'http://e.example/ok',
    'http://f.example/ünïcode',
  ];
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, urls.map((url, i) => JSON.stringify({ url, html: page(TOPICS[i]) })).join('\n') + '\n');
  const out = join(dir, 'out');
  const s = await runCorpus(path, { out, workers: 1, warc: true, sites: false, statsPages: 0 });
  assert.equal(s.records, urls.length);
  const targets: string[] = [];
  const payloadUrls: string[] = [];
  for await (const it of readWarc(join(out, 'records.warc.gz'))) {
    assert.ok(it.ok, `a record does not read back: ${it.ok ? '' : it.reason}`);
    if (it.record.type === 'warcinfo') continue;
    assert.equal(it.record.type, 'conversion');
    // No header beyond the writer's own: nothing was injected.
    assert.deepEqual(it.record.headers.map(([k]) => k).sort(), ['Content-Length', 'Content-Type', 'WARC-Block-Digest', 'WARC-Date', 'WARC-Payload-Digest', 'WARC-Record-ID', 'WARC-Target-URI', 'WARC-Type']);
    targets.push(it.record.url!);
    payloadUrls.push(JSON.parse(Buffer.from(it.record.payload).toString('utf8')).url);
  }
  assert.deepEqual(payloadUrls, urls, 'the record itself keeps the URL as given');
  assert.deepEqual(targets, [
    'http://a.example/x%0D%0AWARC-Type:%20evil%0D%0A%0D%0Aboom',
    'http://b.example/nul%00bell%07esc%1B[31m',
    'http://c.example/next-line%C2%85del%7F',
    'http://d.example/a%20b%09tab',
    'http://e.example/ok',
    'http://f.example/ünïcode',
  ]);
});

test('hostile run: JSONL lines that are null, numbers, arrays, strings or objects with a wrong-typed url/html are bad lines with reasons; the run goes on', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-jsonl-'));
  const good = (i: number) => JSON.stringify({ url: `https://good.example/${i}`, html: page(TOPICS[i]) });
  const lines = [good(0), 'null', '42', '[1,2]', '"a string"', 'true', good(1), JSON.stringify({ url: 7, html: page('bridges') }),
    JSON.stringify({ url: 'https://x.example/', html: 12 }), JSON.stringify({ url: ['https://x.example/'], html: page('orchards') }), '{"url": "x"', good(2)];
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, lines.join('\n') + '\n');
  const s = await runCorpus(path, { out: join(dir, 'out'), workers: 1, sites: false, statsPages: 0 });
  assert.equal(s.pages, lines.length);
  assert.equal(s.records, 3);
  assert.equal(s.failures, lines.length - 3);
  assert.deepEqual(s.failureSamples.map((f) => f.message), [
    'record 2 is null, not a JSON object',
    'record 3 is a number, not a JSON object',
    'record 4 is an array, not a JSON object',
    'record 5 is a string, not a JSON object',
    'record 6 is a boolean, not a JSON object',
    'record 8 has a "url" that is a number, not a string',
    'record 9 has no "html" string (its "html" is a number)',
    'record 10 has a "url" that is an array, not a string',
    'record 11 is not JSON',
  ]);
  assert.ok(s.failureSamples.every((f) => f.code === 'E_INPUT_READ'));
});

test('hostile run: malformed lines of a directory\'s manifest.jsonl are counted with reasons; its other lines still give URLs', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-manifest-'));
  const pages = join(dir, 'pages');
  mkdirSync(pages);
  for (const [i, name] of ['a', 'b', 'c'].entries()) writeFileSync(join(pages, `${name}.html`), page(TOPICS[i]));
  writeFileSync(join(pages, 'manifest.jsonl'), [
    JSON.stringify({ id: 'a', url: 'https://one.example/a' }), 'null', '[]', '3', JSON.stringify({ id: 'b', url: 5 }),
    JSON.stringify({ id: 'c' }), // no URL: allowed (the page's URL is unknown)
    'not json', JSON.stringify({ html: 'b.html', url: 'https://one.example/b' }),
  ].join('\n'));
  const s = await runCorpus(pages, { out: join(dir, 'out'), workers: 1, sites: false, statsPages: 0 });
  assert.equal(s.records, 3);
  assert.equal(s.failures, 0);
  assert.deepEqual(s.badManifestLines, { count: 5, samples: [
    { line: 2, reason: 'is null, not a JSON object' },
    { line: 3, reason: 'is an array, not a JSON object' },
    { line: 4, reason: 'is a number, not a JSON object' },
    { line: 5, reason: 'has a "url" that is a number, not a string' },
    { line: 7, reason: 'is not JSON' },
  ] });
  const ids = readFileSync(join(dir, 'out', 'records.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).id);
  assert.deepEqual(ids, ['https://one.example/a', 'https://one.example/b', 'c.html']);
});

/** A page whose first part is about `first` and whose (much longer) rest is about `rest`. */
function twoPartPage(first: string, rest: string, restParas: number): string {
  const para = (t: string, k: number) => `<p>Paragraph ${k} on ${t}: the ${t} were measured by the ${t} survey, and every ${t} report named the ${t} once more.</p>`;
  return `<html><head><title>Report</title></head><body><article><h1>Report</h1>${Array.from({ length: 8 }, (_, k) => para(first, k)).join('')}${Array.from({ length: restParas }, (_, k) => para(rest, k)).join('')}</article></body></html>`;
}

test('hostile integrate: keywords, abstract and language read at most textLimit characters of a huge page (the content stays whole)', () => {
  const html = twoPartPage('glaciers', 'volcanoes', 400);
  const whole = integrate(html, {});
  assert.ok(whole.keywords.some((k) => k.term === 'volcanoes'), 'with the default limit this page is read whole');
  const bounded = integrate(html, { textLimit: 900 });
  const terms = bounded.keywords.map((k) => k.term);
  assert.ok(terms.includes('glaciers'), terms.join(' '));
  assert.ok(!terms.includes('volcanoes'), `words past the limit were read: ${terms.join(' ')}`);
  assert.doesNotMatch(bounded.abstract ?? '', /volcano/);
  assert.match(bounded.content, /volcanoes/);
  assert.throws(() => integrate(html, { textLimit: 0 }), /textLimit/);
});

test('hostile replicas: near-replica signatures read the first SIGNATURE_TEXT_LIMIT characters; exact copies are still judged on the whole text', () => {
  const head = Array.from({ length: Math.ceil(SIGNATURE_TEXT_LIMIT / 60) }, (_, i) => `sentence ${i} of the shared opening part goes here.`).join(' ').slice(0, SIGNATURE_TEXT_LIMIT);
  const tail = (t: string) => Array.from({ length: 20_000 }, (_, i) => `${t} ${i} ${t}s`).join(' ');
  const db = new Database(':memory:');
  const ix = new StoredReplicaIndex(db, 'minhash', () => { if (!db.inTransaction) db.exec('BEGIN'); });
  const a = `${head} ${tail('orchard')}`, b = `${head} ${tail('harbour')}`;
  assert.equal(ix.admit(0, 'a', a, exactKey(a)), undefined);
  assert.deepEqual(ix.admit(1, 'b', b, exactKey(b)), { canonical: 'a', method: 'minhash' }, 'the same first million characters: a near-replica');
  assert.notEqual(exactKey(a), exactKey(b), 'not an exact copy: the tails differ');
  assert.deepEqual(ix.admit(2, 'c', a, exactKey(a)), { canonical: 'a', method: 'exact' });
  db.close();
});

test('hostile replicas: the exact key of a long text, hashed in pieces, is the key of the whole text', () => {
  let seed = 7;
  const rand = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  const alphabet = ['a', 'B', 'Σ', 'σ', ' ', '  ', '\n', '\t', '\u00a0', '\u3000', '\u00a8', '\u0301', 'e\u0301', '\u2019', 'ﬁ', 'Ａ', '字', '\u2028', '😀', 'ΟΔΟΣ', '.', '1'];
  for (let t = 0; t < 2000; t++) {
    let s = '';
    for (let i = Math.floor(rand() * 120); i > 0; i--) s += alphabet[Math.floor(rand() * alphabet.length)];
    for (const piece of [1, 2, 5, 17]) assert.equal(exactKey(s, piece), exactKey(s), `${JSON.stringify(s)} in pieces of ${piece}`);
    const bytes = new TextEncoder().encode(s);
    const cut = Math.floor(rand() * (bytes.length + 1));
    assert.deepEqual(new Md5().update(bytes.subarray(0, cut)).update(bytes.subarray(cut)).digest(), md5Words(bytes));
  }
});
