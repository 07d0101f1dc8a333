// Golden fixtures for the default labeler: test/fixtures/default/<case>/input.html and expected.md
// (a ```json head with the page type, then the expected text). A missing expected file fails;
// `node scripts/add-default-fixture.mjs <case>` writes one from the current output for review.
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
    assert.ok(existsSync(expectedPath), `${expectedPath} is missing: write it with scripts/add-default-fixture.mjs and review it`);
    const r = extract(readFileSync(join(dir, 'input.html')), { algorithm: 'default' });
    assert.equal(renderExpected(r), readFileSync(expectedPath, 'utf8'));
  });
}

test('default: extraction is idempotent on its own clean HTML', () => {
  for (const name of readdirSync(ROOT).sort()) {
    const first = extract(readFileSync(join(ROOT, name, 'input.html')), { formats: ['html'] });
    if (first.pageType !== 'topic') continue;
    const second = extract(first.html!);
    assert.equal(second.text, first.text, name);
  }
});
