/**
 * thresher serve's API against the real server on an ephemeral loopback port (issue 27): page
 * bodies in a legacy charset, gzip and JSON give the library's own result; bad bodies, media
 * types, sizes and options get their status and ThresherError code; /metrics parses and moves;
 * /openapi.json covers every route; site models are learned and applied; the store is searched.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { extract } from '../src/page/extract.js';
import { runCorpus } from '../src/pipeline/run.js';
import { OPENAPI } from '../src/serve/openapi.js';
import { synthSite } from '../src/synth/index.js';
import { loadSiteModel } from '../src/site/model.js';
import { siteRefiner } from '../src/site/refine.js';
import { articlePage, parseProm, postJson, sampleValue, withServer } from './serve-helpers.js';

/** windows-1252 bytes of an ASCII template with é (0xE9) and a right quote (0x92) in it. */
function cp1252(html: string): Uint8Array {
  return Uint8Array.from([...html].map((ch) => (ch === 'é' ? 0xe9 : ch === '’' ? 0x92 : ch.charCodeAt(0))));
}

const CAFE = articlePage('Café’s harbour', 'café');

test('serve: extract from windows-1252 bytes, gzip and JSON gives the library\'s result', async () => {
  await withServer({}, async ({ url }) => {
    const bytes = cp1252(CAFE);
    const raw = await fetch(`${url}/v1/extract?formats=markdown&title=true`, { method: 'POST', headers: { 'content-type': 'text/html; charset=windows-1252' }, body: bytes });
    assert.equal(raw.status, 200);
    const r = await raw.json() as Record<string, any>;
    const local = extract(bytes, { contentType: 'text/html; charset=windows-1252', formats: ['markdown'], title: true });
    assert.equal(r.text, local.text, 'the service gives what the library gives');
    assert.equal(r.markdown, local.markdown);
    assert.match(r.text, /^Café’s harbour\n.*café/s);
    assert.deepEqual(r.encoding, { name: 'windows-1252', source: 'transport' });

    // No charset on the wire: extract() sniffs (the <meta> prescan here).
    const meta = cp1252(CAFE.replace('<head>', '<head><meta charset="windows-1252">'));
    const sniffed = await (await fetch(`${url}/v1/extract`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: meta })).json() as Record<string, any>;
    assert.equal(sniffed.encoding.name, 'windows-1252');
    assert.match(sniffed.text, /café/);

    const gz = await fetch(`${url}/v1/extract`, { method: 'POST', headers: { 'content-type': 'text/html; charset=windows-1252', 'content-encoding': 'gzip' }, body: gzipSync(bytes) });
    assert.equal(gz.status, 200);
    assert.equal((await gz.json() as Record<string, any>).text, extract(bytes, { contentType: 'text/html; charset=windows-1252' }).text);

    const js = await postJson(`${url}/v1/extract`, { html: CAFE, options: { formats: ['html'], comments: true, url: 'https://cafe.example/a', debug: true } });
    assert.equal(js.status, 200);
    const j = await js.json() as Record<string, any>;
    assert.equal(j.text, extract(CAFE, { url: 'https://cafe.example/a' }).text);
    assert.match(j.html, /<meta name="generator" content="thresher">/);
    assert.deepEqual(j.comments, []);
    assert.ok(Array.isArray(j.blocks) && j.blocks.length > 0, 'debug fills blocks');
    assert.equal(j.url, 'https://cafe.example/a');
  });
});

