/** The second pass of the learned stage (src/page/smoothing.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { BLOCK_FEATURES, N_BLOCK_FEATURES } from '../src/page/block-features.js';
import { N_SMOOTHED_FEATURES, SMOOTHING_FEATURES, SMOOTHED_FEATURE_NAMES, smoothingRows } from '../src/page/smoothing.js';
import { BLOCK_MODEL } from '../src/page/block-model.generated.js';
import { SECOND_PASS_FROM, secondPass } from '../src/page/learned.js';
import { predictProbaRows } from '../src/learn/gbdt.js';

const F = N_BLOCK_FEATURES, G = N_SMOOTHED_FEATURES;
const LOG_LEN = BLOCK_FEATURES.indexOf('log_len');

/** First-pass rows with the given unit text lengths and a recognisable pattern elsewhere. */
function firstPassRows(lengths: number[]): Float32Array {
  const rows = new Float32Array(lengths.length * F);
  lengths.forEach((len, k) => {
    for (let f = 0; f < F; f++) rows[k * F + f] = k + f / 100;
    rows[k * F + LOG_LEN] = Math.log1p(len);
  });
  return rows;
}

function feature(out: Float32Array, k: number, name: string): number {
  return out[k * G + F + SMOOTHING_FEATURES.indexOf(name)];
}

test('smoothing: each row is the first-pass row followed by the neighbourhood of p', () => {
  const rows = firstPassRows([100, 10, 100, 50, 100]);
  const p = [0.9, 0.2, 0.8, 0.1, 0.7];
  const out = smoothingRows(rows, p);
  assert.equal(out.length, 5 * G);
  for (let k = 0; k < 5; k++) assert.deepEqual([...out.subarray(k * G, k * G + F)], [...rows.subarray(k * F, (k + 1) * F)]);
  assert.ok(Math.abs(feature(out, 1, 'p') - 0.2) < 1e-6);
  assert.ok(Math.abs(feature(out, 1, 'p_prev') - 0.9) < 1e-6);
  assert.ok(Math.abs(feature(out, 1, 'p_next') - 0.8) < 1e-6);
  assert.equal(feature(out, 0, 'p_prev'), -1);
  assert.equal(feature(out, 4, 'p_next'), -1);
  // Unit 1 sits between two confident units: its nearest confident neighbour is 1 away.
  assert.ok(Math.abs(feature(out, 1, 'log_gap_to_confident') - Math.log1p(1)) < 1e-6);
  // Confident text (p > .5): units 0, 2, 4 = 300 of 360 characters; before unit 3: 200.
  assert.ok(Math.abs(feature(out, 3, 'kept_text_before') - 200 / 360) < 1e-4);
  assert.ok(Math.abs(feature(out, 3, 'kept_text_after') - 100 / 360) < 1e-4);
  // Runs of confident units are one unit long here; unit 1 is in none.
  assert.ok(Math.abs(feature(out, 0, 'log_run_len') - Math.log1p(100)) < 1e-3);
  assert.equal(feature(out, 1, 'log_run_len'), 0);
  assert.equal(feature(out, 0, 'p_rank'), 1);
  assert.equal(feature(out, 3, 'p_rank'), 0);
});

test('smoothing: features are finite and probabilities stay in range (property)', () => {
  const page = fc.array(fc.tuple(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 40 });
  fc.assert(fc.property(page, (units) => {
    const out = smoothingRows(firstPassRows(units.map(([len]) => len)), units.map(([, p]) => p));
    assert.ok(out.every(Number.isFinite));
    for (let k = 0; k < units.length; k++) {
      for (const name of ['p', 'p_mean_2', 'p_mean_5', 'page_p_mean', 'kept_text_before', 'kept_text_after', 'p_rank']) {
        const v = feature(out, k, name);
        assert.ok((v >= 0 && v <= 1 + 1e-6) || (v === -1 && units.length === 1), `${name} = ${v}`);
      }
    }
  }));
});

test('smoothing: the shipped model\'s second pass reads these features', () => {
  assert.ok(BLOCK_MODEL.smoother, 'the shipped model has a second pass');
  assert.deepEqual([...BLOCK_MODEL.smoother.features], [...SMOOTHED_FEATURE_NAMES]);
});

test('smoothing: rows for some units are those units\' rows of the whole page (property)', () => {
  const page = fc.array(fc.tuple(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.boolean()), { minLength: 1, maxLength: 40 });
  fc.assert(fc.property(page, (units) => {
    const rows = firstPassRows(units.map(([len]) => len));
    const p = units.map(([, q]) => q);
    const only = units.flatMap(([, , pick], k) => (pick ? [k] : []));
    const all = smoothingRows(rows, p);
    const some = smoothingRows(rows, p, only);
    assert.equal(some.length, only.length * G);
    only.forEach((k, o) => assert.deepEqual([...some.subarray(o * G, (o + 1) * G)], [...all.subarray(k * G, (k + 1) * G)]));
  }));
});

test('secondPass: units below SECOND_PASS_FROM keep their first-pass probability, the others get the second pass\'s', () => {
  const smoother = BLOCK_MODEL.smoother!.gbdt;
  const rows = firstPassRows([100, 10, 100, 50, 100, 20]);
  const p1 = Float64Array.from([0.9, SECOND_PASS_FROM / 2, 0.8, SECOND_PASS_FROM, 0.01, 0.3]);
  const p = secondPass(smoother, rows, p1);
  const full = predictProbaRows(smoother, smoothingRows(rows, p1), p1.length, G);
  for (let k = 0; k < p1.length; k++) assert.equal(p[k], p1[k] < SECOND_PASS_FROM ? p1[k] : full[k], `unit ${k}`);
  assert.deepEqual([...p1], [0.9, SECOND_PASS_FROM / 2, 0.8, SECOND_PASS_FROM, 0.01, 0.3], 'the first pass\'s array is not changed');
});
