/** Quality pins (src/eval/gate.ts): up freely, down only with a reason; regressions are E_GATE. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkGate, gateError, readPins, updatePins } from '../src/eval/gate.js';
import type { PinsFile } from '../src/eval/gate.js';
import type { DatasetResult } from '../src/eval/run-eval.js';
import type { MetricName } from '../src/eval/dataset.js';
import { isThresherError } from '../src/errors.js';

function result(dataset: string, value: number, metric: MetricName = 'wceb', pages = 100, total = pages): DatasetResult {
  return {
    dataset, dir: `/data/${dataset}`, algorithm: 'default', pages, total, excluded: [],
    official: { metric, value, std: 0.005 }, metrics: {}, failures: [], overBudget: [],
    timings: { extractSeconds: 1, scoreSeconds: 1, wallSeconds: 2 }, pageScores: [],
  };
}

const hasCode = (code: string) => (e: unknown): boolean => isThresherError(e) && e.code === code;

test('pins: created, raised, never lowered without --allow-lower and a reason', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-pins-'));
  const file = path.join(tmp, 'pins.json');
  try {
    const first = updatePins(file, [result('a', 0.8), result('b', 0.7, 'wcxb_bow')], 'default', { commit: 'abc1234', date: '2026-11-22' });
    assert.deepEqual(first.changed.map((c) => [c.dataset, c.from, c.to]), [['a', null, 0.8], ['b', null, 0.7]]);
    let pins: PinsFile = readPins(file);
    assert.equal(pins.commit, 'abc1234');
    assert.equal(pins.date, '2026-11-22');
    assert.equal(pins.pins.b.metric, 'wcxb_bow');
    assert.equal(typeof pins.tolerance, 'number');
    assert.equal(pins.history.length, 2);

    const second = updatePins(file, [result('a', 0.81), result('b', 0.699, 'wcxb_bow')], 'default');
    assert.deepEqual(second.changed.map((c) => c.dataset), ['a']);
    assert.deepEqual(second.keptHigher.map((r) => [r.dataset, r.status]), [['b', 'within-tolerance']]);
    pins = readPins(file);
    assert.equal(pins.pins.a.value, 0.81);
    assert.equal(pins.pins.b.value, 0.7);

    assert.throws(() => updatePins(file, [result('b', 0.6, 'wcxb_bow')], 'default', { allowLower: true }), hasCode('E_BAD_OPTION'));
    updatePins(file, [result('b', 0.6, 'wcxb_bow')], 'default', { allowLower: true, reason: 'new truth for b' });
    pins = readPins(file);
    assert.equal(pins.pins.b.value, 0.6);
    assert.equal(pins.history.at(-1)?.reason, 'new truth for b');
    assert.equal(pins.history.at(-1)?.from, 0.7);

    assert.throws(() => updatePins(file, [result('a', 0.9, 'wceb', 10, 100)], 'default'), hasCode('E_BAD_OPTION'), 'limited runs are not pinned');
    assert.throws(() => updatePins(file, [result('a', 0.9)], 'tagtree'), hasCode('E_BAD_OPTION'), 'other algorithm');
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});

test('gate: passes within the tolerance, fails beyond it with E_GATE naming set, pin and measurement', () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'thresher-gate-'));
  const file = path.join(tmp, 'pins.json');
  try {
    updatePins(file, [result('a', 0.8), result('b', 0.7, 'trafilatura')], 'default');
    const tol = readPins(file).tolerance;
    const ok = checkGate(file, [result('a', 0.8 - tol / 2), result('b', 0.75, 'trafilatura'), result('c', 0.1)], 'default');
    assert.equal(ok.ok, true);
    assert.deepEqual(ok.rows.map((r) => r.status), ['within-tolerance', 'improved', 'unpinned']);

    const bad = checkGate(file, [result('a', 0.8 - 2 * tol), result('b', 0.7, 'trafilatura')], 'default');
    assert.equal(bad.ok, false);
    assert.deepEqual(bad.rows.map((r) => r.status), ['regressed', 'ok']);
    const err = gateError(bad);
    assert.equal(err.code, 'E_GATE');
    assert.match(err.message, new RegExp(`a wceb ${(0.8 - 2 * tol).toFixed(4)} < pinned 0\\.8000`));
    assert.doesNotMatch(err.message, /\bb trafilatura/);

    assert.throws(() => checkGate(file, [result('a', 0.8, 'wcxb_bow')], 'default'), hasCode('E_GATE'), 'metric changed under the pin');
    assert.throws(() => checkGate(path.join(tmp, 'none.json'), [result('a', 0.8)], 'default'), hasCode('E_BAD_OPTION'));
    assert.ok(existsSync(file) && JSON.parse(readFileSync(file, 'utf8')).tolerance_note.length > 20);
  } finally { rmSync(tmp, { recursive: true, force: true }); }
});
