// The output contract (README "The result"): what the body never holds, and the options that put
// things back; plus the pieces it stands on (data scripts, repeated records, set conventions).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { extract } from '../src/index.js';
import { parseHtml, parseHtmlReference } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { MAX_DATA_SCRIPT_CHARS } from '../src/dom/data-scripts.js';
import { markRecords, templateClass } from '../src/page/records.js';
import type { DomElement } from '../src/dom/node.js';
import { contractCuts } from '../src/page/contract.js';
import { conventionOptions, conventionText } from '../src/eval/conventions.js';
import { jsonArticle, SHORT_ARTICLE_CHARS } from '../src/page/json-article.js';
import { MODE_BIAS, dropRepeatedText, shiftLogOdds } from '../src/page/learned.js';
import { groupByThread } from '../src/page/comments.js';
import { textUnits } from '../src/page/block-features.js';

const PROSE = [
  'The old mill on the river was rebuilt this spring by a group of volunteers who spent every weekend since January on the roof and the wheel.',
  'Most of the timber came from a storm that felled a row of oaks along the towpath, and a carpenter from the village taught the volunteers how to cut it.',
  'The wheel turned again for the first time in forty years on Saturday, watched by a crowd that had walked down from the village with their children.',
  'Next year the group wants to grind flour again, and the bakery in the square has already promised to bake the first loaves from it.',
];

function page(inner: string, head = ''): string {
  return `<html><head><title>Volunteers bring the old mill back to life | Valley News</title>${head}</head><body>${inner}</body></html>`;
}

function parsed(html: string) {
  const doc = parseHtml(html);
  computeFeatures(doc);
  return doc;
}

test('data scripts: JSON-LD and __NEXT_DATA__ text is kept on the document, by both tokenizer paths; other scripts are not', () => {
  const html = '<html><head><script type="application/ld+json">{"a":"</p>&amp;"}</script><script>var x = "<b>";</script></head>' +
    '<body><p>x</p><script id="__NEXT_DATA__" type="application/json">{"props":{}}</script></body></html>';
  for (const doc of [parseHtml(html), parseHtmlReference(html)]) {
    assert.deepEqual(doc.dataScripts, [
      { type: 'application/ld+json', text: '{"a":"</p>&amp;"}' },
      { type: 'application/json', id: '__NEXT_DATA__', text: '{"props":{}}' },
    ]);
  }
});

test('data scripts: bounded in all', () => {
  const big = 'x'.repeat(MAX_DATA_SCRIPT_CHARS);
  const doc = parseHtml(`<script type="application/ld+json">${big}</script><script type="application/ld+json">more</script><p>x</p>`);
  assert.equal(doc.dataScripts!.reduce((n, s) => n + s.text.length, 0), MAX_DATA_SCRIPT_CHARS);
});

test('records: a list of same-template teaser cards is marked, a run of paragraphs is not', () => {
  const cards = [1, 2, 3, 4].map((i) => `<div class="card"><a href="/story-${i}">Story number ${i} headline</a><span>2 hours ago</span></div>`).join('');
  const doc = parsed(page(`<div id="teasers">${cards}</div><div id="body">${PROSE.map((p) => `<p>${p}</p>`).join('')}</div>`));
  const marks = markRecords(doc);
  const card = doc.elements.find((e) => e.attr('class') === 'card')!;
  const span = card.children.find((c) => c.kind === 1 && c.tag === 'span')!;
  assert.equal(marks.size[card.id], 4);
  assert.equal(marks.size[(span as typeof card).id], 4, 'descendants inherit their record');
  const p = doc.elements.find((e) => e.tag === 'p')!;
  assert.equal(marks.size[p.id], 0);
});

test('records: cards whose classes differ by post id, category and tag (WordPress) are one template', () => {
  const cards = [['17624', 'dress'], ['11624', 'beachwear'], ['16576', 'color'], ['5138', 'abaya']].map(([id, cat]) =>
    `<div class="post-${id} product type-product product_cat-${cat} instock"><h3><a href="/p/${id}">Product ${cat}</a></h3><span>€60.20</span></div>`).join('');
  const doc = parsed(page(`<div class="related">${cards}</div><div id="body">${PROSE.map((p) => `<p>${p}</p>`).join('')}</div>`));
  const marks = markRecords(doc);
  for (const card of doc.elements.filter((e) => e.attr('class')?.includes('type-product'))) assert.equal(marks.size[card.id], 4);
  // A hashed class name is its template's: "q7x" cards are one list, apart from the "x9" ones.
  const hashed = parsed(`<div>${[1, 2, 3].map((i) => `<div class="q7x"><a href="/x${i}">link text here</a></div>`).join('')}<div class="x9"><a href="/y">another link</a></div></div>`);
  const m2 = markRecords(hashed);
  assert.equal(m2.size[hashed.elements.find((e) => e.attr('class') === 'q7x')!.id], 3);
  assert.equal(m2.size[hashed.elements.find((e) => e.attr('class') === 'x9')!.id], 0);
});

/** A record's template: its tag and its templateClass (what that word is, the test above checks). */
const template = (el: DomElement): string => `${el.tag} ${templateClass(el)}`;

test('records: property: every marked record has at least MIN_RECORDS same-template siblings marked with it', () => {
  fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom('li', 'div', 'p'), fc.constantFrom('a', 'b', '', 'a post-1', 'post-2 a', 'post-3 b', 'x9'), fc.boolean()), { maxLength: 12 }), (kids) => {
    const inner = kids.map(([tag, cls, link]) => `<${tag} class="${cls}">${link ? '<a href="/x">link text here</a>' : 'plain words'}</${tag}>`).join('');
    const doc = parsed(`<div>${inner}</div>`);
    const marks = markRecords(doc);
    for (const el of doc.elements) {
      if (!marks.size[el.id] || marks.size[el.parent!.id] === marks.size[el.id]) continue;
      const key = template(el);
      const same = el.parent!.children.filter((c) => c.kind === 1 && template(c as DomElement) === key && marks.size[c.id] > 0);
      assert.ok(same.length >= 3 && same.length === marks.size[el.id]);
    }
  }));
});

