/** Ranking indices by a key (src/learn/order.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { orderBy } from '../src/learn/order.js';

test('orderBy: the builtin sort with the index as tie-break, both directions (property, many ties, past the 16-long runs)', () => {
  // Few distinct keys (ties everywhere, -0 beside 0) and lengths across several merge widths.
  const key = fc.constantFrom(0, -0, 0.25, 0.5, 1, 0.1 + 0.2, 0.3, 1e-300, -1);
  fc.assert(fc.property(fc.array(key, { maxLength: 300 }), (keys) => {
    const idx = keys.map((_, i) => i);
    assert.deepEqual([...orderBy(keys)], [...idx].sort((a, b) => keys[a] - keys[b] || a - b));
    assert.deepEqual([...orderBy(keys, true)], [...idx].sort((a, b) => keys[b] - keys[a] || a - b));
  }), { numRuns: 500 });
  fc.assert(fc.property(fc.array(fc.double({ noNaN: true, min: 0, max: 1 }), { maxLength: 2000 }), (keys) => {
    const p = Float64Array.from(keys);
    assert.deepEqual([...orderBy(p, true)], keys.map((_, i) => i).sort((a, b) => p[b] - p[a] || a - b));
  }), { numRuns: 50 });
  assert.deepEqual([...orderBy([])], []);
  assert.deepEqual([...orderBy([0.2, 0.9, 0.2, 0.5], true)], [1, 3, 0, 2]);
});
