import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CorpusStats } from '../src/corpus/corpus-stats.js';
import { ThresherError } from '../src/errors.js';

test('document frequencies count a document once per term; the aggressive list is the high-df terms', () => {
  const s = new CorpusStats();
  for (let i = 0; i < 100; i++) {
    const doc = ['common', 'common', `topic${i % 10}`];
    if (i % 2 === 0) doc.push('half');
    if (i % 4 === 0) doc.push('quarter');
    s.addDocument(doc);
  }
  assert.equal(s.docs, 100);
  assert.equal(s.documentFrequency('common'), 100);
  assert.equal(s.documentFrequency('topic3'), 10);
  assert.deepEqual(s.aggressiveStopWords(), ['common', 'half']);
  assert.deepEqual(s.aggressiveStopWords({ minShare: 0.25 }), ['common', 'half', 'quarter']);
  assert.deepEqual(s.aggressiveStopWords({ minShare: 0.1, max: 3 }), ['common', 'half', 'quarter']);
  // Too few documents: no list.
  const few = new CorpusStats();
  for (let i = 0; i < 10; i++) few.addDocument(['common']);
  assert.deepEqual(few.aggressiveStopWords(), []);
  assert.deepEqual(few.aggressiveStopWords({ minDocs: 5 }), ['common']);
});

const docsArb = fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g'), { maxLength: 6 }), { maxLength: 60 });

test('property: the stats do not depend on document order, and merged parts equal the whole', () => {
  fc.assert(fc.property(docsArb, fc.nat(), (docs, cut) => {
    const whole = new CorpusStats(), reversed = new CorpusStats(), left = new CorpusStats(), right = new CorpusStats();
    docs.forEach((d) => whole.addDocument(d));
    [...docs].reverse().forEach((d) => reversed.addDocument(d));
    const k = docs.length ? cut % (docs.length + 1) : 0;
    docs.slice(0, k).forEach((d) => left.addDocument(d));
    docs.slice(k).forEach((d) => right.addDocument(d));
    left.merge(right);
    assert.deepEqual(reversed.toJSON(), whole.toJSON());
    assert.deepEqual(left.toJSON(), whole.toJSON());
    const opts = { minDocs: 1, minShare: 0.3 };
    assert.deepEqual(left.aggressiveStopWords(opts), whole.aggressiveStopWords(opts));
  }));
});

test('property: with bounded memory, frequent terms survive and forgottenDf bounds what was lost', () => {
  fc.assert(fc.property(fc.array(fc.array(fc.integer({ min: 0, max: 12 }), { maxLength: 5 }), { minLength: 1, maxLength: 120 }), (raw) => {
    const docs = raw.map((d) => [...d.map((x) => `rare${x}`), 'everywhere']);
    const bounded = new CorpusStats(8), exact = new CorpusStats();
    docs.forEach((d) => { bounded.addDocument(d); exact.addDocument(d); });
    assert.ok(bounded.terms <= 8);
    assert.equal(bounded.documentFrequency('everywhere'), docs.length);
    for (const t of exact.toJSON().df.map((e) => e[0])) {
      const b = bounded.documentFrequency(t), e = exact.documentFrequency(t);
      assert.ok(b <= e, 'never over-counts');
      assert.ok(e - b <= bounded.forgottenDf, `${t}: lost ${e - b} > forgottenDf ${bounded.forgottenDf}`);
    }
  }));
});

test('JSON round trip; damaged stats fail with E_MODEL', () => {
  const s = new CorpusStats(100);
  s.addDocument(['x', 'y']); s.addDocument(['y']);
  const back = CorpusStats.fromJSON(JSON.parse(JSON.stringify(s)));
  assert.deepEqual(back.toJSON(), s.toJSON());
  assert.equal(back.maxTerms, 100);
  for (const bad of [null, { kind: 'x' }, { ...s.toJSON(), version: 9 }, { ...s.toJSON(), df: [['x', 5]] }, { ...s.toJSON(), docs: -1 }]) {
    assert.throws(() => CorpusStats.fromJSON(bad), (e: unknown) => e instanceof ThresherError && e.code === 'E_MODEL');
  }
  assert.throws(() => new CorpusStats(0), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
});