test('contract: the headline, figures and hidden copies are cut; an element holding most of the page never is', () => {
  const html = page(`<article><h1>Volunteers bring the old mill back to life</h1><figure><img src="/m.jpg"><figcaption>The wheel at dawn. Photo: A. Smith</figcaption></figure>` +
    `${PROSE.map((p) => `<p>${p}</p>`).join('')}<div style="display:none"><p>${PROSE[0]}</p></div></article>`);
  const r = extract(html, { formats: ['markdown'] });
  assert.equal(r.title, 'Volunteers bring the old mill back to life');
  assert.doesNotMatch(r.text, /Volunteers bring|Photo: A. Smith/);
  assert.equal(r.text.split(PROSE[0]).length, 2, 'the hidden copy is not a second paragraph');
  assert.doesNotMatch(r.markdown!, /m\.jpg|Photo/);
  const withImages = extract(html, { images: true, formats: ['markdown', 'html'] });
  assert.match(withImages.markdown!, /!\[\]\(\/m\.jpg\)/);
  assert.match(withImages.markdown!, /Photo: A. Smith/);
  assert.match(withImages.html!, /<figcaption>/);
  assert.doesNotMatch(withImages.text, /Photo: A. Smith/, 'the text never holds captions');
  // A <figure> around the whole article is the content, not a caption.
  const wrapped = parsed(page(`<figure>${PROSE.map((p) => `<p>${p}</p>`).join('')}</figure>`));
  assert.deepEqual(contractCuts(wrapped, { headline: null, images: false }), []);
});

test('contract: a hidden wrapper holding every <h1> and most of the unlinked text is the page a script shows; without the <h1>, or at less than half, it stays cut', () => {
  // A shop's menus stay shown around an age gate's hidden page: mostly links, and longer than it.
  const menu = `<nav><ul>${Array.from({ length: 60 }, (_, i) => `<li><a href="/c/${i}">Category number ${i} of the shop</a></li>`).join('')}</ul></nav>`;
  const article = `<h1>Volunteers bring the old mill back to life</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}`;
  const gated = page(`${menu}<div class="age-gate-content" style="display:none">${article}</div>`);
  const doc = parsed(gated);
  assert.ok(doc.body!.textLen > 2 * doc.elements.find((e) => e.hidden)!.textLen, 'the menus hold most of the text, links included');
  assert.deepEqual(contractCuts(doc, { headline: null, images: false }).map(([, why]) => why).filter((w) => /hidden/.test(w)), []);
  const r = extract(gated);
  assert.match(r.text, /old mill on the river/);
  // The headline shown outside it: the hidden element is a copy, and is cut.
  const shownHeadline = parsed(page(`${menu}<h1>Volunteers bring the old mill back to life</h1><div style="display:none">${PROSE.map((p) => `<p>${p}</p>`).join('')}</div>`));
  assert.equal(contractCuts(shownHeadline, { headline: null, images: false }).filter(([, why]) => /hidden/.test(why)).length, 1);
  // Less than half the unlinked text: a hidden panel beside the page's own prose, cut.
  const panel = parsed(page(`<div>${PROSE.map((p) => `<p>${p} ${p}</p>`).join('')}</div><div style="display:none">${article}</div>`));
  assert.equal(contractCuts(panel, { headline: null, images: false }).filter(([, why]) => /hidden/.test(why)).length, 1);
});

test('contract: an ad slot\'s label alone on its line is cut, in any language; the word inside a sentence is not', () => {
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  const cuts = (inner: string): string[] => contractCuts(parsed(page(`<article>${inner}</article>`)), { headline: null, images: false }).map(([el, why]) => `${el.tag}:${/label/.test(why) ? 'ad' : why}`);
  for (const label of ['Advertisement', 'ANZEIGE', '- Advertisement -', 'Реклама', '広告', '广告', 'إعلان', 'Reklama']) {
    assert.deepEqual(cuts(`<p>${PROSE[0]}</p><div class="x-91"><p>${label}</p></div><p>${PROSE[1]}</p>`), ['p:ad'], label);
  }
  assert.deepEqual(cuts(`<p>The council voted for an <em>ad</em> campaign.</p>${body}`), []);
  assert.deepEqual(cuts(`<p>Advertisement revenue fell again this year</p>${body}`), []);
  assert.deepEqual(cuts(`<ul><li><strong>Ads</strong><span><strong>:</strong> Facebook Ads are highly customizable.</span></li></ul>${body}`), []);
  assert.deepEqual(cuts(`${body}<table><tr><td>14</td><td>Werbung</td><td>S. 208 – 212</td></tr></table>`), []);
});

test('contract: in thresher\'s own clean HTML no line rule is tried again (the first extraction applied them)', () => {
  // An ad label is cut on a page; in the clean HTML of a page whose first extraction kept it (its
  // context told otherwise there), a second extraction must not cut it: extraction is idempotent.
  const inner = `<p>${PROSE[0]}</p><div class="x-91"><p>Advertisement</p></div><p>${PROSE[1]}</p><p>Quelle: Landesregierung</p>`;
  assert.equal(contractCuts(parsed(page(`<article>${inner}</article>`)), { headline: null, images: false }).length, 2);
  assert.deepEqual(contractCuts(parsed(page(`<article>${inner}</article>`)), { headline: null, images: false, renderedHeadline: true }), []);
});

test('contract: credit and editor lines beyond Western Europe ("Источник:", "责任编辑：")', () => {
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  const cuts = (line: string): number => contractCuts(parsed(page(`<article>${body}<p>${line}</p></article>`)), { headline: null, images: false }).length;
  assert.equal(cuts('责任编辑：王芳'), 1);
  assert.equal(cuts('Источник: РИА Новости'), 1);
  assert.equal(cuts('Kaynak: Anadolu Ajansı'), 1);
  assert.equal(cuts('编辑部的文章说明了这个问题的来源'), 0);
});

