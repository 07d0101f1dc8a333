// The tokenizer's fast paths (src/dom/prescan.ts) build plain parse5's tree: check it on every page.
//   node bench/parse-equivalence.mjs [--datasets a,b] [--data DIR] [--limit N]
// For each page, parseHtml with the fast paths and without (parseHtmlReference) must give the same
// tree (tags, attributes, hidden flags, text, in order). Also times both, interleaved per page
// (a rough A/B; the bench proper is bench/run.mjs). Exits 1 on any difference.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const o = { data: join(ROOT, '..', 'shared', 'datasets'), datasets: '', limit: 0 };
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const k = argv[i].replace(/^--/, '');
  if (!(k in o)) throw new Error(`unknown argument ${argv[i]}`);
  o[k] = typeof o[k] === 'number' ? Number(argv[++i]) : argv[++i];
}
const { parseWith } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'dom', 'parse.js')).href);
const { fastParseAvailable } = await import(pathToFileURL(join(ROOT, 'dist', 'src', 'dom', 'prescan.js')).href);
if (!fastParseAvailable) console.log('note: fastParseAvailable is false (parse5 internals changed); forcing the fast paths anyway');

function shape(el) {
  const out = [];
  const stack = [el];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') { out.push(x); continue; }
    out.push(`<${x.tag}${x.attrs.map((a) => ` ${a.name}=${JSON.stringify(a.value)}`).join('')}${x.hidden ? ' HIDDEN' : ''}>`);
    stack.push(`</${x.tag}>`);
    for (let i = x.children.length - 1; i >= 0; i--) {
      const c = x.children[i];
      stack.push(c.kind === 3 ? JSON.stringify(c.data) : c);
    }
  }
  return out.join('');
}

const names = o.datasets ? o.datasets.split(',') : readdirSync(o.data).filter((d) => existsSync(join(o.data, d, 'manifest.jsonl')));
let pages = 0, differ = 0, tFast = 0, tRef = 0;
for (const ds of names) {
  const dir = join(o.data, ds);
  let rows = readFileSync(join(dir, 'manifest.jsonl'), 'utf8').split('\n').filter((l) => l.trim()).map((l) => JSON.parse(l));
  if (o.limit > 0) rows = rows.slice(0, o.limit);
  let dsDiffer = 0;
  for (const m of rows) {
    const html = gunzipSync(readFileSync(join(dir, m.html ?? `html/${m.id}.html.gz`))).toString('utf8');
    const t0 = performance.now();
    const a = parseWith(html, {}, true);
    const t1 = performance.now();
    const b = parseWith(html, {}, false);
    tFast += t1 - t0; tRef += performance.now() - t1;
    pages++;
    const sa = shape(a.root), sb = shape(b.root);
    if (sa !== sb) {
      differ++; dsDiffer++;
      let i = 0;
      while (i < sa.length && sa[i] === sb[i]) i++;
      if (differ <= 5) console.log(`${ds} ${m.id}: differs at ${i}\n  fast: ${sa.slice(Math.max(0, i - 80), i + 80)}\n  ref:  ${sb.slice(Math.max(0, i - 80), i + 80)}`);
    }
  }
  console.log(`${ds}: ${rows.length} pages, ${dsDiffer} differ`);
}
console.log(`${pages} pages, ${differ} differ; parse time fast ${(tFast / 1000).toFixed(1)} s, plain parse5 ${(tRef / 1000).toFixed(1)} s (${(tRef / tFast).toFixed(2)}×)`);
process.exitCode = differ ? 1 : 0;
