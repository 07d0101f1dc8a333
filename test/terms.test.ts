import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { terms, normalizeText, termFrequencies, wordSegments } from '../src/text/terms.js';
import { STOP_WORDS, stopWordsFor, isStopWord, STOP_WORD_LISTS } from '../src/text/stopwords.js';

test('Chinese is segmented into dictionary words, not characters (needs full ICU)', () => {
  assert.deepEqual(terms('我们今天去北京大学参观，天气很好。'), ['我们', '今天', '去', '北京', '大学', '参观', '天气', '很好']);
  assert.deepEqual(terms('我们的研究表明，这个方法是有效的。', { stopWords: true }), ['研究', '表明', '方法', '有效']);
});

test('Japanese is segmented into words, and its particles are stop words', () => {
  const t = terms('日本語の文章を分割します。', { lang: 'ja' });
  assert.deepEqual(t, ['日本語', 'の', '文章', 'を', '分割', 'し', 'ます']);
  assert.deepEqual(terms('日本語の文章を分割します。', { lang: 'ja', stopWords: true }), ['日本語', '文章', '分割']);
});

test('Thai (no spaces) is segmented by the dictionary too', () => {
  assert.deepEqual(terms('ภาษาไทยง่ายนิดเดียว'), ['ภาษา', 'ไทย', 'ง่าย', 'นิด', 'เดียว']);
});

test('normalization: NFKC, lower case, typographic apostrophe', () => {
  assert.equal(normalizeText('ＡＢＣ１２３ ｶﾀｶﾅ Ǆ'), 'abc123 カタカナ dž');
  assert.deepEqual(terms('Don’t STOP'), ["don't", 'stop']);
  assert.deepEqual(terms('Ｔｈｒｅｓｈｅｒ Thresher thresher'), ['thresher', 'thresher', 'thresher']);
});

test('punctuation and spaces are not terms; numbers are unless asked', () => {
  assert.deepEqual(terms('Hello, world! 3.14 — “quoted” … 2024'), ['hello', 'world', '3.14', 'quoted', '2024']);
  assert.deepEqual(terms('Hello, world! 3.14 2024', { numbers: false }), ['hello', 'world']);
  assert.deepEqual(terms(''), []);
  assert.deepEqual(terms(' \n\t—…!?'), []);
});

test('French and Italian elisions are cut after the apostrophe; English contractions are not', () => {
  assert.deepEqual(terms("l'homme qu'il aujourd'hui dell'anno"), ["l'", 'homme', "qu'", 'il', "aujourd'hui", "dell'", 'anno']);
  assert.deepEqual(terms("l'homme qu'il aujourd'hui", { stopWords: true }), ['homme', "aujourd'hui"]);
  assert.deepEqual(terms("don't isn't"), ["don't", "isn't"]);
});

test('stop words of the main languages are removed, mixed-language text included', () => {
  const t = terms('The harvest of the year. Die Ernte des Jahres. La récolte de l’année. 今年的收成。', { stopWords: true });
  assert.deepEqual(t, ['harvest', 'year', 'ernte', 'jahres', 'récolte', 'année', '今年', '收成']);
  assert.ok(isStopWord('the') && isStopWord('的') && isStopWord('und') && isStopWord('и'));
  assert.ok(!isStopWord('harvest') && !isStopWord('北京'));
  assert.ok(stopWordsFor('zh-Hant-TW').has('的'));
  assert.equal(stopWordsFor('xx').size, 0);
  // A custom set replaces the built-in lists.
  assert.deepEqual(terms('the harvest', { stopWords: new Set(['harvest']) }), ['the']);
});

test('every stop-word list entry is in normalized form (NFKC, lower case), so it can match a term', () => {
  for (const [lang, list] of Object.entries(STOP_WORD_LISTS)) {
    for (const w of list.split(/\s+/).filter(Boolean)) assert.equal(normalizeText(w), w, `${lang}: ${w}`);
  }
  assert.ok(STOP_WORDS.size > 600);
});

test('termFrequencies counts in first-occurrence order', () => {
  assert.deepEqual([...termFrequencies(['b', 'a', 'b', 'c', 'b'])], [['b', 3], ['a', 1], ['c', 1]]);
});

test('property: terms are normalized, non-empty, and free of white space', () => {
  fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (s) => {
    for (const t of terms(s)) {
      assert.ok(t.length > 0);
      assert.ok(!/\s/u.test(t));
      assert.equal(t, t.toLowerCase());
    }
  }), { numRuns: 300 });
});

test('property: terms do not depend on the white space between words', () => {
  fc.assert(fc.property(fc.array(fc.stringMatching(/^[a-zé]{1,8}$/), { minLength: 1, maxLength: 12 }), fc.constantFrom(' ', '\n', '  \t', '\u00a0'), (words, sep) => {
    assert.deepEqual(terms(words.join(sep)), terms(words.join(' ')));
  }));
});

test('property: feeding the segmenter in pieces gives the same words as the whole text', () => {
  const piece = fc.constantFrom('word', 'Don\'t', '3,000', '1.5', 'e.g.', '北京大学', '我们', '。', '、', '，', '!', '?', ',', ';', ' ', '  ', '\n',
    'ภาษาไทย', '日本語の', 'x'.repeat(50), '研究'.repeat(30), '-', ':', '.', '😀', '7');
  fc.assert(fc.property(fc.array(piece, { maxLength: 120 }), (parts) => {
    const text = normalizeText(parts.join(''));
    assert.deepEqual(wordSegments(text, undefined, 40), wordSegments(text, undefined, Infinity));
  }), { numRuns: 300 });
});

test('a long text is segmented in bounded pieces (750,000 characters here)', { timeout: 60_000 }, () => {
  const para = 'The harvest came in late that year, and 3,000 sheaves were beaten. 今年的收成来得很晚。\n';
  const t = terms(para.repeat(9000));
  assert.equal(t.length, terms(para).length * 9000);
});
