#!/usr/bin/env node
// Writes test/fixtures/default/<case>/expected.md from the current output, for human review.
// Usage: npm run build && node scripts/add-default-fixture.mjs <case>   (input.html must exist; never overwrites)
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { extract } from '../dist/src/index.js';
import { renderExpected } from '../dist/test/fixture-format.js';

const name = process.argv[2];
if (!name) { console.error('usage: node scripts/add-default-fixture.mjs <case>'); process.exit(2); }
const dir = `test/fixtures/default/${name}`;
if (!existsSync(`${dir}/input.html`)) { console.error(`${dir}/input.html is missing`); process.exit(2); }
if (existsSync(`${dir}/expected.md`)) { console.error(`${dir}/expected.md exists; delete it first to re-record`); process.exit(2); }
writeFileSync(`${dir}/expected.md`, renderExpected(extract(readFileSync(`${dir}/input.html`))));
console.log(`wrote ${dir}/expected.md — review it before committing`);
