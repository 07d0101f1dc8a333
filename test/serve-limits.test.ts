/**
 * thresher serve's load limits against the real server (issue 27): a full queue answers 429 with
 * Retry-After while the queued work still completes; a request past its time budget answers 504,
 * its worker is terminated and replaced, and the next request is served. Slow work is real work
 * (a page that takes a worker seconds), not a hook in the server.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { articlePage, health, heavyPage, parseProm, sampleValue, waitFor, withServer } from './serve-helpers.js';

const HEAVY = heavyPage();
const post = (base: string, html: string) => fetch(`${base}/v1/extract`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: html });

test('serve: a full queue answers 429 with Retry-After; the running and queued requests still complete', async () => {
  await withServer({ workers: 1, maxQueue: 1, timeoutMs: 120_000 }, async ({ url }) => {
    await waitFor('the worker to start', async () => (await health(url)).ready === 1);
    const first = post(url, HEAVY);
    await waitFor('the first request to hold the worker', async () => (await health(url)).busy === 1);
    const second = post(url, HEAVY);
    await waitFor('the second request to wait in the queue', async () => (await health(url)).queued === 1);
    const third = await post(url, articlePage('Small', 'harbour'));
    assert.equal(third.status, 429);
    const retry = Number(third.headers.get('retry-after'));
    assert.ok(Number.isInteger(retry) && retry >= 1, `Retry-After ${third.headers.get('retry-after')}`);
    assert.equal((await third.json() as { error: { code: string } }).error.code, 'E_BUSY');
    const [a, b] = await Promise.all([first, second]);
    assert.deepEqual([a.status, b.status], [200, 200]);
    assert.match((await a.json() as { text: string }).text, /Paragraph 19999 about the harbour/);
    await b.arrayBuffer();
    // With the queue empty again, a request is served.
    assert.equal((await post(url, articlePage('Small', 'harbour'))).status, 200);
    const m = parseProm(await (await fetch(`${url}/metrics`)).text());
    assert.equal(sampleValue(m, 'thresher_errors_total', { code: 'E_BUSY' }), 1);
    assert.equal(sampleValue(m, 'thresher_http_requests_total', { route: '/v1/extract', status: '429' }), 1);
  });
});

test('serve: a request over its time budget answers 504; the stuck worker is replaced and the pool serves again', async () => {
  // The heavy page takes over a second even on a quiet machine; a budget of 1,500 ms let it finish
  // there (a clean-clone CI run answered 200).
  await withServer({ workers: 1, timeoutMs: 500 }, async ({ url }) => {
    await waitFor('the worker to start', async () => (await health(url)).ready === 1);
    const t0 = Date.now();
    const slow = await post(url, HEAVY);
    const took = Date.now() - t0;
    assert.equal(slow.status, 504);
    assert.equal((await slow.json() as { error: { code: string } }).error.code, 'E_PAGE_TIMEOUT');
    assert.ok(took < 500 + 2000, `answered ${took} ms after the request, the budget being 500 ms`);
    await waitFor('the replacement worker to start', async () => (await health(url)).ready === 1);
    const m = parseProm(await (await fetch(`${url}/metrics`)).text());
    assert.equal(sampleValue(m, 'thresher_pool_workers_replaced_total'), 1);
    const ok = await post(url, articlePage('After', 'lighthouse'));
    assert.equal(ok.status, 200);
    assert.match((await ok.json() as { text: string }).text, /lighthouse researchers/);
    // The time waiting in the queue counts: behind a heavy page, a small one runs out of budget too.
    const [h, s] = await Promise.all([post(url, HEAVY), new Promise((r) => setTimeout(r, 100)).then(() => post(url, articlePage('Queued', 'tide')))]);
    assert.deepEqual([h.status, s.status], [504, 504]);
    await waitFor('the pool to recover again', async () => (await health(url)).ready === 1);
    assert.equal((await post(url, articlePage('Again', 'tide'))).status, 200);
  });
});
