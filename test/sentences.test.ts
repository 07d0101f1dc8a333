import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { splitSentences } from '../src/text/sentences.js';

test('Latin sentences end at . ! ? before a space and a capital, closing quotes included', () => {
  assert.deepEqual(splitSentences('The rain came. Farmers cheered! Was it enough? "Yes." She left.'),
    ['The rain came.', 'Farmers cheered!', 'Was it enough?', '"Yes."', 'She left.']);
  assert.deepEqual(splitSentences('Prices rose 3.5 percent in 2024. Wages did not.'), ['Prices rose 3.5 percent in 2024.', 'Wages did not.']);
});

test('abbreviations, initials and dotted forms do not end a sentence', () => {
  assert.deepEqual(splitSentences('Mr. Smith met Dr. Jones at 5 p.m. on Jan. 3. They talked.'),
    ['Mr. Smith met Dr. Jones at 5 p.m. on Jan. 3.', 'They talked.']);
  assert.deepEqual(splitSentences('J. R. R. Tolkien wrote it, e.g. The Hobbit. It sold well.'),
    ['J. R. R. Tolkien wrote it, e.g. The Hobbit.', 'It sold well.']);
  assert.deepEqual(splitSentences('Er kam z.B. Montag. Dann ging er.'), ['Er kam z.B. Montag.', 'Dann ging er.']);
  // A sentence-final abbreviation before a capital ends the sentence.
  assert.deepEqual(splitSentences('They sold apples, pears, etc. The market closed.'), ['They sold apples, pears, etc.', 'The market closed.']);
  assert.deepEqual(splitSentences('He moved to the U.S. Later he returned.'), ['He moved to the U.S.', 'Later he returned.']);
  // Lower case after the stop: the sentence goes on.
  assert.deepEqual(splitSentences('It costs approx. five dollars... or so. Fine.'), ['It costs approx. five dollars... or so.', 'Fine.']);
});

test('Chinese and Japanese sentences end at 。！？ without a space, closing quotes kept', () => {
  assert.deepEqual(splitSentences('今年的收成很好。农民们很高兴！明年呢？'), ['今年的收成很好。', '农民们很高兴！', '明年呢？']);
  assert.deepEqual(splitSentences('他说：“你好。”然后走了。'), ['他说：“你好。”', '然后走了。']);
  assert.deepEqual(splitSentences('日本語の文章です。次の文です。'), ['日本語の文章です。', '次の文です。']);
  assert.deepEqual(splitSentences('Mixed 中文句子。English follows. 再来一句。'), ['Mixed 中文句子。', 'English follows.', '再来一句。']);
});

test('line breaks are boundaries; empty input gives nothing', () => {
  assert.deepEqual(splitSentences('A heading\nThe first line of text. More text'), ['A heading', 'The first line of text.', 'More text']);
  assert.deepEqual(splitSentences(''), []);
  assert.deepEqual(splitSentences(' \n \n'), []);
});

test('property: the sentences are the text, cut, with only white space lost', () => {
  fc.assert(fc.property(fc.array(fc.constantFrom('Word', 'word', '.', '!', '?', ' ', '\n', '。', '”', 'e.g.', 'Mr.', '3.5', '中文', '…'), { maxLength: 40 }), (parts) => {
    const text = parts.join('');
    const s = splitSentences(text);
    assert.equal(s.join('').replace(/\s+/g, ''), text.replace(/\s+/g, ''));
    for (const x of s) assert.ok(x.length > 0 && x === x.trim());
  }), { numRuns: 500 });
});
