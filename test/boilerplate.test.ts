/** Markup signals of boilerplate (src/page/boilerplate.ts): the lead filter never changes a verdict. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { POSITIVE, WORD_RULE_REGEXES, classIdKind, classIdNamesContent } from '../src/page/boilerplate.js';

/** The plain definition: the first rule whose regex matches. */
const referenceKind = (ci: string) => WORD_RULE_REGEXES.find(([re]) => re.test(ci))?.[1] ?? null;

test('classIdKind and classIdNamesContent: the same verdicts as running every regex (property)', () => {
  // Pieces of the rules' own words, so that near misses ("commentlist" vs "comment-list",
  // "sponsored" vs "sponsoring", "ad" inside "add") are common.
  const piece = fc.constantFrom('comment', 'comments', 'list', 'share', 'button', 'buttons', 'ad', 'ads', 'add', 'sponsor', 'ed',
    'ing', 'about', 'the', 'author', 'box', 'side', 'bar', 'sidebar', 'right', 'nav', 'navbar', 'menu', 'post', 'content', 'entry',
    'article', 'body', 'main', 'text', 'rich', 'page', 'footer', 'site', 'top', 'pop', 'up', 'off', 'canvas', 'more', 'from', 'you',
    'may', 'like', 'likes', 'skip', 'link', 'bio', 'x', 'cookie', 'cmp', 's', '-', '--', '_', ' ', '0', '42', 'é', 'A', ':');
  fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (ps) => {
    const s = ps.join('');
    assert.equal(classIdKind(s), referenceKind(s), s);
    assert.equal(classIdNamesContent(s), POSITIVE.test(s), s);
  }), { numRuns: 3000 });
  fc.assert(fc.property(fc.string({ maxLength: 30 }), (s) => {
    assert.equal(classIdKind(s), referenceKind(s));
    assert.equal(classIdNamesContent(s), POSITIVE.test(s));
  }), { numRuns: 500 });
});

test('classIdKind: the first rule in order names the kind', () => {
  assert.equal(classIdKind('comments sidebar'), 'comments');
  assert.equal(classIdKind('sidebar-right widget_text'), 'aside');
  assert.equal(classIdKind('about-the-author'), 'meta');
  assert.equal(classIdKind('sponsored-post'), 'ad');
  assert.equal(classIdKind('address'), null);
  assert.equal(classIdKind('navigation main-nav'), 'nav');
  assert.equal(classIdNamesContent('entry-content'), true);
  assert.equal(classIdNamesContent('contentinfo'), false);
});