test('serve: bad bodies, media types, sizes and options get their status and code', async () => {
  await withServer({ maxBody: 64 * 1024 }, async ({ url }) => {
    const call = async (init: RequestInit & { headers?: Record<string, string> }, path = '/v1/extract') => {
      const res = await fetch(`${url}${path}`, { method: 'POST', ...init });
      const body = await res.json() as { error: { code: string; message: string } };
      return { status: res.status, code: body.error?.code, message: body.error?.message };
    };
    const json = { 'content-type': 'application/json' };
    assert.deepEqual((await call({ headers: json, body: '{"html": "<p>x</p>",' })).status, 400);
    assert.equal((await call({ headers: json, body: '{"html": ' })).code, 'E_BAD_REQUEST');
    assert.equal((await call({ headers: json, body: '[1,2]' })).code, 'E_BAD_REQUEST');
    assert.equal((await call({ headers: json, body: '{"html":"<p>a</p>","url":"https://a.example/"}' })).code, 'E_BAD_REQUEST', 'both html and url');
    assert.equal((await call({ headers: json, body: '{"page":"<p>a</p>"}' })).code, 'E_BAD_REQUEST', 'unknown field');
    assert.equal((await call({ headers: json, body: '{"html": 5}' })).code, 'E_BAD_REQUEST');
    assert.equal((await call({ headers: json, body: Uint8Array.from([0x7b, 0xff, 0x7d]) })).code, 'E_BAD_REQUEST', 'not UTF-8');

    const opt = async (options: unknown) => call({ headers: json, body: JSON.stringify({ html: CAFE, options }) });
    for (const bad of [{ mode: 'fast' }, { algorithm: 'dvps' }, { algorithm: 'nope' }, { formats: 'markdown' }, { formats: ['pdf'] }, { title: 'yes' },
      { url: 'not a url' }, { url: 5 }, { budget: { maxMillis: 1 } }, { layout: {} }, { keepTree: true }, 'precision', { site: true }]) {
      const r = await opt(bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.equal(r.code, 'E_BAD_OPTION', JSON.stringify(bad));
    }
    const q = await call({ headers: { 'content-type': 'text/html' }, body: CAFE }, '/v1/extract?mode=loud');
    assert.deepEqual([q.status, q.code], [400, 'E_BAD_OPTION'], 'query-string options are checked the same way');

    for (const type of ['text/plain', 'image/png', 'application/x-www-form-urlencoded']) {
      const r = await call({ headers: { 'content-type': type }, body: CAFE });
      assert.deepEqual([r.status, r.code], [415, 'E_UNSUPPORTED_MEDIA'], type);
    }
    assert.equal((await call({ body: CAFE })).status, 415, 'no Content-Type (fetch sends text/plain for a string)');
    const enc = await call({ headers: { 'content-type': 'text/html', 'content-encoding': 'compress' }, body: CAFE });
    assert.deepEqual([enc.status, enc.code], [415, 'E_UNSUPPORTED_MEDIA']);
    const notGzip = await call({ headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: CAFE });
    assert.deepEqual([notGzip.status, notGzip.code], [400, 'E_GZIP']);

    const big = 'x'.repeat(65 * 1024);
    const over = await call({ headers: { 'content-type': 'text/html' }, body: `<p>${big}</p>` });
    assert.deepEqual([over.status, over.code], [413, 'E_INPUT_TOO_LARGE']);
    const overJson = await call({ headers: json, body: JSON.stringify({ html: big }) });
    assert.deepEqual([overJson.status, overJson.code], [413, 'E_INPUT_TOO_LARGE']);
    // A gzip body of 1 KB that would decode to 1 MB: refused on its decoded size (a decompression bomb).
    const bomb = gzipSync(Buffer.alloc(1024 * 1024, 0x61));
    assert.ok(bomb.length < 64 * 1024);
    const b = await call({ headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: bomb });
    assert.deepEqual([b.status, b.code], [413, 'E_INPUT_TOO_LARGE']);

    const empty = await call({ headers: { 'content-type': 'text/html' }, body: '' });
    assert.deepEqual([empty.status, empty.code], [400, 'E_INPUT_EMPTY']);
    const binary = await call({ headers: { 'content-type': 'text/html' }, body: Uint8Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256) });
    assert.deepEqual([binary.status, binary.code], [422, 'E_INPUT_BINARY']);

    const nf = await fetch(`${url}/v1/nothing`);
    assert.equal(nf.status, 404);
    assert.equal((await nf.json() as { error: { code: string } }).error.code, 'E_NOT_FOUND');
    const fetchOff = await call({ headers: json, body: JSON.stringify({ url: 'https://a.example/' }) });
    assert.deepEqual([fetchOff.status, fetchOff.code], [403, 'E_FETCH_DISABLED'], 'fetching is off by default');
  });
});

