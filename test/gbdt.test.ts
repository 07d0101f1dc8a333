/** The gradient-boosted trees of src/learn/gbdt.ts: they learn, deterministically, and round-trip as JSON. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { trainGbdt, predictProba, predictProbaRows, predictRaw, float32AtMost, type GbdtModel } from '../src/learn/gbdt.js';
import { BLOCK_MODEL } from '../src/page/block-model.generated.js';
import { isThresherError } from '../src/index.js';

/** n rows of F uniform features from a seeded generator. */
function rows(n: number, F: number, seed: number): Float32Array {
  let s = seed >>> 0;
  const x = new Float32Array(n * F);
  for (let i = 0; i < x.length; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; x[i] = s / 2 ** 32; }
  return x;
}

test('gbdt: learns an interaction (XOR of two features) that no single split separates', () => {
  const n = 4000, F = 4;
  const X = rows(n, F, 7);
  const y = new Float32Array(n).map((_, i) => ((X[i * F] > 0.5) !== (X[i * F + 2] > 0.5) ? 1 : 0));
  const model = trainGbdt(X, F, y, new Float32Array(n).fill(1), { trees: 30, depth: 3, learningRate: 0.3, subsample: 0.8 });
  const T = rows(1000, F, 99);
  let right = 0;
  for (let i = 0; i < 1000; i++) {
    const truth = (T[i * F] > 0.5) !== (T[i * F + 2] > 0.5);
    if ((predictProba(model, T, i * F) > 0.5) === truth) right++;
  }
  assert.ok(right > 950, `accuracy ${right / 1000}`);
});

test('gbdt: soft targets give calibrated probabilities', () => {
  const n = 6000, F = 1;
  const X = rows(n, F, 3);
  const y = new Float32Array(n).map((_, i) => (X[i] < 0.5 ? 0.2 : 0.9));
  const model = trainGbdt(X, F, y, new Float32Array(n).fill(1), { trees: 60, depth: 2 });
  assert.ok(Math.abs(predictProba(model, [0.25]) - 0.2) < 0.03);
  assert.ok(Math.abs(predictProba(model, [0.75]) - 0.9) < 0.03);
});

test('gbdt: zero-weight rows do not influence the model', () => {
  const n = 2000, F = 2;
  const X = rows(n, F, 5);
  const y = new Float32Array(n).map((_, i) => (X[i * F] > 0.5 ? 1 : 0));
  const w = new Float32Array(n).fill(1);
  // Flip the labels of half the rows but give them no weight.
  const yNoisy = y.map((v, i) => (i % 2 ? 1 - v : v));
  const wHalf = w.map((_, i) => (i % 2 ? 0 : 1));
  const a = trainGbdt(X, F, yNoisy, wHalf, { trees: 20, depth: 2, subsample: 1 });
  assert.ok(predictProba(a, [0.9, 0.5]) > 0.9 && predictProba(a, [0.1, 0.5]) < 0.1);
});

test('gbdt: same data and seed give the same model; JSON round trip predicts the same (property)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), (seed) => {
    const n = 300, F = 3;
    const X = rows(n, F, seed);
    const y = new Float32Array(n).map((_, i) => (X[i * F + 1] > 0.3 ? 1 : 0));
    const w = new Float32Array(n).fill(1);
    const a = trainGbdt(X, F, y, w, { trees: 5, depth: 3 });
    const b = trainGbdt(X, F, y, w, { trees: 5, depth: 3 });
    assert.deepEqual(a, b);
    const c = JSON.parse(JSON.stringify(a)) as GbdtModel;
    for (let i = 0; i < 20; i++) assert.equal(predictProba(c, X, i * F), predictProba(a, X, i * F));
  }), { numRuns: 20 });
});

test('gbdt: colsample limits the features a tree may split on, drawn per tree; 1 is the model without it (property)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), (seed) => {
    const n = 400, F = 6;
    const X = rows(n, F, seed);
    // Every feature carries signal, so a tree free to choose would use several.
    const y = new Float32Array(n).map((_, i) => (X[i * F] + X[i * F + 1] + X[i * F + 2] + X[i * F + 3] + X[i * F + 4] + X[i * F + 5] > 3 ? 1 : 0));
    const w = new Float32Array(n).fill(1);
    const one = trainGbdt(X, F, y, w, { trees: 12, depth: 3, seed, colsample: 1e-9 });
    const used = new Set<number>();
    for (const tree of one.trees) {
      const features = new Set(tree.feature.filter((f) => f >= 0));
      assert.ok(features.size <= 1, `a tree split on ${[...features]}`);
      for (const f of features) used.add(f);
    }
    assert.ok(used.size > 1, 'the one feature is drawn again for each tree');
    // Drawing the columns (and keeping all of them) leaves the rows' draws, and so the model, as they were.
    assert.deepEqual(trainGbdt(X, F, y, w, { trees: 4, depth: 3, seed, colsample: 0.999999 }), trainGbdt(X, F, y, w, { trees: 4, depth: 3, seed }));
  }), { numRuns: 20 });
});

