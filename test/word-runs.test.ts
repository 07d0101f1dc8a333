/** src/text/word-runs.ts visits exactly the runs the Unicode-property regexes match. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { APOSTROPHE, LETTER, NUMBER, forEachRun } from '../src/text/word-runs.js';
import { FUNCTION_WORDS, functionWordShare } from '../src/text/function-words.js';

function runs(s: string, mask: number): string[] {
  const out: string[] = [];
  const n = forEachRun(s, mask, (a, b) => { out.push(s.slice(a, b)); });
  assert.equal(n, out.length);
  return out;
}

// Any code point, lone surrogates and the characters that matter here mixed in often.
const text = fc.array(fc.oneof(
  fc.string({ unit: 'binary', maxLength: 6 }),
  fc.constantFrom("'", ' ', '\ud800', '\udc00', '𝐀', '٣', '漢字', 'É', 'ß', '½', '-'),
), { maxLength: 12 }).map((a) => a.join(''));

test('word runs: letters+numbers and letters+apostrophes match the /u regexes on arbitrary Unicode (property)', () => {
  fc.assert(fc.property(text, (s) => {
    assert.deepEqual(runs(s, LETTER | NUMBER), s.match(/[\p{L}\p{N}]+/gu) ?? []);
    assert.deepEqual(runs(s, LETTER | APOSTROPHE), s.match(/[\p{L}']+/gu) ?? []);
  }), { numRuns: 2000 });
});

test('functionWordShare: the regex definition, on arbitrary Unicode and on prose (property)', () => {
  const reference = (t: string) => {
    const words = t.toLowerCase().match(/[\p{L}']+/gu);
    if (!words) return 0;
    return words.filter((w) => FUNCTION_WORDS.has(w)).length / words.length;
  };
  fc.assert(fc.property(text, (t) => { assert.equal(functionWordShare(t), reference(t)); }), { numRuns: 1000 });
  fc.assert(fc.property(fc.array(fc.constantFrom('the', 'Of', 'AND', 'der', 'le', 'de', 'in', 'river', 'Fluss', '漢字', '42', "it's", '--'), { maxLength: 20 }), (ws) => {
    const t = ws.join(' ');
    assert.equal(functionWordShare(t), reference(t));
  }));
  assert.equal(functionWordShare(''), 0);
  assert.equal(functionWordShare('42 -- 7'), 0);
});

test('forEachRun with a limit (1 or more): the first `limit` runs of the full scan, then it stops', () => {
  fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 12 }), (s, limit) => {
    const all: [number, number][] = [], some: [number, number][] = [];
    forEachRun(s, LETTER | NUMBER, (a, b) => { all.push([a, b]); });
    const n = forEachRun(s, LETTER | NUMBER, (a, b) => { some.push([a, b]); }, limit);
    assert.deepEqual(some, all.slice(0, limit));
    assert.equal(n, some.length);
  }));
});
