/** Whole-word phrase rules (src/text/word-phrases.ts): the scan reads phrases as their regex form does. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { compilePhraseRules, expandPattern, firstPhraseRule } from '../src/text/word-phrases.js';
import { ThresherError } from '../src/errors.js';

test('expandPattern: optional characters, groups and optional groups', () => {
  assert.deepEqual(expandPattern('nav'), ['nav']);
  assert.deepEqual(expandPattern('comments?').sort(), ['comment', 'comments']);
  assert.deepEqual(expandPattern('you-?may-?like').sort(), ['you-may-like', 'you-maylike', 'youmay-like', 'youmaylike']);
  assert.deepEqual(expandPattern('sponsor(?:ed)?').sort(), ['sponsor', 'sponsored']);
  assert.deepEqual(expandPattern('author-?(?:box|bio)').sort(), ['author-bio', 'author-box', 'authorbio', 'authorbox']);
  assert.deepEqual(expandPattern('about-?(?:the-?)?author').sort(),
    ['about-author', 'about-the-author', 'about-theauthor', 'aboutauthor', 'aboutthe-author', 'abouttheauthor']);
});

test('compilePhraseRules: patterns outside the dialect are refused with a typed error', () => {
  for (const bad of ['a.b', 'a(?:b', 'a)b', 'A', 'a b', '-a', 'a--b', 'a(?:|b)-?']) {
    assert.throws(() => compilePhraseRules([[bad]]), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION', bad);
  }
});

const RULES = [['comments?', 'comment-?list'], ['ads?', 'ad-?slot', 'sponsor(?:ed)?'], ['nav', 'skip-?link', 'skip'], ['about-?(?:the-?)?author']];
const REGEXES = RULES.map((words) => new RegExp(`(?:^|[^a-z])(?:${words.join('|')})(?:$|[^a-z])`));
const reference = (s: string) => REGEXES.findIndex((re) => re.test(s));

test('firstPhraseRule: the first rule whose whole-word regex matches (property)', () => {
  const rules = compilePhraseRules(RULES);
  const piece = fc.constantFrom('comment', 'comments', 'list', 'ad', 'ads', 'add', 'slot', 'sponsor', 'ed', 'nav', 'skip', 'link',
    'about', 'the', 'author', 's', '-', '--', '_', ' ', '0', 'é', 'A', 'x');
  fc.assert(fc.property(fc.array(piece, { maxLength: 10 }), (ps) => {
    const s = ps.join('');
    assert.equal(firstPhraseRule(rules, s), reference(s), s);
  }), { numRuns: 3000 });
  fc.assert(fc.property(fc.string({ maxLength: 20 }), (s) => assert.equal(firstPhraseRule(rules, s), reference(s), s)), { numRuns: 500 });
});

test('firstPhraseRule: whole words only, and the earliest rule wins wherever it is', () => {
  const rules = compilePhraseRules(RULES);
  assert.equal(firstPhraseRule(rules, 'main-nav comments'), 0);
  assert.equal(firstPhraseRule(rules, 'navigation'), -1);
  assert.equal(firstPhraseRule(rules, 'nav2'), 2);
  assert.equal(firstPhraseRule(rules, 'skip-link'), 2);
  assert.equal(firstPhraseRule(rules, 'skip--link'), 2);
  assert.equal(firstPhraseRule(rules, 'x about-the-author'), 3);
  assert.equal(firstPhraseRule(rules, 'aboutthe_author'), -1);
  assert.equal(firstPhraseRule(rules, ''), -1);
});
