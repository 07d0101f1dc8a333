// Comment threads found by their shape (src/page/reply-threads.ts): a reply form beside a run of
// alike records, whatever the class names and the language say.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { extract } from '../src/index.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { replyThreads } from '../src/page/reply-threads.js';

const ARTICLE = [
  'Die alte Mühle am Fluss wurde in diesem Frühjahr von einer Gruppe Freiwilliger wieder aufgebaut, die seit Januar jedes Wochenende am Dach gearbeitet hat.',
  'Das meiste Holz stammt von einem Sturm, der eine Reihe Eichen am Treidelpfad umgeworfen hat, und ein Zimmermann aus dem Dorf zeigte ihnen, wie man es schneidet.',
  'Am Samstag drehte sich das Rad zum ersten Mal seit vierzig Jahren wieder, beobachtet von einer Menge, die mit ihren Kindern aus dem Dorf heruntergekommen war.',
  'Im nächsten Jahr will die Gruppe wieder Mehl mahlen, und die Bäckerei am Platz hat schon versprochen, die ersten Brote daraus zu backen.',
];
const REPLIES = [
  'Wunderbare Geschichte, mein Großvater hat dort noch gearbeitet.',
  'Wann kann man die Mühle besichtigen? Wir würden gern mit der Schulklasse kommen.',
  'Danke an alle Freiwilligen für diese unglaubliche Arbeit am Wochenende.',
];

function reply(text: string, k: number): string {
  return `<div class="q7x"><div class="n2"><span>Leser ${k}</span> <span>${k + 1}. Mai 2025, 10:1${k}</span></div><p>${text}</p><a href="#r${k}">Antworten</a></div>`;
}

function page(thread: string, before = ''): string {
  return `<html><head><title>Die Mühle dreht sich wieder</title></head><body>${before}<div class="a1"><h1>Die Mühle dreht sich wieder</h1>${ARTICLE.map((p) => `<p>${p}</p>`).join('')}</div>${thread}</body></html>`;
}

const THREAD = `<div class="z9"><div class="c3">3 Reaktionen</div>${REPLIES.map(reply).join('')}<div class="f5"><textarea></textarea><button>Senden</button></div></div>`;

function threads(html: string) {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return replyThreads(doc);
}

test('reply threads: the parser notes where a dropped <textarea> stood', () => {
  const doc = parseHtml(page(THREAD));
  assert.deepEqual(doc.textareaParents?.map((e) => e.attr('class')), ['f5']);
  assert.equal(doc.textareaParents?.[0].children.some((c) => c.kind === 1 && c.tag === 'textarea'), false);
});

test('reply threads: a reply form beside alike records is a thread, found without a class word or English', () => {
  const found = threads(page(THREAD));
  assert.equal(found.length, 1);
  assert.equal(found[0].thread.attr('class'), 'z9');
  assert.equal(found[0].records.length, 3);
  const r = extract(page(THREAD), { comments: true });
  for (const p of ARTICLE) assert.ok(r.text.includes(p));
  for (const t of REPLIES) assert.ok(!r.text.includes(t), `the body holds "${t}"`);
  assert.deepEqual(r.comments?.map((c) => REPLIES.findIndex((t) => c.text.includes(t))), [0, 1, 2]);
});

test('reply threads: what is not one', () => {
  // A form's own rows (name, e-mail) are alike blocks, and no comments.
  const formRows = `<form class="z9">${[0, 1, 2].map((k) => `<div class="row"><label>Ihr Name und Ihre E-Mail-Adresse, Feld ${k}</label><input></div>`).join('')}<textarea></textarea></form>`;
  assert.deepEqual(threads(page(formRows)), []);
  // Blocks without a class are no run: any two plain <div>s in a row would be one.
  const plain = THREAD.replaceAll(' class="q7x"', '');
  assert.deepEqual(threads(page(plain)), []);
  // Above the page's <h1>: a sign-up panel in the banner, not readers replying to the article.
  assert.deepEqual(threads(page('', THREAD)), []);
  // A hidden form is no form.
  assert.deepEqual(threads(page(THREAD.replace('<div class="f5">', '<div class="f5" hidden>'))), []);
  // A container holding the <h1> is the article's, with its form at the end.
  assert.deepEqual(threads(`<html><body><div class="z9"><h1>Frage</h1>${REPLIES.map(reply).join('')}<textarea></textarea></div></body></html>`), []);
});

test('reply threads: a thread holding most of the page is its content (a forum), and stays in the body', () => {
  const posts = [...REPLIES, ...ARTICLE].map(reply).join('');
  const forum = `<html><body><h1>Wer hat die Mühle gebaut?</h1><div class="z9">${posts}<div class="f5"><textarea></textarea></div></div></body></html>`;
  assert.deepEqual(threads(forum), []);
  const r = extract(forum);
  for (const p of ARTICLE) assert.ok(r.text.includes(p));
});
