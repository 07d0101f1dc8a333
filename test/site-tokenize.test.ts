/** Tokens and mutable-pattern normalization (src/site/tokenize.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { tokenize, tokenKey, classifyToken, TokenDictionary, tokensJoinSafely, literalKey } from '../src/site/tokenize.js';

const keys = (s: string) => tokenize(s).keys;

test('tokenize: whitespace-separated tokens with their spans', () => {
  const text = '  hello!  How are\n\tyou? ';
  const t = tokenize(text);
  assert.deepEqual(Array.from(t.starts, (s, i) => text.slice(s, t.ends[i])), ['hello!', 'How', 'are', 'you?']);
  assert.deepEqual(t.keys, ['hello!', 'How', 'are', 'you?']);
});

test('tokenize: the thesis example "Published on: Tuesday, 27th February, 2007" generalizes', () => {
  assert.deepEqual(keys('Published on: Tuesday, 27th February, 2007'), ['Published', 'on:', '{weekday}', '{ordinal}', '{month}', '{number}']);
  assert.deepEqual(keys("I'm 24 years old"), ["I'm", '{number}', '{timeunit}', 'old']);
  assert.deepEqual(keys("I'm 25 years old"), keys("I'm 24 years old"));
});

test('tokenize: each mutable pattern of the thesis list', () => {
  const cases: Array<[string, string | null]> = [
    ['http://example.com/a?b=1', 'url'], ['https://x.org', 'url'], ['www.example.com', 'url'], ['(http://a.b/c).', 'url'],
    ['jane.doe@example.com', 'email'], ['<jane@example.co.uk>,', 'email'],
    ['U.S.', 'initials'], ['U.N.', 'initials'],
    ['27th', 'ordinal'], ['1st,', 'ordinal'], ['22nd', 'ordinal'],
    ['2007', 'number'], ['1,200.50', 'number'], ['(42)', 'number'],
    ['2007-02-27', 'datetime'], ['10:45', 'datetime'], ['27/02/2007', 'datetime'],
    ['$1,200', 'numeric'], ['(555)-123-4567', 'numeric'], ['45%', 'numeric'],
    ['--', 'dashes'], ['—', 'dashes'],
    ['February', 'month'], ['Feb.', 'mon'], ['Sept', 'mon'], ['Tuesday,', 'weekday'], ['Tue', 'wday'],
    ['minutes', 'timeunit'], ['hrs', 'timeunit'], ['Days', 'timeunit'], ['day', 'timeunit'],
    ['BREAKING', 'upper'], ['NEWS:', 'upper'],
    ['Mr.', 'abbrev'], ['Corp.', 'abbrev'],
    ['hello', null], ['Hello', null], ['may', null], ['A', null], ['-', 'dashes'], ['x1', null], ['Mister.', null],
  ];
  for (const [tok, cls] of cases) assert.equal(classifyToken(tok), cls, tok);
  assert.equal(tokenKey('By'), 'by');
  assert.equal(tokenKey('by'), 'by');
});

test('tokenize: raw HTML splits at tags; attribute values are normalized', () => {
  assert.deepEqual(keys('<div class="nav"><a href="/world/2024/story-17.html">World</a></div>'),
    ['<div', 'class="nav">', '<a', 'href="{url}">', 'World', '</a>', '</div>']);
  assert.deepEqual(keys('<article id="post-1234" data-n=17>'), ['<article', 'id="post-{digits}"', 'data-n={number}>']);
  assert.deepEqual(keys('<a href="https://x.com/?u=1">'), ['<a', 'href="{url}">']);
  assert.deepEqual(keys('a > b'), ['a', '>', 'b']);
  assert.deepEqual(keys('x<br/>y'), ['x', '<br/>', 'y']);
});

test('tokenize: CJK characters are tokens of their own', () => {
  assert.deepEqual(keys('北京 新闻网2024'), ['北', '京', '新', '闻', '网', '{number}']);
  assert.deepEqual(keys('𠀀𠀁 ab'), ['𠀀', '𠀁', 'ab']);
});

test('tokenize: a literal token never reads as a slot; NUL is replaced', () => {
  assert.equal(tokenKey('{number}'), '{{number}}');
  assert.equal(literalKey('a\u0000b'), 'a\ufffdb');
  assert.notEqual(tokenKey('{number}'), tokenKey('42'));
});

test('tokenize: huge tokens stay literal and tokenizing is linear', () => {
  const big = 'x'.repeat(300) + '2007';
  assert.equal(tokenKey(big), big);
  const t = tokenize('a '.repeat(100_000));
  assert.equal(t.keys.length, 100_000);
});

test('tokenize: spans cover exactly the non-space characters (property)', () => {
  fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', '\n', '<', '>', '=', '"', '中', '.', ',') }), (s) => {
    const t = tokenize(s);
    let joined = '';
    for (let i = 0; i < t.keys.length; i++) {
      assert.ok(t.ends[i] > t.starts[i]);
      if (i > 0) assert.ok(t.starts[i] >= t.ends[i - 1]);
      joined += s.slice(t.starts[i], t.ends[i]);
    }
    assert.equal(joined, s.replace(/\s+/g, ''));
  }), { numRuns: 300 });
});

test('tokensJoinSafely: two tokens written together read back as the same two', () => {
  fc.assert(fc.property(fc.string({ unit: fc.constantFrom('a', '<', '>', '中', '1'), minLength: 1, maxLength: 6 }), fc.string({ unit: fc.constantFrom('a', '<', '>', '中', '1'), minLength: 1, maxLength: 6 }), (a, b) => {
    const ta = tokenize(a), tb = tokenize(b);
    if (ta.keys.length !== 1 || tb.keys.length !== 1) return; // each must be one token
    if (tokensJoinSafely(a, b)) assert.equal(tokenize(a + b).keys.length, 2, `${a}|${b}`);
  }), { numRuns: 500 });
});

test('TokenDictionary: interning gives stable, dense ids', () => {
  const d = new TokenDictionary();
  assert.equal(d.intern('a'), 0);
  assert.equal(d.intern('b'), 1);
  assert.equal(d.intern('a'), 0);
  assert.equal(d.lookup('c'), -1);
  assert.equal(d.key(1), 'b');
  assert.equal(d.size, 2);
});
