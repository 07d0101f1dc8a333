#!/usr/bin/env node
// Writes test/fixtures/docview/<case>/expected.json from the current output, for human review.
// Usage: npm run build && node scripts/add-docview-fixture.mjs <case>
//   input.html must exist (options.json is optional: the integrate options); an existing
//   expected.json is never overwritten (delete it to re-record).
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { integrate } from '../dist/src/corpus/docview.js';
import { fixtureOptions, renderDocViewExpected } from '../dist/test/docview-fixture.js';

const [name] = process.argv.slice(2);
if (!name) { console.error('usage: node scripts/add-docview-fixture.mjs <case>'); process.exit(2); }
const dir = `test/fixtures/docview/${name}`;
if (!existsSync(`${dir}/input.html`)) { console.error(`${dir}/input.html is missing`); process.exit(2); }
if (existsSync(`${dir}/expected.json`)) { console.error(`${dir}/expected.json exists; delete it first to re-record`); process.exit(2); }
writeFileSync(`${dir}/expected.json`, renderDocViewExpected(integrate(readFileSync(`${dir}/input.html`), fixtureOptions(dir))));
console.log(`wrote ${dir}/expected.json — review it before committing`);
