/**
 * Golden and property tests of each replica method (the shared behaviour is in
 * replica-conformance.test.ts). Every expected value here was worked out by hand from the
 * method's definition, or is a bound derived from it.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { exactKey, ExactIndex } from '../src/corpus/replicas/exact.js';
import { fingerprintKeywords, keywordFingerprint, detectBySort, KeywordFingerprintIndex } from '../src/corpus/replicas/keyword-fingerprint.js';
import { lshParameters, candidateProbability, shingleHashes, minhashSignature, MinHashIndex } from '../src/corpus/replicas/minhash.js';
import { bitsOf, featureHash, hammingDistance, simhashOf, HammingTable, SimHashIndex, type SimHash64 } from '../src/corpus/replicas/simhash.js';
import { blockWeightedFeatures } from '../src/corpus/replicas/features.js';
import { md5Hex } from '../src/corpus/replicas/md5.js';
import { fmix32 } from '../src/corpus/replicas/hash32.js';
import { PAPER_FINGERPRINT } from '../src/corpus/replicas/defaults.js';
import { ThresherError } from '../src/errors.js';
import { article, edit, reflow } from './replica-texts.js';

const isBadOption = (e: unknown): boolean => e instanceof ThresherError && e.code === 'E_BAD_OPTION';

describe('exact duplicates', () => {
  test('the key is the MD5 of the text in NFKC, lower case, with white space collapsed', () => {
    assert.equal(exactKey('  Hello \n\t World  '), md5Hex('hello world'));
    assert.equal(exactKey('ＨＥＬＬＯ world'), md5Hex('hello world'));
    assert.notEqual(exactKey('Hello, world'), exactKey('Hello world'));
    assert.equal(exactKey('42'), md5Hex('42'));
    assert.equal(exactKey(''), null);
    assert.equal(exactKey('— … !?'), null);
  });

  test('one changed word is no longer an exact duplicate', () => {
    const ix = new ExactIndex();
    const t = article(1);
    ix.add('a', t);
    assert.deepEqual(ix.query(edit(t, 0.01, 1)), []);
    assert.deepEqual(ix.query(reflow(t)), [{ id: 'a', similarity: 1 }]);
  });
});

describe('paper 000 keyword fingerprint', () => {
  // tf: apple 5, banana 4, cherry 4, date 3, elder 2, fig 2, grape 1, honey 1, kiwi 1, lemon 1 (Sum1 = 10).
  const TF = new Map([['kiwi', 1], ['fig', 2], ['apple', 5], ['cherry', 4], ['banana', 4], ['grape', 1], ['date', 3], ['elder', 2], ['honey', 1], ['lemon', 1]]);

  test('steps 2–5 on a worked example', () => {
    // P = 0.5: Sum2 = 5 → apple banana cherry date elder; I = 2: Sum3 = 4.
    assert.deepEqual(fingerprintKeywords(TF, 0.5, 2), ['apple', 'banana', 'cherry', 'date']);
    // P = 0.3: Sum2 = 3 (banana before cherry: equal tf, alphabetical); I = 1.
    assert.deepEqual(fingerprintKeywords(TF, 0.3, 1), ['apple', 'banana', 'cherry']);
    // The paper's setting selects nothing from 10 words: Sum2 = 4, Sum3 = 4 DIV 5 × 5 = 0.
    assert.deepEqual(fingerprintKeywords(TF, 0.4, 5), []);
    // P = 1, I = 1: every word, alphabetically.
    assert.deepEqual(fingerprintKeywords(TF, 1, 1), [...TF.keys()].sort());
  });

  test('step 5 cuts the alphabetical list, not the frequency list (faithful to the paper)', () => {
    const tf = new Map([['zebra', 9], ['apple', 5], ['mango', 4], ['kiwi', 3], ['fig', 2], ['date', 2], ['cat', 1], ['bee', 1], ['ant', 1], ['owl', 1],
      ['yak', 1], ['elk', 1]]);
    // Sum1 = 12, P = 0.5: Sum2 = 6 = zebra apple mango kiwi date fig; alphabetical, then Sum3 = 5 drops zebra, the most frequent.
    assert.deepEqual(fingerprintKeywords(tf, 0.5, 5), ['apple', 'date', 'fig', 'kiwi', 'mango']);
  });

  test('step 6: the fingerprint is the MD5 of the selected words, stop words removed first', () => {
    const text = 'The apple and the apple. Apple, apple, apple! Banana banana banana banana; cherry cherry cherry cherry. ' +
      'Date date date. Elder elder, fig fig. Grape honey kiwi lemon.';
    const options = { percentage: 0.5, interval: 2, numbers: true, blockWeight: 'none' as const };
    assert.equal(keywordFingerprint(text, options), md5Hex('apple\nbanana\ncherry\ndate'));
    assert.equal(keywordFingerprint(text, PAPER_FINGERPRINT), null);
    assert.equal(keywordFingerprint('', options), null);
  });

  test('block weights: a word repeated in a short line loses to the words of a long paragraph', () => {
    const text = 'views views views views views\nharvest grain harvest grain harvest grain river barn harvest grain field';
    const none = blockWeightedFeatures(text, { stopWords: true, blockWeight: 'none' });
    const words = blockWeightedFeatures(text, { stopWords: true, blockWeight: 'words' });
    assert.equal(none.get('views'), 5);
    assert.equal(words.get('views'), 25); // 5 occurrences × a 5-word line
    assert.equal(words.get('harvest'), 44); // 4 occurrences × an 11-word line
    assert.deepEqual(fingerprintKeywords(none, 0.2, 1), ['views']);
    assert.deepEqual(fingerprintKeywords(words, 0.2, 1), ['grain']);
  });

  test('options are checked', () => {
    assert.throws(() => new KeywordFingerprintIndex({ percentage: 0 }), isBadOption);
    assert.throws(() => new KeywordFingerprintIndex({ percentage: 1.5 }), isBadOption);
    assert.throws(() => new KeywordFingerprintIndex({ interval: 0 }), isBadOption);
    assert.throws(() => new KeywordFingerprintIndex({ blockWeight: 'tree' as 'none' }), isBadOption);
  });

  test('sort-based detection reports runs of equal fingerprints', () => {
    const items = [{ id: 'c', fingerprint: 'x' }, { id: 'a', fingerprint: 'y' }, { id: 'b', fingerprint: 'x' }, { id: 'd', fingerprint: null },
      { id: 'f', fingerprint: 'z' }, { id: 'e', fingerprint: 'x' }, { id: 'g', fingerprint: 'z' }, { id: 'h', fingerprint: null }];
    assert.deepEqual(detectBySort(items), [{ canonical: 'b', members: ['b', 'c', 'e'] }, { canonical: 'f', members: ['f', 'g'] }]);
    assert.throws(() => detectBySort([{ id: 'a', fingerprint: 'x' }, { id: 'a', fingerprint: 'y' }]),
      (e) => e instanceof ThresherError && e.code === 'E_DUPLICATE_ID');
  });

  test('property: the incremental index finds the clusters that sorting finds', () => {
    const pool = [article(1), article(2), article(3, 120), reflow(article(1)), edit(article(2), 0.01, 5), 'too short', ''];
    fc.assert(fc.property(fc.array(fc.nat({ max: pool.length - 1 }), { maxLength: 14 }), fc.constantFrom(PAPER_FINGERPRINT, {}), (picks, options) => {
      const ix = new KeywordFingerprintIndex(options);
      const items = picks.map((p, i) => ({ id: `d${i}`, text: pool[p] }));
      for (const it of items) ix.add(it.id, it.text);
      assert.deepEqual(ix.clusters(), detectBySort(items.map((it) => ({ id: it.id, fingerprint: keywordFingerprint(it.text, options) }))));
    }), { numRuns: 40 });
  });
});

describe('MinHash with LSH banding', () => {
  test('bands × rows for a threshold (golden) and the S-curve', () => {
    assert.deepEqual(lshParameters(0.5, 128), { bands: 26, rows: 4 });
    assert.ok(Math.abs(candidateProbability(0.5, 26, 4) - (1 - (1 - 0.5 ** 4) ** 26)) < 1e-12);
    assert.equal(candidateProbability(0, 26, 4), 0);
    assert.equal(candidateProbability(1, 26, 4), 1);
    for (const t of [0.3, 0.5, 0.7, 0.9]) {
      for (const n of [32, 64, 128, 256]) {
        const { bands, rows } = lshParameters(t, n);
        assert.ok(bands * rows <= n);
        // The steepest point of the curve, (1/b)^(1/r), sits at or just below the threshold (misses weigh more).
        const knee = (1 / bands) ** (1 / rows);
        assert.ok(knee <= t + 0.05 && knee >= t - 0.25, `t=${t} n=${n}: b=${bands} r=${rows} knee=${knee.toFixed(3)}`);
        assert.ok(candidateProbability(t + 0.2 > 1 ? 1 : t + 0.2, bands, rows) > 0.9, `t=${t} n=${n}`);
      }
    }
  });

  test('shingles are distinct, and a text shorter than one shingle is one shingle', () => {
    assert.equal(shingleHashes(['a', 'b', 'c', 'a', 'b', 'c'], 3).length, 3); // abc, bca, cab
    assert.equal(shingleHashes(['a', 'b'], 3).length, 1);
    assert.equal(shingleHashes([], 3).length, 0);
    assert.notDeepEqual(shingleHashes(['a', 'b', 'c'], 3), shingleHashes(['c', 'b', 'a'], 3));
  });

  test('the signature estimates the Jaccard similarity of the shingle sets', () => {
    const words = Array.from({ length: 140 }, (_, i) => `w${i}`);
    const a = shingleHashes(words.slice(0, 100), 1), b = shingleHashes(words.slice(40), 1); // J = 60 / 140
    const seeds = Int32Array.from({ length: 256 }, (_, i) => (i * 0x9e3779b1) | 0);
    const sa = minhashSignature(a, seeds), sb = minhashSignature(b, seeds);
    let same = 0;
    for (let i = 0; i < sa.length; i++) if (sa[i] === sb[i]) same++;
    // 256 hashes: standard error √(J(1−J)/256) ≈ 0.031; three of them is 0.093.
    assert.ok(Math.abs(same / 256 - 60 / 140) < 0.093, String(same / 256));
  });

  test('small edits match, heavy edits and unrelated texts do not', () => {
    const ix = new MinHashIndex();
    const t = article(5);
    ix.add('a', t);
    const near = ix.query(edit(t, 0.02, 2));
    assert.equal(near.length, 1);
    assert.ok(near[0].similarity > 0.8 && near[0].similarity < 1, String(near[0].similarity));
    assert.deepEqual(ix.query(edit(t, 0.4, 2)), []);
    assert.deepEqual(ix.query(article(6)), []);
    assert.deepEqual([ix.bands, ix.rows, ix.numHashes], [26, 4, 128]);
  });

  test('options are checked', () => {
    assert.throws(() => new MinHashIndex({ bands: 4 }), isBadOption);
    assert.throws(() => new MinHashIndex({ bands: 20, rows: 10 }), isBadOption);
    assert.throws(() => new MinHashIndex({ threshold: 0 }), isBadOption);
    assert.throws(() => new MinHashIndex({ shingle: 0 }), isBadOption);
    const ix = new MinHashIndex({ bands: 16, rows: 8 });
    assert.deepEqual([ix.bands, ix.rows], [16, 8]);
  });
});

describe('64-bit SimHash', () => {
  test('bits of a 64-bit value held as two halves', () => {
    const h = { hi: 0x12345678, lo: 0x9abcdef0 };
    assert.equal(bitsOf(h, 0, 8), 0xf0);
    assert.equal(bitsOf(h, 28, 8), 0x89); // 0x9 from lo's top, 0x8 from hi's bottom
    assert.equal(bitsOf(h, 32, 32), 0x12345678);
    assert.equal(bitsOf(h, 0, 32), 0x9abcdef0);
    assert.equal(bitsOf(h, 60, 4), 0x1);
    assert.equal(bitsOf(h, 16, 32), 0x56789abc);
    assert.equal(hammingDistance({ hi: 0, lo: 0 }, { hi: 0xffffffff, lo: 0xffffffff }), 64);
    assert.equal(hammingDistance(h, { hi: 0x12345679, lo: 0x9abcdef0 }), 1);
  });

  test('the SimHash of one feature is its hash; the heavier feature wins every bit where two differ', () => {
    assert.deepEqual(simhashOf(new Map([['grain', 1]])), featureHash('grain'));
    assert.deepEqual(simhashOf(new Map([['grain', 2], ['chaff', 1]])), featureHash('grain'));
    assert.equal(simhashOf(new Map()), null);
    // Three equal features: each bit is their majority vote.
    const [a, b, c] = ['x', 'y', 'z'].map(featureHash);
    const maj = (p: number, q: number, r: number): number => ((p & q) | (p & r) | (q & r)) >>> 0;
    assert.deepEqual(simhashOf(new Map([['x', 1], ['y', 1], ['z', 1]])), { hi: maj(a.hi, b.hi, c.hi), lo: maj(a.lo, b.lo, c.lo) });
  });

  /** A random 64-bit value with `d` bits of `h` flipped. */
  const flip = (h: SimHash64, bits: number[]): SimHash64 => {
    let { hi, lo } = h;
    for (const b of bits) { if (b < 32) lo ^= 1 << b; else hi ^= 1 << (b - 32); }
    return { hi: hi >>> 0, lo: lo >>> 0 };
  };
  const hash64 = fc.record({ hi: fc.integer({ min: 0, max: 0xffffffff }), lo: fc.integer({ min: 0, max: 0xffffffff }) });

  test('property: the pigeonhole tables find exactly the hashes a full scan finds', () => {
    for (const [k, blocks] of [[0, 1], [1, 2], [3, 5], [6, 8], [6, 7]] as const) {
      fc.assert(fc.property(fc.array(hash64, { minLength: 1, maxLength: 40 }),
        fc.array(fc.tuple(fc.nat(), fc.uniqueArray(fc.integer({ min: 0, max: 63 }), { maxLength: k + 2 })), { maxLength: 40 }), (stored, planted) => {
          const table = new HammingTable(k, blocks);
          const all = [...stored, ...planted.map(([i, bits]) => flip(stored[i % stored.length], bits))];
          all.forEach((h) => table.add(h));
          for (const q of all) {
            const scan = all.map((h, i) => [h, i] as const).filter(([h]) => hammingDistance(h, q) <= k).map(([, i]) => i);
            assert.deepEqual(table.near(q), scan);
          }
        }), { numRuns: 25 });
    }
  });

  test('a query reads a few buckets, not the whole table', () => {
    const table = new HammingTable(6, 8);
    let x = 0;
    const next = (): number => fmix32(++x);
    for (let i = 0; i < 20_000; i++) table.add({ hi: next(), lo: next() });
    let visited = 0;
    for (let q = 0; q < 100; q++) table.candidates({ hi: next(), lo: next() }, () => { visited++; });
    // 28 tables keyed by 16 bits: 28 · 20,000 / 65,536 ≈ 8.5 random entries per query.
    assert.equal(table.tableCount, 28);
    assert.ok(visited / 100 < 30, String(visited / 100));
  });

  test('copies match at distance 0, small edits within k, unrelated texts far away', () => {
    const ix = new SimHashIndex();
    const t = article(8);
    ix.add('a', t);
    assert.deepEqual(ix.query(reflow(t)), [{ id: 'a', similarity: 1 }]);
    assert.equal(ix.query(edit(t, 0.02, 3)).length, 1);
    assert.deepEqual(ix.query(article(9)), []);
    const d = hammingDistance(ix.signatureOf(t)!, ix.signatureOf(article(9))!);
    assert.ok(d > 2 * ix.maxDistance, String(d));
    assert.deepEqual([ix.maxDistance, ix.blocks, ix.shingle, ix.blockWeight], [6, 8, 2, 'words']);
  });

  test('options are checked', () => {
    assert.throws(() => new SimHashIndex({ maxDistance: 64 }), isBadOption);
    assert.throws(() => new SimHashIndex({ maxDistance: 3, blocks: 3 }), isBadOption);
    assert.throws(() => new SimHashIndex({ maxDistance: 12, blocks: 24 }), isBadOption); // C(24, 12) tables
    assert.throws(() => new SimHashIndex({ blockWeight: 'x' as 'none' }), isBadOption);
    assert.equal(new SimHashIndex({ maxDistance: 3 }).blocks, 5);
  });
});
