#!/usr/bin/env node
// n-vs-10n time ratios for the input shapes issue 25 found (linear time gives about 10; the
// quadratic shapes gave 50-120 before their fixes). Runs on the built code:
//   npm run build && node scripts/hostile/ratios.mjs [--dist DIR]
// Each shape: median of five runs at n and at 10n, after a warm-up run. Prints a Markdown table.
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const at = process.argv.indexOf('--dist');
const DIST = resolve(ROOT, at > 0 ? process.argv[at + 1] : 'dist');
const load = (p) => import(pathToFileURL(resolve(DIST, p)).href);
const { extract } = await load('src/index.js');
const { parseHtml } = await load('src/dom/parse.js');
const { parseSitemap } = await load('src/crawl/sitemap.js');
const { learnSite } = await load('src/site/model.js');

const prose = '<p>' + 'The council met on Tuesday to discuss the new bridge across the river. '.repeat(4) + '</p>';
const enc = (s) => new TextEncoder().encode(s);
const sitePages = (n) => ['one', 'two', 'three', 'four', 'five'].map((w) => ({
  url: `https://periodic.example/${w}`,
  html: `<html><head><title>Page ${w}</title></head><body><h1>Page ${w}</h1><p>${'ab cd '.repeat(n)}</p><p>This is the ${w} page.</p></body></html>`,
}));

const SHAPES = [
  { item: 1, name: "sitemap: '<urlset>' + '<url>'.repeat(n)", n: 16_000, run: (n) => parseSitemap(enc('<urlset>' + '<url>'.repeat(n)), 'https://ex.com/') },
  { item: 1, name: 'sitemap: n entries, one bad character reference', n: 2_000, run: (n) => parseSitemap(enc('<urlset>' + '<url><loc>https://ex.com/&#x110000;</loc></url>' + '<url><loc>https://ex.com/a</loc></url>'.repeat(n) + '</urlset>'), 'https://ex.com/') },
  { item: 5, name: "learnSite: five pages of 'ab cd '.repeat(n)", n: 800, run: (n) => learnSite(sitePages(n)) },
  { item: 8, name: "parse: '<table>' + 'x<br>'.repeat(n)", n: 50_000, run: (n) => parseHtml('<table>' + 'x<br>'.repeat(n)) },
  { item: 9, name: 'extract: an unclosed <title> before n paragraphs', n: 50, run: (n) => extract(`<html><head><!-- <title> --><title>AT&amp;T news\n<body>${prose.repeat(n)}</body></html>`, { model: false }) },
  { item: 10, name: 'extract: n <noembed>/<noframes> with markup inside', n: 200, run: (n) => extract(`<body>${prose}${'<noembed><script>x</script></noembed><noframes><p>y</p></noframes>'.repeat(n)}</body>`) },
  { item: 6, name: 'extract: n links with entity-obfuscated javascript: schemes', n: 200, run: (n) => extract(`<body><article>${prose}<p>${'<a href="java&#x09;script:alert(1)">link text here</a> and '.repeat(n)}</p></article></body>`, { formats: ['html', 'markdown'] }) },
  { item: 11, name: 'extract: n mojibake runs encoded twice', n: 200, run: (n) => extract(`<body><p>${'cafÃƒÂ© '.repeat(n)}${prose}</p></body>`) },
  { item: 0, name: 'extract: nesting n deep', n: 2_000, run: (n) => extract('<div>'.repeat(n) + prose + '</div>'.repeat(n)) },
  { item: 0, name: 'extract: n siblings', n: 5_000, run: (n) => extract('<body>' + '<p>word and more words here.</p>'.repeat(n) + '</body>') },
];

function median(f) {
  const ts = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    f();
    ts.push(performance.now() - t);
  }
  return ts.sort((a, b) => a - b)[2];
}

console.log('| item | shape | n | ms at n | ms at 10n | ratio |');
console.log('|---:|---|---:|---:|---:|---:|');
for (const s of SHAPES) {
  s.run(Math.max(1, s.n >> 2));
  const small = median(() => s.run(s.n));
  const big = median(() => s.run(10 * s.n));
  console.log(`| ${s.item || '-'} | ${s.name} | ${s.n} | ${small.toFixed(1)} | ${big.toFixed(1)} | ${(big / Math.max(small, 0.5)).toFixed(1)} |`);
}
