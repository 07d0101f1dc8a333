/**
 * The render pool's life cycle on real Chromium (src/render-browser/pool.ts): no Chromium process
 * of ours survives close() (checked in /proc, zombies included), a browser killed in the middle of
 * a page is replaced and the page rendered again, the browser is relaunched after `recycleAfter`
 * pages with the old one's processes gone, tabs rendering at once do not see each other's pages,
 * and closing fails the pages still waiting with E_RENDER.
 *
 * These tests need Chromium (CI installs it: .ci/run). Without one they fail with E_NO_BROWSER's
 * message; they never skip.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RenderPool, renderPages } from '../src/render-browser/index.js';
import { allProcs, isAlive, processTree } from '../src/render-browser/procs.js';
import { ThresherError } from '../src/errors.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));
const LOOP = '<!doctype html><p>spinning</p><script>for (;;) {}</script>';

/** Our descendants that are (or were: zombies count) Chromium processes. */
function chromiumBelowUs(): string[] {
  const procs = allProcs();
  const mine = new Set(processTree(process.pid, procs));
  return procs.filter((p) => p.pid !== process.pid && mine.has(p.pid) && /chrom/i.test(p.comm)).map((p) => `${p.pid} ${p.comm} ${p.state}`);
}

/** Waits (up to ms) until none of pids runs; returns those still running. */
async function gone(pids: Iterable<number>, ms = 5000): Promise<number[]> {
  const end = Date.now() + ms;
  for (;;) {
    const alive = [...pids].filter(isAlive);
    if (alive.length === 0 || Date.now() > end) return alive;
    await sleep(50);
  }
}

describe('shutdown', () => {
  test('no Chromium process survives close(), and none is left a zombie', async () => {
    const pool = new RenderPool({ pages: 2 });
    const seen = new Set<number>();
    await Promise.all([1, 2, 3, 4].map(async (i) => {
      const r = await pool.render(`<p id="n">${i}</p>`, { url: `https://zombie.example/${i}` });
      assert.match(r.html, new RegExp(`<p id="n">${i}</p>`));
      for (const pid of pool.processIds()) seen.add(pid);
    }));
    assert.ok(seen.size >= 3, `only ${seen.size} processes seen`);
    assert.ok(chromiumBelowUs().length >= 1);
    await pool.close();
    assert.deepEqual(await gone(seen), []);
    assert.deepEqual(chromiumBelowUs(), []);
    assert.deepEqual(pool.processIds(), []);
    await assert.rejects(pool.render('<p>x', { url: 'https://zombie.example/' }), (e: unknown) => e instanceof ThresherError && e.code === 'E_RENDER');
  });

  test('closing with pages in flight and waiting: the waiting page fails with E_RENDER, and nothing survives', async () => {
    const pool = new RenderPool({ pages: 1 });
    await pool.render('<p>warm</p>', { url: 'https://close.example/' });
    const tree = pool.processIds();
    const running = pool.render(LOOP, { url: 'https://close.example/loop', timeoutMs: 10_000 });
    const waiting = pool.render('<p>never</p>', { url: 'https://close.example/never' });
    const settled = Promise.allSettled([running, waiting]);
    await sleep(300);
    await pool.close();
    const [a, b] = await settled;
    assert.equal(a.status, 'rejected');
    assert.equal(((a as PromiseRejectedResult).reason as ThresherError).code, 'E_RENDER');
    assert.equal(b.status, 'rejected');
    assert.equal(((b as PromiseRejectedResult).reason as ThresherError).code, 'E_RENDER');
    assert.deepEqual(await gone(tree), []);
    assert.deepEqual(chromiumBelowUs(), []);
  });
});

describe('recovery and recycling', () => {
  test('the browser killed mid-page: the page is rendered again in a new browser, and the pool goes on', async () => {
    const pool = new RenderPool();
    try {
      await pool.render('<p>warm</p>', { url: 'https://crash.example/' });
      const pid = pool.browserPid();
      assert.ok(pid, 'the pool knows its browser process');
      const tree = pool.processIds();
      const pending = pool.render(LOOP, { url: 'https://crash.example/loop', timeoutMs: 2500 });
      await sleep(700);
      process.kill(pid, 'SIGKILL');
      const r = await pending;
      assert.match(r.warnings[0], /browser died during this page; it was rendered again/);
      assert.match(r.warnings.join('\n'), /did not finish loading within its 2500 ms budget/);
      assert.match(r.html, /<p>spinning<\/p>/);
      assert.notEqual(pool.browserPid(), pid);
      assert.deepEqual({ launches: pool.stats.launches, crashes: pool.stats.crashes }, { launches: 2, crashes: 1 });
      assert.deepEqual(await gone(tree), [], 'the dead browser\'s helpers are gone too');
      const next = await pool.render('<p id="after">after</p>', { url: 'https://crash.example/after' });
      assert.match(next.html, /<p id="after">after<\/p>/);
      assert.deepEqual(next.warnings, []);
    } finally {
      await pool.close();
    }
  });

  test('the browser killed between pages: the next page starts a new one', async () => {
    const pool = new RenderPool();
    try {
      await pool.render('<p>one</p>', { url: 'https://idle.example/' });
      process.kill(pool.browserPid()!, 'SIGKILL');
      await sleep(300);
      const r = await pool.render('<p id="two">two</p>', { url: 'https://idle.example/2' });
      assert.match(r.html, /<p id="two">two<\/p>/);
      assert.equal(pool.stats.launches, 2);
    } finally {
      await pool.close();
    }
  });

  test('recycleAfter: a new browser after K pages, and the old one\'s processes end', async () => {
    const pool = new RenderPool({ recycleAfter: 2 });
    try {
      await pool.render('<p>1</p>', { url: 'https://recycle.example/1' });
      const first = pool.processIds();
      await pool.render('<p>2</p>', { url: 'https://recycle.example/2' });
      const r = await pool.render('<p id="t">3</p>', { url: 'https://recycle.example/3' });
      assert.match(r.html, /<p id="t">3<\/p>/);
      assert.deepEqual({ launches: pool.stats.launches, recycled: pool.stats.recycled, crashes: pool.stats.crashes }, { launches: 2, recycled: 1, crashes: 0 });
      assert.deepEqual(await gone(first), []);
    } finally {
      await pool.close();
    }
  });
});

describe('concurrency', () => {
  test('two tabs at once: every page gets its own bytes and counts; renderPages keeps input order', async () => {
    const pool = new RenderPool({ pages: 2 });
    try {
      const items = Array.from({ length: 6 }, (_, i) => ({
        tag: i,
        input: `<p id="n">${i}</p>${Array.from({ length: i }, (_, k) => `<img src="x${k}.png">`).join('')}<script>document.getElementById('n').title = location.pathname</script>`,
        options: { url: `https://tabs.example/p${i}` },
      }));
      const got: number[] = [];
      for await (const o of renderPages(pool, items)) {
        assert.ok(o.ok, o.ok ? '' : o.error.message);
        got.push(o.tag);
        assert.match(o.result.html, new RegExp(`<p id="n" title="/p${o.tag}">${o.tag}</p>`));
        assert.equal(o.result.blocked, o.tag);
      }
      assert.deepEqual(got, [0, 1, 2, 3, 4, 5]);
      assert.equal(pool.stats.launches, 1);
    } finally {
      await pool.close();
    }
  });
});
