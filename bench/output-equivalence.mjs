// Does a change of code leave every page's output as it was? Runs two builds on every dataset page.
//   npx tsc --outDir .distA   (at the old commit)   npx tsc --outDir .distB   (at the new one)
//   node bench/output-equivalence.mjs .distA .distB [--datasets a,b] [--data DIR]
// Prints each page whose extracted text or title differs (set, id, chars before and after, the two
// titles) and the count; exits 1 when any page differs. For changes meant to be pure refactors or
// speed-ups, and to read what a change meant to move (a title repair) moved elsewhere.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const o = { data: join(ROOT, '..', 'shared', 'datasets'), datasets: 'wcxb-dev,cleaneval,dragnet,l3s-gn1,big9,readability,trafilatura' };
const builds = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  if (!argv[i].startsWith('--')) { builds.push(argv[i]); continue; }
  const k = argv[i].slice(2);
  if (!(k in o)) throw new Error(`unknown argument ${argv[i]}`);
  o[k] = argv[++i];
}
if (builds.length !== 2) throw new Error('usage: node bench/output-equivalence.mjs BUILD_A BUILD_B [--datasets a,b] [--data DIR]');
const [A, B] = await Promise.all(builds.map((b) => import(pathToFileURL(join(resolve(ROOT, b), 'src', 'index.js')).href)));
let total = 0, differ = 0;
for (const set of o.datasets.split(',')) {
  const dir = join(o.data, set);
  const rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  for (const m of rows) {
    const html = gunzipSync(readFileSync(join(dir, m.html ?? `html/${m.id}.html.gz`))).toString('utf8');
    const a = A.extract(html, { url: m.url }), b = B.extract(html, { url: m.url });
    total++;
    if (a.text === b.text && a.title === b.title) continue;
    differ++;
    if (a.text !== b.text) console.log(`${set} ${m.id}: ${a.text.length} -> ${b.text.length} chars`);
    if (a.title !== b.title) console.log(`${set} ${m.id}: title ${JSON.stringify(a.title)} -> ${JSON.stringify(b.title)}`);
  }
}
console.log(`${differ} of ${total} pages differ`);
process.exitCode = differ > 0 ? 1 : 0;