test('extract: a short CJK article is an article (its length counts CJK characters as words), not a cue for the fallbacks', () => {
  const zh = ['记者20日从有关方面获悉，我国首台完全自主研发的大型海上风力发电机组日前在福建沿海成功并网发电，单机容量达到二十兆瓦。',
    '据介绍，该机组的叶轮直径超过二百六十米，每年可以为约四万户家庭提供清洁电力，同时减少二氧化碳排放约五万吨。',
    '项目负责人表示，研发团队用了三年时间攻克了多项关键技术难题，下一步将推动该机组的批量生产。'];
  const html = `<html lang="zh"><head><title>风力发电机组并网发电</title></head><body><div class="main"><div class="left"><h1>风力发电机组并网发电</h1>`
    + `<div class="content">${zh.map((p) => `<p>${p}</p>`).join('')}</div></div>`
    + `<div class="right"><h3>热点排行</h3><ol><li><a href="/h1">今年冬天会更冷吗？专家解读</a></li><li><a href="/h2">多家银行下调存款利率</a></li></ol></div></div></body></html>`;
  const r = extract(html);
  assert.ok(r.text.length < 250, 'fewer characters than a short Latin article');
  for (const p of zh) assert.ok(r.text.includes(p));
  assert.doesNotMatch(r.text, /热点排行/);
  assert.equal(r.attempts.length, 1, 'no fallback was tried');
});

test('contract: a caption without <figure> is one by its name beside an image; a card named so, or one far from an image, is not', () => {
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  const html = page(`<article><h1>Volunteers bring the old mill back to life</h1>${body}` +
    `<div class="wp-caption"><img src="/m.jpg"><p class="wp-caption-text">The wheel at dawn, before the first run in forty years.</p></div>` +
    `<p>${PROSE[1].split('').reverse().join('')}</p><span class="photo-credit">Photo: Valley News archive</span><img src="/n.jpg"></article>`);
  const r = extract(html, { formats: ['markdown'] });
  assert.doesNotMatch(r.text, /The wheel at dawn|Valley News archive/);
  assert.match(extract(html, { images: true, formats: ['markdown'] }).markdown!, /The wheel at dawn/, 'images: true shows it beside its image');
  const cut = (inner: string): string[] => contractCuts(parsed(page(`<article>${body}${inner}</article>`)), { headline: null, images: false }).map(([el]) => el.tag);
  // A product card's "caption" holds a linked name and a price, each a block of its own.
  assert.deepEqual(cut(`<div class="thumbnail"><img src="/p.jpg"><div class="caption"><h4><a href="/p">Oak chair</a></h4><p>$120</p></div></div>`), []);
  // A caption class with no image near it is a label, not a caption.
  assert.deepEqual(cut(`<div><div><p class="caption">Opening hours: 9 to 5, every day but Sunday</p></div></div>`), []);
  assert.deepEqual(cut(`<div><img src="/q.jpg"><p class="caption">The mill in 1890</p></div>`), ['p']);
});

test('contract: a caption box by its shape (one image and a line or two between the paragraphs, or leading them) is cut; a paragraph with an image, a card or a lone box is not', () => {
  const at = (box: string): string => `<article><h1>Volunteers bring the old mill back to life</h1><p>${PROSE[0]}</p><p>${PROSE[1]}</p>${box}<p>${PROSE[2]}</p><p>${PROSE[3]}</p></article>`;
  const cut = (box: string): string[] => contractCuts(parsed(page(at(box))), { headline: null, images: false }).map(([el]) => el.classId.trim());
  // Generated class names say nothing: the shape does, a caption and a credit beside one image.
  const box = '<div class="c-8uy2"><img src="/w.jpg" alt=""><div class="c-q81x">The wheel at dawn, before its first run in forty years.</div><div class="c-q81x">Bild: Valley News</div></div>';
  assert.deepEqual(cut(box), ['c-8uy2']);
  // Past an empty spacer, the prose is still beside it.
  assert.deepEqual(cut(`<p></p>${box}<div class="clear"></div>`), ['c-8uy2']);
  // A paragraph with an image floated in its text, two images (a gallery), a list or a linked card are not captions.
  assert.deepEqual(cut('<div class="x1"><img src="/w.jpg"> The wheel turned at dawn, and the crowd cheered.</div>'), []);
  assert.deepEqual(cut('<div class="x2"><img src="/a.jpg"><img src="/b.jpg"><div>Before and after.</div></div>'), []);
  assert.deepEqual(cut('<div class="x3"><img src="/w.jpg"><ul><li>Flour</li><li>Water</li></ul></div>'), []);
  assert.deepEqual(cut('<div class="x4"><img src="/w.jpg"><div><a href="/s/2">The bakery that kept the village fed in the war</a></div></div>'), []);
  // The lead image's box, between a standfirst and the body's own container, leads the prose.
  const lead = `<article><h1>Volunteers bring the old mill back to life</h1><div class="c-4g1r">After forty years the wheel turns again.</div>${box}` +
    `<div class="c-2wnh"><p>${PROSE[0]}</p><p>${PROSE[1]}</p></div></article>`;
  assert.deepEqual(contractCuts(parsed(page(lead)), { headline: null, images: false }).map(([el]) => el.classId.trim()), ['c-8uy2']);
  // A box before a container of one paragraph (a card's description) does not.
  const card = contractCuts(parsed(page(`<main>${box}<div><p>${PROSE[0]}</p></div></main>`)), { headline: null, images: false }).map(([el]) => el.classId.trim());
  assert.ok(!card.includes('c-8uy2'), `cut: ${card}`);
  // Not set in prose: a product card among cards stays for the model.
  const cards = Array.from({ length: 3 }, (_, i) => `<div class="card"><img src="/p${i}.jpg"><div>Oak chair, model ${i}</div></div>`).join('');
  assert.deepEqual(contractCuts(parsed(page(`<main>${cards}</main>`)), { headline: null, images: false }), []);
  // Through extract(): the text leaves it out, images: true shows it beside its image.
  const r = extract(page(at(box)), { formats: ['markdown'] });
  assert.doesNotMatch(r.text, /The wheel at dawn|Bild: Valley News/);
  for (const p of PROSE) assert.ok(r.text.includes(p));
  assert.match(extract(page(at(box)), { images: true, formats: ['markdown'] }).markdown!, /The wheel at dawn/);
});

