/** units.ts: a page's text units and inline spans, as the site model maps template text back onto elements. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { unitText } from '../src/page/block-features.js';
import { pageUnits, coverUnits, unitLines } from '../src/site/units.js';
import { synthSite, SYNTH_TEMPLATES } from '../src/synth/index.js';

const doc = (html: string) => { const d = parseHtml(html); computeFeatures(d); return d; };

test('units: each unit\'s text is the page level\'s unitText, and each inline span holds its element\'s text', () => {
  fc.assert(fc.property(fc.integer({ min: 0, max: 10_000 }), fc.constantFrom(...SYNTH_TEMPLATES), (seed, template) => {
    const [p] = synthSite({ seed, pages: 1, template });
    for (const u of pageUnits(doc(p.html))) {
      assert.equal(u.text, unitText(u.el));
      for (const s of u.inline) {
        const own = unitText(s.el);
        assert.equal(u.text.slice(s.start, s.end).trim(), own, `${s.el.tag} in ${u.el.tag}`);
      }
    }
  }), { numRuns: 25 });
});

test('units: whitespace, nested blocks and inline runs', () => {
  const units = pageUnits(doc('<body><div>  lead <b> bold\n text </b><p>inner   para</p> tail <a href="#">x</a></div></body>'));
  assert.deepEqual(units.map((u) => u.text), ['lead bold text tail x', 'inner para']);
  const [div] = units;
  assert.deepEqual(div.inline.map((s) => [s.el.tag, div.text.slice(s.start, s.end)]), [['b', 'bold text'], ['a', 'x']]);
  assert.equal(unitLines(units), 'lead bold text tail x\ninner para');
});

test('coverUnits: removed intervals of the joined lines mapped back; anchored keeps only runs at a unit\'s edges', () => {
  const units = pageUnits(doc('<body><p>Share this <span>now</span> please</p><p>alpha beta gamma</p></body>'));
  const text = unitLines(units); // "Share this now please\\nalpha beta gamma"
  const mid = text.indexOf('beta');
  const removed: Array<[number, number]> = [[0, 10], [mid, mid + 4]];
  const flat = coverUnits(units, removed, false);
  assert.deepEqual(flat.map((c) => [c.total, c.gone]), [[18, 9], [14, 4]]);
  const anchored = coverUnits(units, removed, true);
  assert.deepEqual(anchored.map((c) => c.gone), [9, 0]); // "beta" sits inside its line: not template
  const all = coverUnits(units, [[0, text.indexOf('\n')]], true);
  assert.deepEqual(all[0].spans, [true]);
  assert.deepEqual(all[1].gone, 0);
});
