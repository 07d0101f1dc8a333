/** Markup signals of boilerplate (src/page/boilerplate.ts): the phrase scan gives the verdicts of the rules' regex form. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { WORD_RULES, boilerKind, classIdKind, namesContent } from '../src/page/boilerplate.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';

/** The plain definition: one of the phrases as a whole, not preceded or followed by a letter a-z. */
const wholeWords = (phrases: readonly string[]) => new RegExp(`(?:^|[^a-z])(?:${phrases.join('|')})(?:$|[^a-z])`);
const RULE_REGEXES = WORD_RULES.map(([kind, words]) => [wholeWords(words), kind] as const);
/** The first rule whose regex matches. */
const referenceKind = (ci: string) => RULE_REGEXES.find(([re]) => re.test(ci))?.[1] ?? null;
/** Pieces of the rules' own words, so that near misses ("commentlist" vs "comment-list", "sponsored" vs "sponsoring", "ad" inside "add") are common. */
const piece = fc.constantFrom('comment', 'comments', 'list', 'share', 'button', 'buttons', 'ad', 'ads', 'add', 'sponsor', 'ed',
  'ing', 'about', 'the', 'author', 'box', 'side', 'bar', 'sidebar', 'right', 'nav', 'navbar', 'menu', 'post', 'content', 'entry',
  'article', 'body', 'main', 'text', 'rich', 'page', 'footer', 'site', 'top', 'pop', 'up', 'off', 'canvas', 'more', 'from', 'you',
  'may', 'like', 'likes', 'skip', 'link', 'bio', 'x', 'cookie', 'cmp', 's', '-', '--', '_', ' ', '0', '42', 'é', 'A', ':');

test('classIdKind: the kind of the first rule whose regex matches (property)', () => {
  fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (ps) => {
    const s = ps.join('');
    assert.equal(classIdKind(s), referenceKind(s), s);
  }), { numRuns: 3000 });
  // Every phrase itself, alone and inside other words.
  for (const [, words] of WORD_RULES) {
    for (const w of words) {
      for (const s of [w, w.replace(/[?()|:]/g, ''), `x-${w.replace(/-\?/g, '-')}_y`, `a${w.replace(/-\?/g, '')}`]) assert.equal(classIdKind(s), referenceKind(s), s);
    }
  }
  fc.assert(fc.property(fc.string({ maxLength: 30 }), (s) => assert.equal(classIdKind(s), referenceKind(s))), { numRuns: 500 });
});

test('classIdKind: the first rule in order names the kind', () => {
  assert.equal(classIdKind('comments sidebar'), 'comments');
  assert.equal(classIdKind('sidebar-right widget_text'), 'aside');
  assert.equal(classIdKind('about-the-author'), 'meta');
  assert.equal(classIdKind('sponsored-post'), 'ad');
  assert.equal(classIdKind('address'), null);
  assert.equal(classIdKind('navigation main-nav'), 'nav');
});

test('namesContent: article and main, content class words as whole words, itemprop', () => {
  const doc = parseHtml('<body><article>a</article><main>b</main><div class="entry-content">c</div><div id="contentinfo">d</div>' +
    '<div itemprop="articleBody">e</div><div itemprop="text">f</div><div class="post-12">g</div><div class="poster">h</div></body>');
  computeFeatures(doc);
  const named = doc.body!.children.filter((c) => c.kind === 1).map((c) => namesContent(c as never));
  assert.deepEqual(named, [true, true, true, false, true, true, true, false]);
});

test('boilerKind: ARIA roles name boilerplate; a ticker (marquee) and a countdown (timer) are asides, a live blog (log) is not', () => {
  const doc = parseHtml('<body><div role="navigation">a</div><div role="marquee">b</div><div role="timer">c</div><div role="log">d</div><div role="Marquee">e</div></body>');
  computeFeatures(doc);
  const kinds = doc.body!.children.filter((c) => c.kind === 1).map((c) => boilerKind(c as never));
  assert.deepEqual(kinds, ['nav', 'aside', 'aside', null, 'aside']);
});