test('contract: a call to action set between the paragraphs is cut; prose links, code samples and records with buttons are not', () => {
  const at = (box: string): string => `<article><h1>Volunteers bring the old mill back to life</h1><p>${PROSE[0]}</p><p>${PROSE[1]}</p>${box}<p>${PROSE[2]}</p><p>${PROSE[3]}</p></article>`;
  const cut = (box: string): string[] => contractCuts(parsed(page(at(box))), { headline: null, images: false }).map(([el]) => el.classId.trim());
  // A form control, dropped by the parser, marks the box: a newsletter sign-up, a consent placeholder.
  assert.deepEqual(cut(`<div class="n1"><div>Get the Sunday newsletter</div><p>One walk, one map, one pub. Every Sunday.</p><input type="email"> <button>Sign me up</button></div>`), ['n1']);
  assert.deepEqual(cut(`<div class="e1"><p>Dieser Inhalt ist blockiert. Bitte akzeptieren Sie Cookies, um ihn zu sehen.</p><button>Externe Inhalte erlauben</button></div>`), ['e1']);
  // So does a link on a line of its own, short enough to be a button (a row of them too).
  assert.deepEqual(cut(`<div class="d1"><p>Valley News is reader-supported. Consider a gift.</p><a href="/d">Donate $3</a> · <a href="/d">Donate $10</a></div>`), ['d1']);
  // A link inside a sentence is prose, and a teaser's linked heading is no button.
  assert.deepEqual(cut(`<div class="x1">If you have no photographs of the mill, click <a href="/h">here</a> to see the archive's.</div>`), []);
  assert.deepEqual(cut(`<div class="x2"><a href="/s"><h4>The mill's first flour</h4></a><p>A short teaser for another story.</p></div>`), []);
  // A code sample's "Copy" button, and a box that is not set in the prose (a record among records).
  assert.deepEqual(cut(`<div class="x3"><button>Copy</button><pre>mill --start</pre></div>`), []);
  const records = Array.from({ length: 3 }, (_, i) => `<div class="post${i}"><p>${PROSE[i]}</p><button>Reply</button></div>`).join('');
  assert.deepEqual(contractCuts(parsed(page(`<main>${records}</main>`)), { headline: null, images: false }), []);
  // A paywall after an article's one free paragraph: one long paragraph beside it is prose enough.
  const free = `<p>${PROSE[0]} ${PROSE[1]} ${PROSE[2]}</p>`;
  const gate = `<aside class="gate"><h3>Choose your access and read on:</h3><form><div>Digital, 4 euros a month<button>Choose</button></div></form></aside>`;
  assert.deepEqual(contractCuts(parsed(page(`<section>${free}${gate}</section>`)), { headline: null, images: false }).map(([el]) => el.tag), ['aside']);
  assert.deepEqual(contractCuts(parsed(page(`<section><p>${PROSE[0]}</p>${gate}</section>`)), { headline: null, images: false }), [], 'one short paragraph is a record, not a flow');
  // Through extract(): the article's paragraphs stay and the pitch goes.
  const r = extract(page(at(`<div><p>Become a member for 5 euros a month and read every story ad-free.</p><a href="/join">Subscribe now</a></div>`)));
  assert.doesNotMatch(r.text, /Become a member|Subscribe now/);
  for (const p of PROSE) assert.ok(r.text.includes(p));
});

test('contract: a read-next line between the paragraphs is cut; a link in a sentence, a reference and a record are not', () => {
  const at = (line: string): string => `<article><h1>Volunteers bring the old mill back to life</h1><p>${PROSE[0]}</p><p>${PROSE[1]}</p>${line}<p>${PROSE[2]}</p><p>${PROSE[3]}</p></article>`;
  const cut = (line: string): string[] => contractCuts(parsed(page(at(line))), { headline: null, images: false }).map(([el]) => el.classId.trim());
  // A label, then one link to another story holding most of the line, in any language and markup.
  assert.deepEqual(cut(`<p class="r1">Read more: <a href="/s/1">The bakery that kept the village fed in the war</a></p>`), ['r1']);
  assert.deepEqual(cut(`<p class="r2"><strong>Lesen Sie auch:</strong> <a href="/s/2">Die Mühle am Fluss dreht sich wieder</a>.</p>`), ['r2']);
  assert.deepEqual(cut(`<h3 class="r3">Schon gelesen? <a href="/s/3">Wie die Eichen am Treidelpfad fielen</a></h3>`), ['r3']);
  // Between a standfirst heading and an empty spacer paragraph: the prose after the spacer counts.
  const spaced = `<article><h2>${PROSE[0]}</h2><h3 class="r4">MIRA: <a href="/s/9">La panadería que alimentó al pueblo</a></h3><p></p><p>${PROSE[1]}</p><p>${PROSE[2]}</p></article>`;
  assert.deepEqual(contractCuts(parsed(page(spaced)), { headline: null, images: false }).map(([el]) => el.classId.trim()), ['r4']);
  // A sentence before the link, words or a colon after it, a short link, a URL: prose and references.
  assert.deepEqual(cut(`<p class="x1">The mill was rebuilt once before. <a href="/s/4">We told that story in 2009</a></p>`), []);
  assert.deepEqual(cut(`<p class="x2">Via the <a href="/s/5">miller's own weekly newsletter</a>:</p>`), []);
  assert.deepEqual(cut(`<p class="x3">See: <a href="/s/6">the archive</a></p>`), []);
  assert.deepEqual(cut(`<p class="x4">Website: <a href="https://mill.example.org/">https://mill.example.org/</a></p>`), []);
  assert.deepEqual(cut(`<p class="x5">Greg — <a href="#c12">July 10th, 2012, 8:20 am</a></p>`), [], 'a comment header is no label');
  // Not set between paragraphs of prose: a list of links (a record among records) stays for the model.
  const list = `<div class="n1">Related: <a href="/s/7">The bakery that kept the village fed</a></div><div class="n2">Related: <a href="/s/8">How the oaks along the towpath fell</a></div>`;
  assert.deepEqual(contractCuts(parsed(page(`<main>${list}</main>`)), { headline: null, images: false }), []);
  // Through extract(): the article's paragraphs stay and the line goes.
  const r = extract(page(at(`<p>Read more: <a href="/s/1">The bakery that kept the village fed in the war</a></p>`)));
  assert.doesNotMatch(r.text, /Read more|fed in the war/);
  for (const p of PROSE) assert.ok(r.text.includes(p));
});

