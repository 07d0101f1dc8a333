// A comment's author and date (page/comment-meta.ts), read from its record's markup.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extract } from '../src/index.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { commentMeta } from '../src/page/comment-meta.js';
import { renderComments } from '../src/page/comments.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const FIXTURES = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'test', 'fixtures');

/** The author and date read from a record (the elements they came from left out). */
function fieldsOf(li: ReturnType<typeof record>, mdy = false) {
  const { from: _from, ...fields } = commentMeta(li, mdy);
  return fields;
}

function record(inner: string) {
  const doc = parseHtml(`<!DOCTYPE html><html><body><ol><li class="comment byuser comment-author-admin">${inner}</li></ol></body></html>`);
  computeFeatures(doc);
  return doc.elements.find((e) => e.tag === 'li')!;
}

test('comment meta: WordPress, Disqus-like and microdata records give their author and date', () => {
  // WordPress: <cite class="fn"> and "says:", then a <time datetime>.
  assert.deepEqual(fieldsOf(record(`<div class="comment-author vcard"><img src="a.png"><cite class="fn">Jane Miller</cite> <span class="says">says:</span></div>` +
    `<div class="comment-meta"><a href="#c1"><time datetime="2024-03-05T10:00:00+01:00">March 5, 2024 at 10:00 am</time></a></div><p>Lovely piece, thank you.</p>`)),
  { author: 'Jane Miller', published: '2024-03-05T10:00:00+01:00' });
  // A username link and a date written only as text in a date-named element.
  assert.deepEqual(fieldsOf(record(`<a class="username" href="/u/kb">kbauer</a><span class="post-date">7. Oktober 2020</span><p>Stimmt nicht ganz.</p>`)),
    { author: 'kbauer', published: '2020-10-07' });
  assert.deepEqual(fieldsOf(record('<span class="comment-author">Kim Bauer schrieb</span><p>Danke!</p>')), { author: 'Kim Bauer' });
  assert.deepEqual(fieldsOf(record(`<span itemprop="author">Ana de la Cruz</span><meta itemprop="dateCreated" content="2021-01-02"><p>Gracias.</p>`)),
    { author: 'Ana de la Cruz', published: '2021-01-02' });
});

test('comment meta: the record\'s own class, a long element, and a record without markup give nothing', () => {
  // The <li>'s "comment-author-admin" names the record; the text is no name.
  assert.deepEqual(fieldsOf(record('<p>Short.</p>')), {});
  assert.deepEqual(fieldsOf(record(`<div class="author-note">${'A long paragraph that the theme happens to mark with an author class. '.repeat(3)}</div>`)), {});
  // A date in the comment's prose is not its date; a short line of its own is.
  assert.deepEqual(fieldsOf(record('<p>I was at the meeting on March 5, 2024, and the hall was full long before it began.</p>')), {});
  assert.deepEqual(fieldsOf(record('<div>Kim</div><div>September 27th, 2024 at 11:01 pm</div><p>Brilliant.</p>')), { published: '2024-09-27' });
});

test('comment meta: through extract(), each comment entry carries its author and date; the text keeps the line as shown', () => {
  const prose = 'The council voted on Tuesday to keep the library open on Sundays, after a petition signed by more than two thousand residents asked it to reverse last year\'s cuts. ';
  const comment = (name: string, iso: string, text: string) => `<li class="comment"><div class="comment-author vcard"><cite class="fn">${name}</cite> says:</div>` +
    `<div class="comment-meta"><time datetime="${iso}">${iso.slice(0, 10)}</time></div><div class="comment-content"><p>${text}</p></div></li>`;
  const html = `<!DOCTYPE html><html><head><title>Library stays open</title></head><body><article><h1>Library stays open</h1><p>${prose.repeat(3)}</p><p>${prose.repeat(2)}</p></article>` +
    `<section id="comments" class="comments-area"><h2>2 comments</h2><ol class="comment-list">` +
    comment('Jane Miller', '2024-03-05T10:00:00Z', 'Good news for the students who study there every weekend, and for the rest of us too.') +
    comment('Tom Baker', '2024-03-06T08:30:00Z', 'About time. The petition shows what residents can do when they organise and turn up.') +
    `</ol></section></body></html>`;
  const r = extract(html, { comments: true });
  assert.equal(r.comments!.length, 2);
  assert.deepEqual(r.comments!.map((c) => [c.author, c.published]), [['Jane Miller', '2024-03-05T10:00:00Z'], ['Tom Baker', '2024-03-06T08:30:00Z']]);
  assert.match(r.comments![0].text, /Good news for the students/);
  assert.doesNotMatch(r.text, /Good news|Jane Miller/);
  // A <noscript> notice in the thread is no comment: a reader's browser never shows it.
  const notice = '<noscript><div>Javascript is not enabled on your browser. Please enable javascript to use the community features on this page.</div></noscript>';
  const withNotice = extract(html.replace('</ol></section>', `</ol>${notice}</section>`), { comments: true });
  assert.equal(withNotice.comments!.length, 2);
  assert.ok(withNotice.comments!.every((c) => !/javascript/i.test(c.text)));
});

test('comment entries: a thread\'s furniture (one or two words, no sentence, no author or date) is no entry; a short comment is', () => {
  const doc = parseHtml('<!DOCTYPE html><html><body><ol>' +
    '<li><p>Loading Comments...</p></li><li><p>Like</p></li><li><p>6 comments</p></li><li><p>Δ</p></li>' +
    '<li><p>Great post!</p></li><li><p>很好。</p></li><li><p>Thanks for writing this up</p></li>' +
    '<li><cite class="fn">Kim</cite><p>Nice one</p></li>' +
    '<li class="comment-author">Jane said...</li></ol></body></html>');
  computeFeatures(doc);
  // One comment per <li>: its paragraph, or the <li> itself where it has none.
  const groups = doc.elements.filter((e) => e.tag === 'li').map((li) => ({ units: [doc.elements.find((e) => e.parent === li && e.tag === 'p') ?? li], record: li }));
  const entries = renderComments(groups, (s) => s);
  assert.deepEqual(entries.map((e) => e.text), ['Great post!', '很好。', 'Thanks for writing this up', 'Nice one', 'Jane said...']);
  assert.equal(entries[3].author, 'Kim', 'a two-word comment under its author\'s name stays');
});

test('comment entries: every comment of a thread keeps its header line (author and date), whether or not the model took it', () => {
  // A hand-made WordPress post (test/fixtures/comment-threads/wordpress.html): before, the model
  // took "Jane Miller says:" above the second comment and left "Mark says:" out above the first.
  const html = readFileSync(join(FIXTURES, 'comment-threads', 'wordpress.html'), 'utf8');
  const entries = extract(html, { comments: true, url: 'https://janesgarden.example/2024/05/tomatoes/' }).comments!;
  assert.deepEqual(entries.map((e) => e.text.split('\n')), [
    ['Mark says:', 'May 13, 2024 at 10:00 am', 'Great tips! Which variety did you grow?'],
    ['Jane Miller says:', 'May 13, 2024 at 12:00 pm', 'Thanks Mark, it was Sungold. Very sweet and productive.'],
  ]);
  assert.deepEqual(entries.map((e) => e.author), ['Mark', 'Jane Miller']);
});
