// Writes examples/corpus/: the small multi-site corpus that `npm start` runs the pipeline on.
// Four sites built from thresher's own synthetic templates (src/synth), twelve pages each, plus
// what a real crawl holds: a page republished in another site's template, an exact copy, a
// truncated .gz, a binary file mislabelled .html. Deterministic: rerunning rewrites the same files.
//   npm run build && node scripts/make-example-corpus.mjs
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { synthSite, renderSynthPage } = await import(join(ROOT, 'dist/src/synth/index.js'));
const OUT = join(ROOT, 'examples', 'corpus');
rmSync(OUT, { recursive: true, force: true });
mkdirSync(join(OUT, 'html'), { recursive: true });

const sites = [
  { seed: 11, template: 'news', host: 'harbour-gazette.example', lang: 'en' },
  { seed: 12, template: 'blog', host: 'slow-gardening.example', lang: 'en' },
  { seed: 13, template: 'shop', host: 'werkzeug-laden.example', lang: 'de' },
  { seed: 14, template: 'docs', host: 'docs.tidewater.example', lang: 'en' },
];
const manifest = [];
const put = (id, url, bytes, ext = 'html') => {
  writeFileSync(join(OUT, 'html', `${id}.${ext}`), bytes);
  manifest.push({ id, url });
};
const all = [];
for (const s of sites) {
  const pages = synthSite({ seed: s.seed, pages: 12, template: s.template, host: s.host, lang: s.lang });
  pages.forEach((p, i) => { put(`${s.host}-${String(i).padStart(2, '0')}`, p.url, p.html); all.push(p); });
}
// A news article republished by the blog (same story, another template): a near-replica.
const story = all[3];
const copy = renderSynthPage(story.article, 'blog', { seed: 5, host: 'slow-gardening.example', path: '/reprint/harbour-story' });
put('slow-gardening.example-reprint', copy.url, copy.html);
// The same page fetched under a second URL: an exact replica.
put('harbour-gazette.example-03-amp', `${story.url}?amp=1`, story.html);
// Damage a crawl leaves behind.
put('broken-download', 'https://harbour-gazette.example/broken', gzipSync(all[5].html).subarray(0, 200), 'html.gz');
put('not-a-page', 'https://docs.tidewater.example/logo.html', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13, 0, 0, 1, 0, 0, 0]));
writeFileSync(join(OUT, 'manifest.jsonl'), manifest.map((m) => JSON.stringify(m)).join('\n') + '\n');
console.log(`wrote ${manifest.length} pages to ${OUT}`);