test('contract: the headline shown again is cut, with the breadcrumb trail it ends; a sentence or a lead paragraph naming it is not', () => {
  const H = 'Volunteers bring the old mill back to life';
  const cutsOf = (inner: string): string[] => {
    const doc = parsed(page(inner));
    const headline = doc.elements.find((e) => e.tag === 'h1')!;
    return contractCuts(doc, { headline, images: false }).map(([el]) => el.classId.trim() || el.tag);
  };
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  // A trail of links ending in the headline, as a list or as links and separators in a <div>.
  assert.deepEqual(cutsOf(`<ol class="crumbs"><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li><a href="/s/1">${H}</a></li></ol><h1>${H}</h1>${body}`), ['crumbs', 'h1']);
  assert.deepEqual(cutsOf(`<div class="trail">You are here: <a href="/">Home</a> &gt; <a href="/news">News</a> &gt; <span>${H.toUpperCase()}</span></div><h1>${H}</h1>${body}`), ['trail', 'h1']);
  // The last crumb as bare text, no element of its own (found by trying a news page as a user would).
  assert.deepEqual(cutsOf(`<nav class="bare">Start › <a href="/">Home</a> › <a href="/news">News</a> › ${H}</nav><h1>${H}</h1>${body}`), ['bare', 'h1']);
  // Not a line that links the headline and ends in a colon (a trackback list's intro), nor a
  // trail ending in other words.
  assert.deepEqual(cutsOf(`<h1>${H}</h1>${body}<p class="tb">Links that reference <a href="/s/1">${H}</a>:</p>`), ['h1']);
  assert.deepEqual(cutsOf(`<nav class="other"><a href="/">Home</a> › <a href="/news">News</a> › Volunteers bring the harbour back to life</nav><h1>${H}</h1>${body}`), ['h1']);
  // A sticky bar repeating it, case and punctuation aside; not the list of stories holding it.
  assert.deepEqual(cutsOf(`<h1>${H}</h1>${body}<div class="sticky"><span>${H}!</span></div>`), ['h1', 'sticky']);
  // A link in a sentence, and a paragraph (or a line of one) after the headline restating it: text.
  assert.deepEqual(cutsOf(`<h1>${H}</h1><p>${PROSE[0]} Our report <a href="/s/1">${H}</a> said so.</p>${body}`), ['h1']);
  assert.deepEqual(cutsOf(`<h1>${H}</h1><p><strong>${H}</strong><br><em>A report from the valley</em></p>${body}`), ['h1']);
  // A short headline is a label the page may use again ("Contact").
  assert.deepEqual(cutsOf(`<nav><a href="/">Home</a><a href="/c">Contact</a></nav><h1>Contact</h1>${body}`), ['h1']);
  // A trail whose last crumb shortens the headline to its first words (or an ellipsis), in any
  // script; not a trail with a crumb after it, nor one ending in other words.
  assert.deepEqual(cutsOf(`<nav class="crumbs"><a href="/">Home</a> &gt; <a href="/news">News</a> &gt; <span>Volunteers bring the old mill…</span></nav><h1>${H}</h1>${body}`), ['crumbs', 'h1']);
  const ja = (crumb: string): string[] => {
    const doc = parsed(page(`<nav class="crumbs"><a href="/">トップ</a> &gt; <a href="/science">科学</a> &gt; ${crumb}</nav><h1>新型ロケット、打ち上げに成功　種子島宇宙センター</h1>${body}`));
    return contractCuts(doc, { headline: doc.elements.find((e) => e.tag === 'h1')!, images: false }).map(([el]) => el.classId.trim() || el.tag);
  };
  assert.deepEqual(ja('<span>新型ロケット、打ち上げに成功</span>'), ['crumbs', 'h1']);
  assert.deepEqual(ja('<span>新型ロケット、打ち上げに成功</span> &gt; <a href="/x">写真特集</a>'), ['h1']);
  assert.deepEqual(cutsOf(`<nav class="crumbs"><a href="/">Home</a> &gt; <a href="/news">News</a> &gt; <span>Volunteers bring the harbour back</span></nav><h1>${H}</h1>${body}`), ['h1']);
  // Through extract(): the trail goes, the body stays.
  const r = extract(page(`<ul class="crumbs"><li><a href="/">Home</a></li><li><a href="/news">News</a></li><li>${H}</li></ul><article><h1>${H}</h1>${body}</article>`));
  assert.doesNotMatch(r.text, /Home|News|Volunteers bring/);
  for (const p of PROSE) assert.ok(r.text.includes(p));
});

test('contract: a headline shown in a plain element (no <h1>) leaves the body; title: true puts it in front once', () => {
  const H = 'Volunteers bring the old mill back to life';
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  const html = `<html><head><title>Valley Weekly: News, Sports and Weather from the Valley | ${H}</title></head><body>`
    + `<table><tr><td><font size="4"><b>${H}</b></font><br>${body}</td></tr></table></body></html>`;
  const r = extract(html);
  assert.equal(r.title, H);
  assert.ok(!r.text.includes(H), r.text);
  for (const p of PROSE) assert.ok(r.text.includes(p));
  const withTitle = extract(html, { title: true });
  assert.equal(withTitle.text.split(H).length, 2, withTitle.text);
  assert.ok(withTitle.text.startsWith(H));
});