test('serve: /metrics parses as Prometheus text and its counts move', async () => {
  await withServer({}, async ({ url }) => {
    const metrics = async () => {
      const res = await fetch(`${url}/metrics`);
      assert.match(res.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      return parseProm(await res.text());
    };
    const before = await metrics();
    const page = articlePage('Metrics', 'lighthouse');
    for (let i = 0; i < 2; i++) assert.equal((await fetch(`${url}/v1/extract`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: page })).status, 200);
    assert.equal((await postJson(`${url}/v1/extract`, { html: page, options: { mode: 'loud' } })).status, 400);
    await fetch(`${url}/v1/records/x`);
    const after = await metrics();
    const ok = { route: '/v1/extract', method: 'POST', status: '200' };
    assert.equal(sampleValue(after, 'thresher_http_requests_total', ok) - sampleValue(before, 'thresher_http_requests_total', ok), 2);
    assert.equal(sampleValue(after, 'thresher_http_requests_total', { route: '/v1/extract', status: '400' }), 1);
    assert.equal(sampleValue(after, 'thresher_http_requests_total', { route: '/v1/records/:id{.+}', status: '404' }), 1, 'routes are labelled by pattern, not by id');
    assert.equal(sampleValue(after, 'thresher_pages_extracted_total') - sampleValue(before, 'thresher_pages_extracted_total'), 2);
    assert.equal(sampleValue(after, 'thresher_page_bytes_total') - sampleValue(before, 'thresher_page_bytes_total'), 2 * Buffer.byteLength(page));
    assert.equal(sampleValue(after, 'thresher_errors_total', { code: 'E_BAD_OPTION' }), 1);
    assert.equal(sampleValue(after, 'thresher_errors_total', { code: 'E_NOT_FOUND' }), 1);
    const inf = sampleValue(after, 'thresher_http_request_duration_seconds_bucket', { route: '/v1/extract', le: '+Inf' });
    assert.equal(inf, sampleValue(after, 'thresher_http_request_duration_seconds_count', { route: '/v1/extract' }));
    assert.equal(inf, 3);
    // Buckets are cumulative.
    const buckets = after.filter((s) => s.name === 'thresher_http_request_duration_seconds_bucket' && s.labels.route === '/v1/extract').map((s) => s.value);
    assert.deepEqual(buckets, [...buckets].sort((a, b) => a - b));
    assert.equal(sampleValue(after, 'thresher_pool_workers'), 1);
    for (const name of ['thresher_pool_queue_length', 'thresher_pool_saturation', 'thresher_pool_busy_workers', 'process_resident_memory_bytes', 'thresher_http_requests_in_flight']) {
      assert.ok(after.some((s) => s.name === name), name);
    }
  });
});

test('serve: /openapi.json describes every route the server answers, and only those', async () => {
  await withServer({}, async ({ url, app }) => {
    const doc = await (await fetch(`${url}/openapi.json`)).json() as typeof OPENAPI;
    assert.equal(doc.openapi, '3.1.0');
    const answered = app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method.toLowerCase()} ${r.path.replace(/:(\w+)(\{[^}]*\})?/g, '{$1}')}`);
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`));
    assert.deepEqual([...answered].sort(), [...documented].sort());
    for (const r of answered) assert.ok(r.startsWith('get /') || r.startsWith('post /'));
    // Each documented path answers (not the 404 of an unknown route).
    for (const d of documented.filter((x) => x.startsWith('get '))) {
      const path = d.slice(4).replace('{host}', 'a.example').replace('{id}', 'x');
      const res = await fetch(`${url}${path}`);
      const body = await res.text();
      assert.doesNotMatch(body, /no route/, path);
    }
  });
});

