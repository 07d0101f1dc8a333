/** Canonical composition of the outputs (src/text/unicode.ts) and its place in extract(). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { toNfc } from '../src/text/unicode.js';
import { extract } from '../src/index.js';

test('toNfc: is NFC on any string, and leaves composed text as it is (property)', () => {
  fc.assert(fc.property(fc.string({ unit: 'grapheme-composite' }), (s) => {
    const n = toNfc(s);
    assert.equal(n, s.normalize('NFC'));
    assert.equal(toNfc(n), n);
  }));
  assert.equal(toNfc('gepru\u0308ft'), 'geprüft');
  // Compatibility forms are not canonical equivalents: NFC keeps them (NFKC would not).
  assert.equal(toNfc('ﬁne ２ x²'), 'ﬁne ２ x²');
});

test('extract: the text, title, markdown and html come out composed; normalizeUnicode: false keeps the page\'s code points', () => {
  const d = (s: string) => s.normalize('NFD');
  const page = `<html><head><title>${d('Prüfung der Kindersitze')}</title></head><body><article><h1>${d('Prüfung der Kindersitze')}</h1>` +
    `<p>${d('Besonders bei Babyschalen sollte geprüft werden, ob die Gurtlänge im Fahrzeug ausreicht, um den Sitz sicher anzuschnallen.')}</p>` +
    `<p>${d('Ist der Gurt zu kurz für eine herkömmliche Babyschale, lässt sich eventuell eine Schale mit separater Basis montieren.')}</p></article></body></html>`;
  const r = extract(page, { formats: ['markdown', 'html'] });
  assert.equal(r.title, 'Prüfung der Kindersitze');
  assert.match(r.text, /sollte geprüft werden/);
  assert.equal(r.text, r.text.normalize('NFC'));
  assert.match(r.markdown!, /sollte geprüft werden/);
  assert.match(r.html!, /sollte geprüft werden/);
  const raw = extract(page, { normalizeUnicode: false });
  assert.match(raw.text, /sollte gepru\u0308ft werden/);
  // Each repair can be turned off alone.
  assert.match(extract(page, { repairMojibake: false }).text, /sollte geprüft werden/);
});