test('contract: a credit or source line is cut unless byline: true; a sentence with a colon is not', () => {
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  const cutsOf = (line: string, byline = false): string[] =>
    contractCuts(parsed(page(`<article>${body}${line}</article>`)), { headline: null, images: false, byline }).map(([el]) => el.classId.trim());
  assert.deepEqual(cutsOf('<p class="c1">Quelle: Landesregierung</p>'), ['c1']);
  assert.deepEqual(cutsOf('<div class="c2">Image: © Silke Woweries/Getty Images</div>'), ['c2']);
  assert.deepEqual(cutsOf('<p class="c3">(Foto: dpa)</p>'), ['c3']);
  assert.deepEqual(cutsOf('<p class="c5">\n        (<span><a href="/u/riivka"><em>Source: Riivka</em></a></span>)\n      </p>'), ['c5'], 'the label past the indentation and a parenthesis');
  // Pretty-printed markup: the indentation between the tags is no part of the line's length.
  const pad = '\n' + ' '.repeat(140);
  assert.deepEqual(cutsOf(`<div class="c6">${pad}<span>${pad}Źródło:${pad}</span>${pad}<span>${pad}<span>Statista.com</span>${pad}</span>${pad}</div>`), ['c6'], 'indentation before the label');
  assert.deepEqual(cutsOf('<p class="c7">Titelbild: Geyres Christophe/ABACA/picture-alliance</p>'), ['c7'], 'a German compound label');
  assert.deepEqual(cutsOf('<div class="c8">Photo credit: Catwalkpictures</div>'), ['c8'], 'a two-word label');
  // A caption that ends in its photo's copyright, and a copyright line.
  assert.deepEqual(cutsOf('<p class="c9">Johannes Bø will für Furore sorgen. © AFP / Marco Bertorello</p>'), ['c9']);
  assert.deepEqual(cutsOf('<div class="c10">The wheel in 1920. | &copy; Valley Archive/Getty Images</div>'), ['c10']);
  assert.deepEqual(cutsOf('<small class="c11">© 2025 Valley News Ltd. All rights reserved.</small>'), ['c11']);
  assert.deepEqual(cutsOf('<p class="c12">The wheel in 1920. © Valley Archive</p>', true), [], 'byline: true keeps it');
  // A © far from the line's end is in a sentence; one after a Latin-1 letter is mojibake.
  assert.deepEqual(cutsOf('<p class="x5">The mill\'s logo (© 1920, the miller\'s guild) was painted on the wheel by the volunteers when it turned again in May.</p>'), []);
  assert.deepEqual(cutsOf('<p class="x6">Report bugs to the list â¨bug-mill@example.orgâ©.</p>'), []);
  assert.deepEqual(cutsOf('<p class="x8">Signs: AT&amp;T, &amp;copy; written out, © as a sign, café and naïve.</p>'), [], 'the sign written about');
  assert.deepEqual(cutsOf('<p class="c13">Schneeräumpflicht – was man wissen muss © rike/pixelio.de</p>'), ['c13'], 'a credit that is a domain');
  assert.deepEqual(cutsOf('<p class="c4">Source: The Associated Press</p>', true), [], 'byline: true keeps it');
  // A sentence that starts with the word, a long text after the label, a label inside a sentence: text.
  assert.deepEqual(cutsOf('<p class="x7">Bildung: Schulen und Hochschulen</p>'), [], 'a word that begins like a label');
  assert.deepEqual(cutsOf('<p class="x1">Source: the mill\'s own ledgers, kept since 1820 by four generations of millers and now in the village archive</p>'), []);
  assert.deepEqual(cutsOf('<p class="x2">Photos of the wheel were taken by the volunteers.</p>'), []);
  assert.deepEqual(cutsOf('<p class="x3">The miller wrote in his diary that the source of the river had dried up; <small class="x4">source: diary</small> and more.</p>'), []);
});

test('contract: a dialog opened on demand is cut at any share, unless it holds the headline', () => {
  // A long policy in a modal outweighs a short product description: still not content.
  const policy = Array.from({ length: 12 }, (_, i) => `<p>Section ${i + 1}. We process personal information for the purposes set out in this notice, and keep it no longer than the law requires of us.</p>`).join('');
  for (const dialog of [`<div aria-modal="true" role="dialog">${policy}</div>`, `<dialog>${policy}</dialog>`]) {
    const html = page(`<main><h1>Volunteers bring the old mill back to life</h1><p>${PROSE[0]}</p><p>${PROSE[1]}</p></main><footer>${dialog}</footer>`);
    const r = extract(html);
    assert.match(r.text, /old mill on the river/);
    assert.doesNotMatch(r.text, /personal information/, dialog.slice(0, 30));
  }
  // An open <dialog> is shown; a story in a lightbox (the headline inside the modal) is the content.
  const open = parsed(page(`<h1>Volunteers bring the old mill back to life</h1><p>${PROSE[0]}</p><dialog open>${policy}</dialog>`));
  assert.equal(contractCuts(open, { headline: null, images: false }).length, 0);
  const lightbox = page(`<div aria-modal="true"><h1>Volunteers bring the old mill back to life</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</div>`);
  assert.match(extract(lightbox).text, /grind flour again/);
});

test('contract: a <noscript> naming JavaScript (in any language) or holding markup as text is cut; other <noscript> content is read', () => {
  const article = PROSE.map((p) => `<p>${p}</p>`).join('');
  const notices = ['Please enable JavaScript to view the comments.', 'JavaScript ist in Ihrem Browser deaktiviert.', '現在JavaScriptが無効になっています。',
    // A page saved by a browser running scripts: the <noscript>'s markup is its text.
    '&lt;img width=1 height=1 alt="" src="https://example.org/pixel?p=1"&gt;'];
  for (const notice of notices) {
    const r = extract(page(`<main><h1>Volunteers bring the old mill back to life</h1>${article}<noscript><p>${notice}</p></noscript></main>`));
    assert.match(r.text, /grind flour again/);
    assert.doesNotMatch(r.text, /JavaScript|pixel/, notice);
  }
  // Forum software serves its thread in <noscript>: that is the page's content.
  const served = parsed(page(`<noscript><h1>Volunteers bring the old mill back to life</h1>${article}</noscript>`));
  assert.equal(contractCuts(served, { headline: null, images: false }).length, 0);
  // A script's empty shell shows nothing: a short notice goes even when it is all the page holds,
  // and the diagnostic says to render the page.
  const shell = extract(page('<noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div>'));
  assert.equal(shell.text, '');
  assert.match(shell.diagnostics.find((d) => d.code === 'W_NO_CONTENT')?.message ?? '', /JavaScript.*--render/);
  // The CLI prints the empty text, and why, on stderr.
  const cli = spawnSync(process.execPath, [fileURLToPath(new URL('../src/cli/main.js', import.meta.url)), 'extract', '-'],
    { input: page('<noscript>Please enable JavaScript.</noscript>'), encoding: 'utf8' });
  assert.equal(cli.status, 0, cli.stderr);
  assert.equal(cli.stdout.trim(), '');
  assert.match(cli.stderr, /W_NO_CONTENT: .*--render/);
});

