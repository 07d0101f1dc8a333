// Golden fixtures for the default labeler: test/fixtures/default/<case>/input.html and expected.md
// (a ```json head with the page type, then the expected text). A missing expected file fails;
// `node scripts/add-fixture.mjs default <case>` writes one from the current output for review.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from '../src/index.js';
import { renderExpected } from './fixture-format.js';

const ROOT = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'test', 'fixtures', 'default');

for (const name of readdirSync(ROOT).sort()) {
  test(`default fixture: ${name}`, () => {
    const dir = join(ROOT, name);
    const expectedPath = join(dir, 'expected.md');
    assert.ok(existsSync(expectedPath), `${expectedPath} is missing: write it with scripts/add-fixture.mjs default and review it`);
    // The structural stage, exactly: its choices are hand-designed and reviewed here.
    const r = extract(readFileSync(join(dir, 'input.html')), { algorithm: 'default', model: false });
    assert.equal(renderExpected(r), readFileSync(expectedPath, 'utf8'));
  });
}

// The learned stage is a statistical model: on these small hand-made pages it must agree with
// the reviewed expectations on most lines, not on every one (test/learned.test.ts tests it).
test('default fixtures: the learned stage agrees with the reviewed expectations (line F1 >= 0.8)', () => {
  for (const name of readdirSync(ROOT).sort()) {
    const expected = readFileSync(join(ROOT, name, 'expected.md'), 'utf8').split('```\n').pop()!.split('\n').filter(Boolean);
    const got = extract(readFileSync(join(ROOT, name, 'input.html'))).text.split('\n').filter(Boolean);
    const want = new Set(expected), have = new Set(got);
    const hit = got.filter((l) => want.has(l)).length;
    const p = got.length ? hit / got.length : 0, r = expected.length ? expected.filter((l) => have.has(l)).length / expected.length : 1;
    const f1 = p + r ? (2 * p * r) / (p + r) : 0;
    assert.ok(f1 >= 0.8, `${name}: line F1 ${f1.toFixed(2)}`);
  }
});

test('default: the structural labeler is idempotent on its own clean HTML; the learned one adds nothing on a second pass', () => {
  for (const name of readdirSync(ROOT).sort()) {
    const input = readFileSync(join(ROOT, name, 'input.html'));
    const structural = extract(input, { formats: ['html'], model: false });
    // The headline is the title on either pass, whether or not the first pass could tell it apart
    // (inside a hidden wrapper that holds the whole page, it may not).
    const again = extract(structural.html!, { model: false });
    const body = (r: { text: string }) => r.text.split('\n').filter((l) => l !== structural.title && l !== again.title).join('\n');
    if (structural.pageType === 'topic') assert.equal(body(again), body(structural), name);
    // The model sees a page without its chrome the second time and may drop a doubtful line more.
    const first = extract(input, { formats: ['html'] });
    const lines = new Set(first.text.split('\n'));
    for (const line of extract(first.html!).text.split('\n')) if (line) assert.ok(lines.has(line), `${name}: "${line}" is new`);
  }
});
