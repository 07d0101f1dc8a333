// Closed accordion and tab panels (src/dom/disclosures.ts) are content a reader opens; other
// hidden blocks stay hidden.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseHtml, parseHtmlReference } from '../src/dom/parse.js';
import type { DomDocument, DomElement } from '../src/dom/node.js';
import { extract } from '../src/index.js';

function byId(doc: DomDocument, id: string): DomElement {
  const stack: DomElement[] = [doc.root];
  while (stack.length) {
    const el = stack.pop()!;
    if (el.attr('id') === id) return el;
    for (const c of el.children) if (c.kind === 1) stack.push(c);
  }
  throw new Error(`no #${id}`);
}

const hiddenOf = (html: string, ids: string[]): boolean[][] =>
  [parseHtml(html), parseHtmlReference(html)].map((doc) => ids.map((id) => byId(doc, id).hidden));

test('disclosures: a hidden panel that a control names is shown, before or after the control', () => {
  const html = '<div id="p0" hidden><p>opened by a later button</p></div>' +
    '<button aria-expanded="false" aria-controls="p0">Q0</button>' +
    '<button aria-expanded="false" aria-controls="p1">Q1</button><div id="p1" style="display:none"><p>a1</p></div>' +
    '<a href="#" aria-controls="p2  p3">both</a><section id="p2" aria-hidden="true">x</section><div id="p3" hidden>y</div>';
  for (const flags of hiddenOf(html, ['p0', 'p1', 'p2', 'p3'])) assert.deepEqual(flags, [false, false, false, false]);
});

test('disclosures: a hidden tab panel is shown; a hidden block no control names stays hidden', () => {
  const html = '<div role="tablist"><span role="tab">Specs</span></div><div role="tabpanel" id="t1" hidden><p>Weight 2 kg</p></div>' +
    '<div role="tabpanel" id="t2" style="display: none"><p>Care</p></div>' +
    '<div id="paywall-copy" hidden><p>the article again</p></div><div id="named" aria-hidden="true">decorative</div>' +
    '<button aria-controls="elsewhere">x</button>';
  for (const flags of hiddenOf(html, ['t1', 't2', 'paywall-copy', 'named'])) assert.deepEqual(flags, [false, false, true, true]);
});

test('disclosures: an FAQ\'s closed answers are extracted; a hidden copy of the article is not', () => {
  const faq = [
    ['How long does delivery take?', 'Orders placed before noon leave the warehouse the same day and usually arrive within two working days anywhere on the mainland.'],
    ['Can I return a worn item?', 'Items can be returned within thirty days if they are unworn and still carry their labels; worn items are accepted only when faulty.'],
    ['Do you repair old boots?', 'The workshop resoles any pair we have made, whatever its age, and charges a flat fee that includes new laces and a polish.'],
  ];
  const items = faq.map(([q, a], i) =>
    `<h3><button aria-expanded="false" aria-controls="faq-${i}">${q}</button></h3><div id="faq-${i}" class="panel" hidden><p>${a}</p></div>`).join('');
  const html = '<html><head><title>Help and answers | Fellside Boots</title></head><body>' +
    '<nav><a href="/">Shop</a> <a href="/help">Help</a> <a href="/stories">Stories</a></nav>' +
    `<main><h1>Help and answers</h1><p>Everything you need to know about ordering, returning and repairing your boots, in one place.</p>${items}</main>` +
    '<div class="paywall-copy" hidden><p>A second, hidden copy of the help text that only scripts would ever show to subscribers.</p></div>' +
    '<footer><a href="/terms">Terms</a> <a href="/privacy">Privacy</a></footer></body></html>';
  const r = extract(html, { url: 'https://example.org/help' });
  for (const [, a] of faq) assert.ok(r.text.includes(a), `missing: ${a}\n---\n${r.text}`);
  assert.doesNotMatch(r.text, /hidden copy of the help text/);
});

test('disclosures: a submenu a button opens stays hidden inside the page\'s navigation, header or a menu', () => {
  const html = '<nav><button aria-expanded="false" aria-controls="m1">Products</button><ul id="m1" hidden><li><a href="/a">A</a></li></ul></nav>' +
    '<header><button aria-controls="m2">Search</button><div id="m2" hidden>search box</div></header>' +
    '<div role="menubar"><button aria-controls="m3">More</button><div id="m3" style="display:none">items</div></div>' +
    '<button aria-controls="m4">Account</button><ul role="menu" id="m4" hidden><li>Sign in</li></ul>';
  for (const flags of hiddenOf(html, ['m1', 'm2', 'm3', 'm4'])) assert.deepEqual(flags, [true, true, true, true]);
});