test('contract: title: true puts the headline first in text, Markdown and HTML', () => {
  const html = page(`<article><h1>Volunteers bring the old mill back to life</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article>`);
  const r = extract(html, { title: true, formats: ['markdown', 'html'] });
  assert.match(r.text, /^Volunteers bring the old mill back to life\nThe old mill/);
  assert.match(r.markdown!, /^# Volunteers bring the old mill back to life\n\nThe old mill/);
  assert.match(r.html!, /<body>\n<h1 data-thresher="title">Volunteers bring the old mill back to life<\/h1>/);
});

test('contract: a page whose article is only in its JSON-LD gives that article, recorded as a json attempt', () => {
  const body = PROSE.join('\n');
  const head = `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', headline: 'Mill', articleBody: body })}</script>`;
  const r = extract(page('<div id="app">Loading…</div>', head), { formats: ['markdown', 'html'] });
  assert.equal(r.text, body);
  assert.equal(r.attempts.at(-1)!.algorithm, 'json');
  assert.ok(r.attempts.at(-1)!.accepted);
  assert.equal(r.attempts.filter((a) => a.accepted).length, 1);
  assert.match(r.markdown!, /^The old mill.*\n\nMost of the timber/);
  assert.match(r.html!, /<p>The old mill/);
  // A visible article wins over the JSON.
  const visible = extract(page(`<article>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article>`, head));
  assert.notEqual(visible.attempts.at(-1)!.algorithm, 'json');
});

test('json article: short or absent JSON text is no article; Markdown escapes what would be markup', () => {
  assert.equal(jsonArticle(undefined, ''), null);
  assert.equal(jsonArticle('Too short.', ''), null);
  assert.equal(jsonArticle(PROSE.join('\n'), 'x'.repeat(10_000)), null);
  const md = jsonArticle(`# not a heading\n${PROSE.join(' ')} with *stars*`, '')!.markdown;
  assert.match(md, /^\\# not a heading\n\n.*\\\*stars\\\*/);
});

test('json article: the standfirst the page shows and the JSON body leaves out opens the article', () => {
  const standfirst = 'Snow on a solar roof costs more than a day of power: its weight strains the panels and their mounts.';
  const body = PROSE.join('\n');
  assert.equal(jsonArticle(body, `${standfirst}\nSubscribe`, standfirst)!.text, `${standfirst}\n${body}`);
  // Not when the page does not show it, nor when the JSON body already holds it, nor for a label.
  assert.equal(jsonArticle(body, 'Subscribe', standfirst)!.text, body);
  assert.equal(jsonArticle(`${standfirst}\n${body}`, standfirst, standfirst)!.text, `${standfirst}\n${body}`);
  assert.equal(jsonArticle(body, 'News in brief', 'News in brief')!.text, body);
});

test('json article: beside a short article, taken only when the kept text is a small part of it and shows none of it', () => {
  const long = [...PROSE, ...PROSE.map((p) => p.replace(/the /g, 'that ')), ...PROSE.map((p) => p.replace(/a /g, 'one '))].join('\n');
  const caption = 'Volunteers on the roof of the mill in March. Photo: Valley News archive. By Jane Doe, staff reporter, with additional reporting from the valley bureau. Subscribe for unlimited access to every story, from 1 euro a month, and cancel at any time you wish.';
  assert.ok(caption.length >= SHORT_ARTICLE_CHARS && 3 * caption.length <= long.length);
  assert.equal(jsonArticle(long, caption)!.text, long);
  // A kept lead that repeats the article: the visible page shows it, it stays.
  assert.equal(jsonArticle(long, PROSE.slice(0, 2).join('\n')), null);
  // Kept text a third of the JSON's length or more: the visible page is taken as the article.
  assert.equal(jsonArticle(PROSE.join('\n'), caption), null);
  // Through extract(): the caption and byline give way to the article the JSON-LD holds.
  const head = `<script type="application/ld+json">${JSON.stringify({ '@type': 'NewsArticle', headline: 'Mill', articleBody: long })}</script>`;
  const r = extract(page(`<h1>Volunteers bring the old mill back to life</h1><figure><img src="m.jpg"><figcaption>${caption}</figcaption></figure><div class="paywall"><p>${caption}</p></div>`, head));
  assert.equal(r.text, long);
  assert.equal(r.attempts.at(-1)!.algorithm, 'json');
});

test('modes: precision keeps a subset of balanced, balanced a subset of recall', () => {
  assert.ok(MODE_BIAS.precision < MODE_BIAS.balanced && MODE_BIAS.balanced < MODE_BIAS.recall);
  const p = Float64Array.from([0.1, 0.5, 0.9]);
  assert.deepEqual([...shiftLogOdds(p, 0)].map((x) => +x.toFixed(9)), [0.1, 0.5, 0.9]);
  assert.ok(shiftLogOdds(p, -1).every((x, i) => x < p[i]));
  const html = page(`<nav><a href="/">Home</a> <a href="/a">About us</a></nav><article>${PROSE.map((q) => `<p>${q}</p>`).join('')}<p>Share this story</p><p>Filed under: mills, rivers, volunteers</p></article><aside><p>Most read today: a fox in the bakery</p></aside>`);
  const lines = (mode: 'precision' | 'balanced' | 'recall') => new Set(extract(html, { mode }).text.split('\n'));
  const [pr, ba, re] = [lines('precision'), lines('balanced'), lines('recall')];
  for (const l of pr) assert.ok(ba.has(l), `precision kept "${l}" that balanced dropped`);
  for (const l of ba) assert.ok(re.has(l), `balanced kept "${l}" that recall dropped`);
  assert.throws(() => extract(html, { mode: 'greedy' as never }), { code: 'E_BAD_OPTION' });
});

test('repeated text: a kept unit repeating one of another container is dropped; siblings and short units may repeat', () => {
  const doc = parsed(page(`<div><p>${PROSE[0]}</p><p>Read more</p><p>${PROSE[1]}</p><p>Read more</p><p>${PROSE[1]}</p></div><div><p>${PROSE[0]}</p></div>`));
  const units = textUnits(doc);
  const keep = units.map(() => true);
  dropRepeatedText(units, keep);
  assert.deepEqual(keep, [true, true, true, true, true, false]);
});

test('comments: units are grouped per child of their thread', () => {
  const doc = parsed(page(`<ol id="thread"><li><p>First comment words here</p><p>and more</p></li><li><p>Second comment</p></li></ol>`));
  const ps = doc.elements.filter((e) => e.tag === 'p');
  assert.deepEqual(groupByThread(ps).map((g) => g.units.length), [2, 1]);
  assert.deepEqual(groupByThread(ps).map((g) => g.record.tag), ['li', 'li']);
  assert.deepEqual(groupByThread([]), []);
});

test('comments: a declared thread under an article is cut; declared threads holding most of the page are its content (a forum)', () => {
  const post = (i: number) => `<div class="comment"><p>${PROSE[i]}</p></div>`;
  const article = page(`<article><h1>Volunteers bring the old mill back to life</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article>` +
    `<section id="comments">${post(0).replace(PROSE[0], 'What a lovely story, thanks for writing it up for us all.')}</section>`);
  const a = extract(article).text;
  assert.ok(a.includes(PROSE[3]) && !a.includes('What a lovely story'), a);
  const forum = page(`<h1>Who rebuilt the old mill?</h1><div class="comments">${[0, 1, 2, 3].map(post).join('')}</div>`);
  const f = extract(forum).text;
  for (const p of PROSE) assert.ok(f.includes(p), `forum post kept: ${p.slice(0, 30)}`);
});

test('conventions: dragnet lists comments after the body, dragnet, l3s-gn1 and big9 put the title first, the inclusive truths keep the byline', () => {
  assert.deepEqual(conventionOptions('dragnet'), { title: true, comments: true, byline: true });
  assert.deepEqual(conventionOptions('cleaneval'), { byline: true });
  assert.deepEqual(conventionOptions('l3s-gn1'), { title: true, byline: true });
  assert.deepEqual(conventionOptions('big9'), { title: true });
  assert.deepEqual(conventionOptions('wcxb-dev'), {});
  assert.equal(conventionText({ text: 'Body', comments: [{ text: 'One', markdown: 'One' }, { text: 'Two', markdown: 'Two' }] }), 'Body\nOne\nTwo');
  assert.equal(conventionText({ text: 'Body' }), 'Body');
});

test('metadata: the result carries it, and debug says where each field came from', () => {
  const head = '<meta property="og:site_name" content="Valley News"><link rel="canonical" href="https://valley.example/mill">' +
    '<script type="application/ld+json">{"@type":"NewsArticle","headline":"Volunteers bring the old mill back to life","datePublished":"2026-05-02T09:30:00+02:00","author":{"@type":"Person","name":"Ada Miller"}}</script>';
  const r = extract(page(`<article><h1>Volunteers bring the old mill back to life</h1>${PROSE.map((p) => `<p>${p}</p>`).join('')}</article>`, head), { url: 'https://valley.example/mill', debug: true });
  assert.equal(r.metadata.title, 'Volunteers bring the old mill back to life');
  assert.deepEqual(r.metadata.authors, ['Ada Miller']);
  assert.equal(r.metadata.published, '2026-05-02T09:30:00+02:00');
  assert.equal(r.metadata.siteName, 'Valley News');
  assert.equal(r.metadata.canonicalUrl, 'https://valley.example/mill');
  assert.equal(r.metadataSources!.published, 'json-ld');
  assert.equal(extract(page('<p>x</p>')).metadataSources, undefined);
});

test('contract: one article per page: a second <article> with its own <h1> goes; an <h1> inside the page\'s own article, or repeating the headline, stays', () => {
  const body = PROSE.map((p) => `<p>${p}</p>`).join('');
  const second = `<article><h1>Ferry timetable changes for the summer</h1><p>The ferry will run every hour from June, the operator said, and the last boat leaves at eleven at night.</p></article>`;
  const r = extract(page(`<article><h1>Volunteers bring the old mill back to life</h1>${body}</article>${second}`));
  assert.match(r.text, /The old mill on the river/);
  assert.doesNotMatch(r.text, /ferry|Ferry/);
  const doc = parsed(page(`<article><h1>Volunteers bring the old mill back to life</h1>${body}<h1>How the wheel works</h1>${body}</article>`));
  const headline = doc.elements.find((e) => e.tag === 'h1')!;
  assert.deepEqual(contractCuts(doc, { headline, images: false }).map(([el]) => el.tag), ['h1']);
  // A theme's hero banner shows the headline above the <article>, which opens with it again: that
  // article is the page's own story, not the next one.
  const hero = parsed(page(`<header><h1>Volunteers bring the old mill back to life</h1></header><article><h1>Volunteers bring the old mill back to life</h1>${body}</article><aside>${body}${body}</aside>`));
  const [banner, own] = hero.elements.filter((e) => e.tag === 'h1');
  const cuts = contractCuts(hero, { headline: banner, images: false }).map(([el]) => el);
  assert.ok(!cuts.some((el) => el.tag === 'article'));
  assert.ok(cuts.includes(own), 'the repeat of the headline is still cut');
});
