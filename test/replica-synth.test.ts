/**
 * The replica indices on cleaned generated pages (a small, fixed-seed version of
 * scripts/eval-replicas.mjs): the same article in another site's template is found, a different
 * article in the same template is not. Guards the figures in docs/replicas.md against regressions
 * in the indices; the bar is set below the measured rates so that a small change in the
 * extractor or the generator does not trip it.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extract } from '../src/index.js';
import { synthArticles, renderSynthPage, SYNTH_TEMPLATES } from '../src/synth/index.js';
import { createReplicaIndex } from '../src/corpus/replicas/create.js';

test('near-replicas across templates are found on cleaned content, non-replicas in the same template are not', { timeout: 120_000 }, () => {
  const n = 20;
  const articles = synthArticles(4242, 2 * n);
  const clean = (html: string): string => extract(html).text;
  const base: string[] = [], near: string[] = [], non: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = SYNTH_TEMPLATES[i % SYNTH_TEMPLATES.length], t2 = SYNTH_TEMPLATES[(i + 2) % SYNTH_TEMPLATES.length];
    base.push(clean(renderSynthPage(articles[i], t, { seed: i, host: `${t}.example` }).html));
    near.push(clean(renderSynthPage(articles[i], t2, { seed: 100 + i, host: `${t2}-other.example` }).html));
    non.push(clean(renderSynthPage(articles[n + i], t, { seed: 200 + i, host: `${t}.example` }).html));
  }
  for (const method of ['minhash', 'simhash'] as const) {
    const ix = createReplicaIndex(method);
    base.forEach((t, i) => ix.add(`b${i}`, t));
    const hits = near.filter((t, i) => ix.query(t).some((m) => m.id === `b${i}`)).length;
    const fps = non.filter((t) => ix.query(t).length > 0).length;
    assert.ok(hits >= 18, `${method}: ${hits}/${n} near-replicas found`);
    assert.equal(fps, 0, `${method}: ${fps} non-replicas matched`);
  }
});
