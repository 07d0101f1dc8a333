#!/usr/bin/env node
// Writes test/fixtures/<algorithm>/<case>/expected.md from the current output, for human review.
// Usage: npm run build && node scripts/add-fixture.mjs <algorithm> <case>
//   input.html must exist; an existing expected.md is never overwritten (delete it to re-record).
// The options are those the fixture tests use (test/default.test.ts, test/tagtree.test.ts,
// test/satisfiable.test.ts): the default labeler's structural stage alone (model: false), the
// paper labelers as they are. A golden fixture tests its own algorithm, so the script refuses a
// page on which the fallback cascade replaced the algorithm's result.
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { extract, ALGORITHMS } from '../dist/src/index.js';
import { renderExpected } from '../dist/test/fixture-format.js';

const OPTIONS = { default: { model: false }, tagtree: {}, satisfiable: {} };

const [algorithm, name] = process.argv.slice(2);
if (!algorithm || !name) { console.error(`usage: node scripts/add-fixture.mjs <${ALGORITHMS.join('|')}> <case>`); process.exit(2); }
if (!ALGORITHMS.includes(algorithm)) { console.error(`unknown algorithm "${algorithm}"; use one of ${ALGORITHMS.join(', ')}`); process.exit(2); }
const dir = `test/fixtures/${algorithm}/${name}`;
if (!existsSync(`${dir}/input.html`)) { console.error(`${dir}/input.html is missing`); process.exit(2); }
if (existsSync(`${dir}/expected.md`)) { console.error(`${dir}/expected.md exists; delete it first to re-record`); process.exit(2); }
const r = extract(readFileSync(`${dir}/input.html`), { algorithm, ...OPTIONS[algorithm] });
if (!r.attempts[0].accepted) {
  console.error(`${dir}: ${algorithm} kept ${r.attempts[0].chars} chars and the fallback cascade replaced it ` +
    `(${JSON.stringify(r.attempts)}); give the page more content for ${algorithm}`);
  process.exit(1);
}
writeFileSync(`${dir}/expected.md`, renderExpected(r));
console.log(`wrote ${dir}/expected.md — review it before committing`);
