/** Hostile input to `thresher run` (issue 25): header injection in the WARC copy, non-object JSON lines, huge pages. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCorpus } from '../../src/pipeline/run.js';
import { readWarc } from '../../src/io/warc.js';

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
