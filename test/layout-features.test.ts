/**
 * The units' layout features (src/page/layout-features.ts) on synthetic layouts whose boxes are
 * known, and the learned labeler with a model that reads them: its first pass sees the layout
 * columns after the block features, and it refuses to run without a layout.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';
import type { DomDocument } from '../src/dom/node.js';
import { ThresherError } from '../src/errors.js';
import { extract } from '../src/index.js';
import { N_BLOCK_FEATURES, textUnits, unitText } from '../src/page/block-features.js';
import { BLOCK_MODEL } from '../src/page/block-model.generated.js';
import { LAYOUT_FEATURES, N_LAYOUT_FEATURES, layoutFeatures, widenRows } from '../src/page/layout-features.js';
import type { BlockModel } from '../src/page/learned.js';
import { buildSyntheticPage, type PageSpec } from '../src/visual/synthetic-layout.js';

const FIXTURES = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'test', 'fixtures', 'dvps');
const at = (name: string) => LAYOUT_FEATURES.indexOf(name);

function load(name: string): { doc: DomDocument; html: string; layout: ReturnType<typeof buildSyntheticPage>['layout'] } {
  const page = buildSyntheticPage(JSON.parse(readFileSync(join(FIXTURES, name, 'spec.json'), 'utf8')) as PageSpec);
  const doc = parseHtml(page.html);
  computeFeatures(doc);
  return { doc, html: page.html, layout: page.layout };
}

function rowOf(doc: DomDocument, rows: Float32Array, text: string): Float32Array {
  const units = textUnits(doc);
  const k = units.findIndex((u) => unitText(u).includes(text));
  assert.ok(k >= 0, `a unit holds "${text}"`);
  return rows.subarray(k * N_LAYOUT_FEATURES, (k + 1) * N_LAYOUT_FEATURES);
}

describe('layout features', () => {
  test('news-two-column: the story is in the main column, the sidebar is not; shares and positions in range', () => {
    const { doc, layout } = load('news-two-column');
    const units = textUnits(doc);
    const rows = layoutFeatures(doc, units, layout);
    assert.equal(rows.length, units.length * N_LAYOUT_FEATURES);
    const story = rowOf(doc, rows, 'The harvest came in late that year');
    const side = rowOf(doc, rows, 'Most read');
    assert.equal(story[at('lay_visible')], 1);
    assert.ok(story[at('lay_main_column')] > 0.9, `story in the main column: ${story[at('lay_main_column')]}`);
    assert.ok(side[at('lay_main_column')] < 0.1, `sidebar outside it: ${side[at('lay_main_column')]}`);
    assert.ok(side[at('lay_x')] > story[at('lay_x')], 'the sidebar is right of the story');
    for (let k = 0; k < units.length; k++) {
      const r = rows.subarray(k * N_LAYOUT_FEATURES, (k + 1) * N_LAYOUT_FEATURES);
      if (r[at('lay_visible')] !== 1) continue;
      for (const f of ['lay_x', 'lay_y', 'lay_main_column']) assert.ok(r[at(f)] >= 0 && r[at(f)] <= 1, `${f} = ${r[at(f)]}`);
      assert.ok(r[at('lay_font')] > 0);
    }
  });

  test('hidden-content: what the browser hides is not visible; the body text has font ratio 1', () => {
    const { doc, layout } = load('hidden-content');
    const units = textUnits(doc);
    const rows = layoutFeatures(doc, units, layout);
    const vis = units.map((_, k) => rows[k * N_LAYOUT_FEATURES + at('lay_visible')]);
    assert.ok(vis.includes(0) && vis.includes(1));
    const fonts = units.map((_, k) => rows[k * N_LAYOUT_FEATURES + at('lay_font')]).filter((_, k) => vis[k] === 1);
    assert.ok(fonts.includes(1), 'the median body font is some unit\'s own');
  });

  test('widenRows puts each unit\'s layout columns after its block features', () => {
    const rows = Float32Array.from([1, 2, 3, 4, 5, 6]);
    const lay = Float32Array.from([7, 8, 9, 10]);
    assert.deepEqual([...widenRows(rows, 3, lay, 2)], [1, 2, 3, 7, 8, 4, 5, 6, 9, 10]);
  });
});

describe('a block model with layout features', () => {
  // The shipped model's first pass, with one more tree that reads lay_main_column: a unit outside
  // the main column loses 20 in log-odds. Only a first pass that sees the layout columns obeys it.
  const mainColumn = N_BLOCK_FEATURES + at('lay_main_column');
  const model: BlockModel = {
    ...BLOCK_MODEL,
    layoutFeatures: LAYOUT_FEATURES,
    gbdt: { ...BLOCK_MODEL.gbdt, nFeatures: N_BLOCK_FEATURES + N_LAYOUT_FEATURES, trees: [...BLOCK_MODEL.gbdt.trees,
      { feature: [mainColumn, -1, -1], threshold: [0.5, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -20, 0] }] },
  };

  test('the first pass reads the layout: units outside the main column are dropped', () => {
    const { html, layout } = load('news-two-column');
    const r = extract(html, { blockModel: model, layout, debug: true });
    assert.match(r.text, /The harvest came in late that year/);
    assert.doesNotMatch(r.text, /Most read/);
  });

  test('without a layout it is a typed option error', () => {
    const { html } = load('news-two-column');
    assert.throws(() => extract(html, { blockModel: model }), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION' && /layout/.test(e.message));
  });

  test('a model naming other layout features is refused (E_MODEL)', () => {
    const { html, layout } = load('news-two-column');
    assert.throws(() => extract(html, { blockModel: { ...model, layoutFeatures: ['lay_x'] }, layout }), (e: unknown) => e instanceof ThresherError && e.code === 'E_MODEL');
  });
});
