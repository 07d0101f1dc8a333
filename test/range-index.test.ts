/** Looking a table's keys up by a range of a string (src/text/range-index.ts) and its users. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { findRange, rangeIndex } from '../src/text/range-index.js';
import { FUNCTION_WORDS, functionWordShareOfLower } from '../src/text/function-words.js';
import { APOSTROPHE, LETTER, forEachRun } from '../src/text/word-runs.js';

const word = fc.string({ unit: fc.constantFrom('a', 'b', 'é', 'ß', '0', 'x', '\u{1F600}', 'д'), maxLength: 6 });

test('findRange: the entry whose key is exactly the range, or -1 (property, against a Map)', () => {
  fc.assert(fc.property(fc.uniqueArray(word, { maxLength: 40 }), fc.array(word, { maxLength: 10 }), (keys, probes) => {
    const table = Object.fromEntries(keys.map((k, i) => [k, i / 10]));
    const index = rangeIndex(table);
    const byKey = new Map(Object.entries(table));
    // Probe every range of a text made of keys and other words, so ranges share prefixes and suffixes.
    const text = [...keys.slice(0, 5), ...probes].join('');
    for (let a = 0; a <= text.length; a++) {
      for (let b = a; b <= Math.min(text.length, a + 8); b++) {
        const j = findRange(index, text, a, b);
        const want = byKey.get(text.slice(a, b));
        if (want === undefined) assert.equal(j, -1);
        else { assert.equal(index.keys[j], text.slice(a, b)); assert.equal(index.scores[j], want); }
      }
    }
  }), { numRuns: 200 });
});

test('findRange: a table of thousands of keys (collisions confirmed by characters)', () => {
  const table: Record<string, number> = {};
  for (let i = 0; i < 5000; i++) table[`w${i.toString(36)}`] = i;
  const index = rangeIndex(table);
  assert.equal(rangeIndex(table), index, 'built once per table');
  for (let i = 0; i < 5000; i += 7) {
    const s = `..w${i.toString(36)}..`;
    assert.equal(index.scores[findRange(index, s, 2, s.length - 2)], i);
  }
  assert.equal(findRange(index, 'wzzzzz', 0, 6), -1);
});

test('functionWordShareOfLower: the share a slice-and-Set count gives (property)', () => {
  const text = fc.array(fc.oneof(fc.constantFrom(...[...FUNCTION_WORDS].slice(0, 40), "l'", "don't", 'the', 'und'), word, fc.constantFrom(' ', ', ', '.', '\n')), { maxLength: 30 })
    .map((xs) => xs.join(' ').toLowerCase());
  fc.assert(fc.property(text, (lower) => {
    let hits = 0;
    const words = forEachRun(lower, LETTER | APOSTROPHE, (a, b) => { if (FUNCTION_WORDS.has(lower.slice(a, b))) hits++; });
    assert.equal(functionWordShareOfLower(lower), words ? hits / words : 0);
  }), { numRuns: 500 });
});
