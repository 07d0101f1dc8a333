/** Golden fixtures for site models: test/fixtures/site/<case>/ (scripts/add-site-fixture.mjs records one). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderExpected } from './fixture-format.js';
import { runSiteFixture } from './site-golden.js';

const ROOT = fileURLToPath(new URL('../../test/fixtures/site', import.meta.url));

for (const name of readdirSync(ROOT).sort()) {
  test(`site fixture ${name}: the site model's extraction equals expected.md`, () => {
    const dir = join(ROOT, name);
    const file = join(dir, 'expected.md');
    assert.ok(existsSync(file), `${file} is missing: record it with node scripts/add-site-fixture.mjs ${name} and review it`);
    const { page, site } = runSiteFixture(dir);
    assert.equal(renderExpected(site), readFileSync(file, 'utf8'));
    // the model changed something the page level kept, and only removed
    assert.notEqual(site.text, page.text);
    for (const line of site.text.split('\n')) assert.ok(page.text.includes(line), line);
  });
}
