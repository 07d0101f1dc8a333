/** src/text/whitespace.ts: white space as a browser renders normal-flow text, and as one line. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { collapseSpace, oneLine } from '../src/text/whitespace.js';

test('collapseSpace: every white-space run becomes one space; text already collapsed is returned as it is', () => {
  assert.equal(collapseSpace('a \t\n b\u00a0\u00a0c'), 'a b c');
  assert.equal(collapseSpace(' a b '), ' a b ');
  const s = 'one two three';
  assert.equal(collapseSpace(s), s);
  fc.assert(fc.property(fc.string({ maxLength: 40 }), (t) => { assert.equal(collapseSpace(t), t.replace(/\s+/g, ' ')); }));
});

test('oneLine: white space and zero-width spaces collapse to single spaces, ends trimmed', () => {
  assert.equal(oneLine('  Title\u200b of\u00a0the\u3000page \ufeff\n'), 'Title of the page');
  assert.equal(oneLine('\u200b'), '');
  fc.assert(fc.property(fc.string({ maxLength: 40 }), (t) => {
    const line = oneLine(t);
    assert.ok(!/\s\s|^\s|\s$|\u200b|[^\S ]/.test(line), JSON.stringify(line));
  }));
});
