/** Markup signals of boilerplate (src/page/boilerplate.ts): the phrase scan gives the verdicts of the rules' regex form. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { WORD_RULES, boilerKind, classIdKind, cutDeclaredBoilerplate, namesContent } from '../src/page/boilerplate.js';
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

test('cutDeclaredBoilerplate: a fallback labeler keeps no share bar, related list or footer the markup names; the chosen algorithm is left as it is', async () => {
  const { extract } = await import('../src/index.js');
  const html = '<html><head><title>Short note | Blog</title></head><body><div class="nav">Home About Archive</div><div class="post"><h1>Short note</h1>' +
    '<div class="post-content"><p>M: Who slips next on the ice? Me: I bet you slip next, aah, paff, ouch. M: Won!</p>' +
    '<div class="sharedaddy sd-sharing-enabled"><h3>Share this:</h3><ul><li><a href="https://twitter.com/x">Twitter</a></li></ul></div>' +
    '<div id="jp-relatedposts" class="jp-relatedposts"><h3>Related posts</h3><p><a href="/a">Another short dialogue from the winter of 2009</a></p></div>' +
    '</div></div><div class="footer">(c) 2009 Blog</div></body></html>';
  // Asked for first, paper 000's labeler is the paper's: it keeps the share bar's heading.
  assert.match(extract(html, { algorithm: 'tagtree' }).text, /Share this:/);
  // As the cascade's fallback, what it keeps is cut of what the page declares boilerplate.
  const r = extract(html);
  const tagtree = r.attempts.find((a) => a.algorithm === 'tagtree');
  assert.ok(tagtree, 'the short article runs the cascade');
  assert.equal(tagtree.chars, 'M: Who slips next on the ice? Me: I bet you slip next, aah, paff, ouch. M: Won!'.length);
  assert.doesNotMatch(r.text, /Share this|Related posts|2009 Blog/);
  // An element holding most of the kept text is the content, whatever its class says.
  const doc = parseHtml('<body><div class="sidebar"><p>All of the article, long enough to be the page.</p></div><div class="share">Share</div></body>');
  computeFeatures(doc);
  const { Labels, CONTENT, NOISE } = await import('../src/page/labels.js');
  const labels = new Labels(doc);
  labels.set(doc.body!, CONTENT, 'test');
  cutDeclaredBoilerplate(doc, labels);
  const [article, share] = doc.body!.children.filter((c) => c.kind === 1) as never[];
  assert.equal(labels.effective(article), CONTENT);
  assert.equal(labels.effective(share), NOISE);
});
