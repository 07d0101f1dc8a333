/** The labels overlay (src/page/labels.ts): the one-pass forms agree with the per-element definitions. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import { CONTENT, Labels, NOISE, UNSET, type Label } from '../src/page/labels.js';

const doc = parseHtml('<body><div><p>a <b>b</b></p><ul><li>c<li><span>d</span></ul></div><section><div><p>e</p></div><aside>f</aside></section></body>');
computeFeatures(doc);

test('effectiveAll and contentRoots: the same as walking up from every element (property)', () => {
  const n = doc.elements.length;
  fc.assert(fc.property(fc.array(fc.constantFrom<Label>(UNSET, UNSET, CONTENT, NOISE), { minLength: n, maxLength: n }), (marks) => {
    const labels = new Labels(doc);
    marks.forEach((m, i) => { if (m !== UNSET) labels.set(doc.elements[i], m, 'test'); });
    const all = labels.effectiveAll();
    doc.elements.forEach((el, i) => assert.equal(all[i], labels.effective(el)));
    // The definition: CONTENT elements whose nearest labelled ancestor is not CONTENT.
    const nearestAbove = (i: number): Label => {
      for (let p = doc.elements[i].parent; p; p = p.parent) if (labels.get(p) !== UNSET) return labels.get(p);
      return UNSET;
    };
    const roots = doc.elements.filter((el, i) => labels.get(el) === CONTENT && nearestAbove(i) !== CONTENT);
    assert.deepEqual(labels.contentRoots(), roots);
  }), { numRuns: 300 });
});

test('cut: the element becomes NOISE and no label inside it survives, so nothing of it is rendered', () => {
  const labels = new Labels(doc);
  const section = doc.elements.find((e) => e.tag === 'section')!;
  const inner = doc.elements.find((e) => e.tag === 'p' && e.id > section.id)!;
  labels.set(doc.body!, CONTENT, 'root');
  labels.set(inner, CONTENT, 'kept unit');
  labels.cut(section, 'cut');
  assert.equal(labels.get(section), NOISE);
  assert.equal(labels.get(inner), UNSET);
  assert.equal(labels.effective(inner), NOISE);
  assert.equal(labels.reasons.has(inner.id), false);
  assert.deepEqual(labels.contentInside(section), []);
});
