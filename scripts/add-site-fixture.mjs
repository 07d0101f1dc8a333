#!/usr/bin/env node
// Writes test/fixtures/site/<case>/expected.md from the current output, for human review:
// the site model learned from sample/*.html applied to input.html (url.txt gives its URL).
// Usage: npm run build && node scripts/add-site-fixture.mjs <case>   (never overwrites expected.md)
import { existsSync, writeFileSync } from 'node:fs';
import { runSiteFixture } from '../dist/test/site-golden.js';
import { renderExpected } from '../dist/test/fixture-format.js';

const name = process.argv[2];
if (!name) { console.error('usage: node scripts/add-site-fixture.mjs <case>'); process.exit(2); }
const dir = `test/fixtures/site/${name}`;
if (existsSync(`${dir}/expected.md`)) { console.error(`${dir}/expected.md exists; delete it first to re-record`); process.exit(2); }
const { site } = runSiteFixture(dir);
writeFileSync(`${dir}/expected.md`, renderExpected(site));
console.log(`wrote ${dir}/expected.md — review it before committing`);
