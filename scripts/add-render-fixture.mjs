#!/usr/bin/env node
// Adds a golden render fixture: test/fixtures/render/<case>/{input.html, expected.md, expected.html,
// expected.txt}, written once from the current build for review. Refuses to overwrite: to change a
// case, delete its expected files on purpose and review the new ones in the diff.
//
//   npm run build && node scripts/add-render-fixture.mjs <case> <input.html>
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [name, input] = process.argv.slice(2);
if (!name || !input || !/^[a-z0-9][a-z0-9-]*$/.test(name)) {
  process.stderr.write('usage: node scripts/add-render-fixture.mjs <case-name: a-z 0-9 -> <input.html>\n');
  process.exit(2);
}
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist', 'src', 'index.js');
if (!existsSync(dist)) {
  process.stderr.write('dist/ is missing: run `npm run build` first\n');
  process.exit(2);
}
const dir = join(root, 'test', 'fixtures', 'render', name);
const files = ['expected.md', 'expected.html', 'expected.txt'];
const present = files.filter((f) => existsSync(join(dir, f)));
if (present.length) {
  process.stderr.write(`refusing to overwrite ${present.join(', ')} in ${dir}; delete them first if the change is intended\n`);
  process.exit(1);
}
const { extract } = await import(dist);
const html = readFileSync(input, 'utf8');
// As the test reads it: the structural labeler only (these fixtures pin the renderers, not the model), with images so their rendering stays pinned.
const r = extract(html, { formats: ['markdown', 'html'], model: false, images: true });
mkdirSync(dir, { recursive: true });
const inputPath = join(dir, 'input.html');
if (!existsSync(inputPath)) writeFileSync(inputPath, html);
else if (readFileSync(inputPath, 'utf8') !== html) {
  process.stderr.write(`${inputPath} exists with other content; refusing to replace it\n`);
  process.exit(1);
}
writeFileSync(join(dir, 'expected.md'), r.markdown ?? '');
writeFileSync(join(dir, 'expected.html'), r.html ?? '');
writeFileSync(join(dir, 'expected.txt'), r.text + '\n');
process.stdout.write(`wrote ${dir}: review expected.md, expected.html and expected.txt before committing\n`);