test('serve: site models are learned, read back, written to --models and applied with site: true', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-serve-models-'));
  const pages = synthSite({ seed: 5, pages: 8, template: 'news', host: 'news.example', lang: 'en' });
  await withServer({ modelsDir: dir }, async ({ url }) => {
    const res = await postJson(`${url}/v1/site-models`, { pages: pages.map((p) => ({ url: p.url, html: p.html })), date: '2024-01-01' });
    assert.equal(res.status, 200, await res.clone().text());
    const out = await res.json() as { models: { host: string; pages: number; href: string }[]; skipped: unknown[] };
    assert.deepEqual(out.models.map((m) => [m.host, m.pages, m.href]), [['news.example', 8, '/v1/site-models/news.example']]);
    const model = await (await fetch(`${url}${out.models[0].href}`)).json() as Record<string, any>;
    assert.equal(model.kind, 'thresher.site-model');
    assert.equal(model.learnedFrom.date, '2024-01-01');
    assert.deepEqual(readdirSync(dir), ['news.example.json']);
    assert.equal((await fetch(`${url}/v1/site-models/www.NEWS.example`)).status, 200, 'the host is normalized as models key it');
    assert.equal((await fetch(`${url}/v1/site-models/other.example`)).status, 404);

    const withSite = await postJson(`${url}/v1/extract`, { html: pages[0].html, options: { url: pages[0].url, site: true } });
    assert.equal(withSite.status, 200);
    const r = await withSite.json() as { text: string };
    const local = extract(pages[0].html, { url: pages[0].url, site: siteRefiner(loadSiteModel(model)) });
    assert.equal(r.text, local.text, 'the model the server holds is the one applied');

    const one = await postJson(`${url}/v1/site-models`, { pages: [{ url: 'https://solo.example/', html: pages[0].html }] });
    assert.deepEqual([one.status, (await one.json() as { error: { code: string } }).error.code], [422, 'E_SITE_SAMPLE']);
    const noHost = await postJson(`${url}/v1/site-models`, { pages: [{ html: '<p>x</p>' }] });
    assert.equal(noHost.status, 400);
  });
});

test('serve: search and records over a store written by thresher run', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-serve-store-'));
  const pages = synthSite({ seed: 9, pages: 6, template: 'news', host: 'gazette.example', lang: 'en' });
  const jsonl = join(dir, 'pages.jsonl');
  writeFileSync(jsonl, pages.map((p) => JSON.stringify({ url: p.url, html: p.html })).join('\n') + '\n');
  const out = join(dir, 'out');
  await runCorpus(jsonl, { out, workers: 1, sites: { minPages: 5, samplePages: 6 }, replicas: 'none' });
  await withServer({ store: out }, async ({ url }) => {
    const word = pages[0].truth.split('\n')[0].split(/\s+/).find((w) => /^[a-z]{5,}$/i.test(w))!;
    const res = await fetch(`${url}/v1/search?q=${encodeURIComponent(word)}&limit=3`);
    assert.equal(res.status, 200);
    const { hits } = await res.json() as { hits: { id: string; title: string }[] };
    assert.ok(hits.length >= 1 && hits.length <= 3);
    const rec = await fetch(`${url}/v1/records/${encodeURIComponent(hits[0].id)}`);
    assert.equal(rec.status, 200);
    assert.equal((await rec.json() as { id: string }).id, hits[0].id);
    assert.equal((await fetch(`${url}/v1/records/${encodeURIComponent('https://gazette.example/none')}`)).status, 404);
    assert.equal((await fetch(`${url}/v1/search`)).status, 400);
    assert.equal((await fetch(`${url}/v1/search?q=x&limit=1000`)).status, 400);
    assert.equal((await fetch(`${url}/v1/site-models/gazette.example`)).status, 200, 'the store\'s site model');
  });
  await withServer({}, async ({ url }) => {
    const r = await fetch(`${url}/v1/search?q=x`);
    assert.deepEqual([r.status, (await r.json() as { error: { code: string } }).error.code], [404, 'E_NOT_FOUND'], 'no --store');
  });
});

test('serve: the ./serve package export', async () => {
  const serve = await import('../src/serve/index.js');
  assert.deepEqual(Object.keys(serve).sort(), ['MAX_REDIRECTS', 'OPENAPI', 'SERVE_DEFAULTS', 'createApp', 'defaultAddressPolicy', 'fetchPage', 'isLoopback', 'nonPublicReason', 'resolveSettings', 'startServer', 'statusOf']);
  assert.equal(serve.SERVE_DEFAULTS.host, '127.0.0.1', 'loopback unless told otherwise');
  assert.equal(serve.SERVE_DEFAULTS.port, 8080);
  assert.equal(serve.SERVE_DEFAULTS.maxBody, 10 * 1024 * 1024);
});
