import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { md5Hex, md5Words } from '../src/corpus/replicas/md5.js';
import { fmix32, hashString, popcount32 } from '../src/corpus/replicas/hash32.js';

test('MD5: the test suite of RFC 1321 (appendix A.5)', () => {
  const vectors: [string, string][] = [
    ['', 'd41d8cd98f00b204e9800998ecf8427e'],
    ['a', '0cc175b9c0f1b6a831c399e269772661'],
    ['abc', '900150983cd24fb0d6963f7d28e17f72'],
    ['message digest', 'f96b697d7cb7938d525a2f31aaf161d0'],
    ['abcdefghijklmnopqrstuvwxyz', 'c3fcd3d76192e4007dfb496cca67e13b'],
    ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'd174ab98d277d9f5a5611c2c9f419d9f'],
    ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', '57edf4a22be3c955ac49da2e2107b67a'],
  ];
  for (const [input, digest] of vectors) assert.equal(md5Hex(input), digest, JSON.stringify(input));
});

test('MD5: strings are hashed as UTF-8, and bytes as given', () => {
  assert.equal(md5Hex('北京'), md5Hex(new TextEncoder().encode('北京')));
  assert.equal(md5Hex(Uint8Array.of(0xff, 0x00)), createHash('md5').update(Buffer.from([0xff, 0x00])).digest('hex'));
  assert.equal(md5Words('abc').length, 4);
});

test('property: MD5 equals node:crypto on any bytes, padding boundaries included', () => {
  const lengths = fc.oneof(fc.integer({ min: 0, max: 200 }), fc.constantFrom(55, 56, 57, 63, 64, 65, 119, 120, 128));
  fc.assert(fc.property(lengths.chain((n) => fc.uint8Array({ minLength: n, maxLength: n })), (bytes) => {
    assert.equal(md5Hex(bytes), createHash('md5').update(bytes).digest('hex'));
  }), { numRuns: 400 });
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (s) => {
    assert.equal(md5Hex(s), createHash('md5').update(s, 'utf8').digest('hex'));
  }), { numRuns: 200 });
});

test('32-bit hashing: popcount, fmix32 bijectivity on a sample, seeds give different hashes', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 0xffffffff }), (x) => {
    assert.equal(popcount32(x), x.toString(2).split('').filter((c) => c === '1').length);
  }));
  const seen = new Set<number>();
  for (let i = 0; i < 1 << 16; i++) seen.add(fmix32(i));
  assert.equal(seen.size, 1 << 16);
  assert.equal(fmix32(0), 0);
  assert.notEqual(hashString('thresher', 1), hashString('thresher', 2));
  assert.equal(hashString('thresher'), hashString('thresher'));
  // Odd and even lengths, and the empty string, hash without error and differently.
  assert.equal(new Set(['', 'a', 'ab', 'abc', 'ba']).size, new Set(['', 'a', 'ab', 'abc', 'ba'].map((s) => hashString(s))).size);
});
