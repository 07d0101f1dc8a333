import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { normalizeUrl, normalizeEscapes, docId } from '../src/corpus/url.js';

test('scheme and host lower-cased, default port, fragment, credentials and empty query dropped', () => {
  assert.equal(normalizeUrl('HTTP://Example.COM:80/a/b?x=1#frag'), 'http://example.com/a/b?x=1');
  assert.equal(normalizeUrl('https://example.com:443'), 'https://example.com/');
  assert.equal(normalizeUrl('https://example.com:8443/'), 'https://example.com:8443/');
  assert.equal(normalizeUrl('https://user:pw@example.com/p?'), 'https://example.com/p');
  assert.equal(normalizeUrl('https://example.com./a/./b/../c'), 'https://example.com/a/c');
  assert.equal(normalizeUrl('  https://例え.jp/パス  '), 'https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9');
});

test('percent-escapes: unreserved characters decoded, the others upper-cased, reserved kept', () => {
  assert.equal(normalizeEscapes('%7euser/%2fx%3a%41'), '~user/%2Fx%3AA');
  assert.equal(normalizeUrl('http://a.com/%7Efoo/%2fbar?q=%7e%2f'), 'http://a.com/~foo/%2Fbar?q=~%2F');
  assert.equal(normalizeEscapes('100%'), '100%');
  assert.equal(normalizeEscapes('%zz%4'), '%zz%4');
});

test('query parameters keep their order unless sorted; sorting keeps the escapes and is stable', () => {
  assert.equal(normalizeUrl('http://a.com/?b=2&a=1'), 'http://a.com/?b=2&a=1');
  assert.equal(normalizeUrl('http://a.com/?b=2&a=1&a=0&c%20d=x+y', { sortQuery: true }), 'http://a.com/?a=1&a=0&b=2&c%20d=x+y');
  assert.equal(normalizeUrl('http://a.com/?&&', { sortQuery: true }), 'http://a.com/');
});

test('relative URLs need a base; non-URLs give undefined; docId falls back to the given id', () => {
  assert.equal(normalizeUrl('/x#y', { base: 'https://A.com/dir/' }), 'https://a.com/x');
  assert.equal(normalizeUrl('pages/a.html'), undefined);
  assert.equal(docId('pages/a.html', 'pages/a.html'), 'pages/a.html');
  assert.equal(docId(undefined, 'line:3'), 'line:3');
  assert.equal(docId('HTTPS://A.com', 'x'), 'https://a.com/');
});

const urlish = fc.tuple(
  fc.constantFrom('http', 'HTTPS', 'https', 'ftp'),
  fc.constantFrom('Example.com', 'a.b.', 'xn--r8jz45g.jp', '例え.jp', '127.0.0.1', '[::1]'),
  fc.constantFrom('', ':80', ':443', ':8080'),
  fc.array(fc.constantFrom('a', '.', '..', '%7e', '%2F', '%41', 'é', ' ', '%', '%e2%82', 'b c', '~'), { maxLength: 5 }),
  fc.array(fc.constantFrom('a=1', 'b=%7E', 'a=2', 'c', '', 'x=y+z', 'é=ü'), { maxLength: 4 }),
  fc.option(fc.constantFrom('frag', '', 'a%20b')),
).map(([s, h, p, path, q, f]) => `${s}://${h}${p}/${path.join('/')}${q.length ? '?' + q.join('&') : ''}${f === null ? '' : '#' + f}`);

test('property: normalisation is idempotent and agrees with the URL parser', () => {
  fc.assert(fc.property(urlish, fc.boolean(), (u, sortQuery) => {
    const n = normalizeUrl(u, { sortQuery });
    if (n === undefined) return;
    assert.equal(normalizeUrl(n, { sortQuery }), n);
    assert.equal(new URL(n).href, n);
    assert.ok(!n.includes('#'));
  }), { numRuns: 500 });
});