test('gbdt: sizes that do not fit are a typed error', () => {
  assert.throws(() => trainGbdt(new Float32Array(5), 2, new Float32Array(3), new Float32Array(3)),
    (e: unknown) => isThresherError(e) && e.code === 'E_MODEL');
});

/** The literal walk over a tree's JSON arrays: what the packed complete-tree prediction must equal. */
function referenceRaw(model: GbdtModel, x: ArrayLike<number>, offset: number): number {
  let s = model.base;
  for (const t of model.trees) {
    let n = 0;
    while (t.feature[n] >= 0) n = x[offset + t.feature[n]] <= t.threshold[n] ? t.left[n] : t.right[n];
    s += t.value[n];
  }
  return s;
}

test('gbdt: packed prediction equals the literal tree walk, for trees of mixed depth and for NaN features (property)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 1, max: 5 }), (seed, depth) => {
    const n = 200, F = 4;
    const X = rows(n, F, seed);
    // A target that some trees fit in one split, so shallow leaves need padding.
    const y = new Float32Array(n).map((_, i) => (X[i * F] > 0.5 ? 1 : 0));
    const m = trainGbdt(X, F, y, new Float32Array(n).fill(1), { trees: 8, depth });
    for (let i = 0; i < n; i++) assert.equal(predictRaw(m, X, i * F), referenceRaw(m, X, i * F));
    const nan = new Float32Array(F).fill(NaN);
    assert.equal(predictRaw(m, nan, 0), referenceRaw(m, nan, 0));
  }), { numRuns: 25 });
  // And on the shipped block model, both passes.
  for (const model of [BLOCK_MODEL.gbdt, BLOCK_MODEL.smoother!.gbdt]) {
    const X = rows(300, model.nFeatures, 7).map((v) => v * 6 - 1);
    for (let i = 0; i < 300; i++) assert.equal(predictRaw(model, X, i * model.nFeatures), referenceRaw(model, X, i * model.nFeatures));
  }
});

test('gbdt: predictProbaRows gives exactly predictProba of every row, whatever the row count (property)', () => {
  fc.assert(fc.property(fc.integer({ min: 1, max: 1000 }), fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 21 }), (seed, depth, count) => {
    const F = 3;
    const X = rows(Math.max(count, 1) * 2, F, seed);
    const y = new Float32Array(X.length / F).map((_, i) => (X[i * F + 1] > 0.4 ? 1 : 0));
    const m = trainGbdt(X, F, y, new Float32Array(y.length).fill(1), { trees: 6, depth });
    if (count > 0) X[F + 2] = NaN;
    const got = predictProbaRows(m, X, count, F);
    assert.equal(got.length, count);
    for (let i = 0; i < count; i++) assert.equal(got[i], predictProba(m, X, i * F));
  }), { numRuns: 40 });
  for (const model of [BLOCK_MODEL.gbdt, BLOCK_MODEL.smoother!.gbdt]) {
    const X = rows(103, model.nFeatures, 11).map((v) => v * 6 - 1);
    const got = predictProbaRows(model, X, 103, model.nFeatures);
    for (let i = 0; i < 103; i++) assert.equal(got[i], predictProba(model, X, i * model.nFeatures));
  }
});

test('gbdt: float32 rows take the same branch at thresholds no float32 can spell (predictProbaRows against predictProba)', () => {
  const nextUp = (f: number): number => { const b = new Float32Array([f]); const u = new Uint32Array(b.buffer); u[0] += f >= 0 ? 1 : -1; return b[0]; };
  for (const t of [0.1, -0.1, 1 / 3, -1e-50, 1e-50, 1e40, -1e40, 0, 2.5]) {
    const a = float32AtMost(t);
    // a is a float32 not above t, and the next float32 up is above t.
    assert.ok(a <= t && Math.fround(a) === a && nextUp(a) > t, `float32AtMost(${t}) = ${a}`);
    // One split on feature 0 at t: leaf -1 when x <= t, else leaf +1.
    const model: GbdtModel = { nFeatures: 1, base: 0, trees: [{ feature: [0, -1, -1], threshold: [t, 0, 0], left: [1, 0, 0], right: [2, 0, 0], value: [0, -1, 1] }] };
    const X = Float32Array.from([a, nextUp(a), Math.fround(t), 0, -0, -Number.MIN_VALUE, NaN, Infinity, -Infinity]);
    const got = predictProbaRows(model, X, X.length, 1);
    for (let i = 0; i < X.length; i++) assert.equal(got[i], predictProba(model, X, i), `t=${t} x=${X[i]}`);
  }
});
