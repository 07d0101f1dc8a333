#!/usr/bin/env node
/**
 * Synthetic input for `thresher extract --jsonl -`: N JSON Lines of small, varied pages (articles
 * with navigation, link lists, tables, comment threads, accented text, windows-1252 bytes as
 * html_base64), with bad lines mixed in (not JSON, no html, bad base64, an array, a numeric url,
 * an empty page, blank lines). Deterministic for a seed. The streaming tests
 * (test/cli-extract-stream.test.ts) and the throughput figures in docs/streaming.md use it.
 *
 *   node scripts/stream-lines.mjs 10000 [--seed 1] [--bad-every 97] [--pad BYTES] > lines.jsonl
 *
 * --pad adds an HTML comment of that many bytes to every page: big lines that cost the extractor
 * little, for memory tests. As a module: streamLines(n, options) → { lines, expect }, where
 * expect[i] says what the record for lines[i] should be (null for a blank line, which gives none).
 */
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const WORDS = ('harbour council ferry bridge market winter river school library station garden museum festival ' +
  'harvest mill village coast storm lantern quay timber orchard meadow chapel bakery workshop tram ' +
  'engineers approved repaired opened closed measured reported announced visited described').split(' ');
const ACCENTED = 'Über die Brücke gingen Bürger; à côté du marché, l\'église était fermée; año, niño, señal.';

function rng(seed) {
  let s = seed >>> 0 || 1;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

function sentence(r, words = 14) {
  const w = [];
  for (let i = 0; i < words; i++) w.push(WORDS[Math.floor(r() * WORDS.length)]);
  w[0] = w[0][0].toUpperCase() + w[0].slice(1);
  return w.join(' ') + '.';
}

function paragraphs(r, n) {
  let out = '';
  for (let i = 0; i < n; i++) out += `<p>${sentence(r, 10 + Math.floor(r() * 20))} ${sentence(r)}</p>`;
  return out;
}

const NAV = '<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a> <a href="/about">About</a></nav>';
const FOOT = '<footer><p>© 2024 Example Media. <a href="/privacy">Privacy</a> <a href="/terms">Terms</a></p></footer>';

/** One page's HTML, of one of five shapes. */
function page(r, i, pad) {
  const title = `${sentence(r, 5).slice(0, -1)} (${i})`;
  const padding = pad ? `<!-- ${'x'.repeat(pad)} -->` : '';
  const shape = i % 5;
  let body;
  if (shape === 0) body = `${NAV}<article><h1>${title}</h1>${paragraphs(r, 3 + (i % 4))}</article>${FOOT}`;
  else if (shape === 1) body = `${NAV}<main><h1>${title}</h1><ul>${Array.from({ length: 12 }, (_, k) => `<li><a href="/item/${i}/${k}">${sentence(r, 4)}</a></li>`).join('')}</ul>${paragraphs(r, 1)}</main>${FOOT}`;
  else if (shape === 2) body = `<div class="page"><h1>${title}</h1>${paragraphs(r, 2)}<table><tr><th>Year</th><th>Boats</th></tr>${Array.from({ length: 4 }, (_, k) => `<tr><td>${2020 + k}</td><td>${Math.floor(r() * 900)}</td></tr>`).join('')}</table>${paragraphs(r, 1)}</div>`;
  else if (shape === 3) body = `${NAV}<article><h1>${title}</h1>${paragraphs(r, 3)}</article><section class="comments"><h2>Comments</h2>${Array.from({ length: 3 }, (_, k) => `<div class="comment"><span class="author">reader${k}</span><p>${sentence(r, 9)}</p></div>`).join('')}</section>${FOOT}`;
  else body = `<article><h1>${title}</h1><p>${ACCENTED} ${sentence(r)}</p>${paragraphs(r, 2)}</article>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${padding}${body}</body></html>`;
}

/** Bad lines, in turn, with the error code each should give. */
const BAD = [
  { line: () => 'this is not JSON {', code: 'E_BAD_RECORD' },
  { line: (i) => JSON.stringify({ url: `https://bad.example/${i}` }), code: 'E_BAD_RECORD', url: (i) => `https://bad.example/${i}` },
  { line: (i) => JSON.stringify({ id: `b${i}`, html_base64: '%%% not base64 %%%' }), code: 'E_BAD_RECORD', id: (i) => `b${i}` },
  { line: () => '[1, 2, 3]', code: 'E_BAD_RECORD' },
  { line: () => JSON.stringify({ url: 5, html: '<p>x</p>' }), code: 'E_BAD_RECORD' },
  { line: (i) => JSON.stringify({ id: `e${i}`, html: '' }), code: 'E_INPUT_EMPTY', id: (i) => `e${i}` },
];

/**
 * N lines (blank ones included in N); expect[k] for lines[k]: { id } for a page (the record's id),
 * { line, code, id?, url? } for an error record, null for a blank line.
 */
export function streamLines(n, { seed = 1, badEvery = 97, pad = 0 } = {}) {
  const r = rng(seed);
  const lines = [], expect = [];
  let bad = 0;
  for (let i = 0; i < n; i++) {
    const lineNo = i + 1;
    if (i % 501 === 500) { lines.push(''); expect.push(null); continue; }
    if (badEvery > 0 && i % badEvery === badEvery - 1) {
      const b = BAD[bad++ % BAD.length];
      lines.push(b.line(i));
      expect.push({ line: lineNo, code: b.code, ...(b.id ? { id: b.id(i) } : {}), ...(b.url ? { url: b.url(i) } : {}) });
      continue;
    }
    const html = page(r, i, pad);
    const kind = i % 7;
    if (kind === 6) {
      // windows-1252 bytes: the page says so in its <meta>, and only its bytes tell é from Ã©.
      const bytes = Buffer.from(html.replace('charset="utf-8"', 'charset="windows-1252"').replace('<h1>', '<h1>Café ').replace(/[^\x00-\xff]/g, '?'), 'latin1');
      lines.push(JSON.stringify({ id: `p${i}`, html_base64: bytes.toString('base64') }));
      expect.push({ id: `p${i}` });
    } else if (kind === 5) {
      lines.push(JSON.stringify({ html }));
      expect.push({ id: `line:${lineNo}` });
    } else {
      const url = `https://site${i % 13}.example/${i % 3 ? 'news' : 'blog'}/${i}`;
      lines.push(JSON.stringify({ url, html }));
      expect.push({ id: url });
    }
  }
  return { lines, expect };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { seed: { type: 'string' }, 'bad-every': { type: 'string' }, pad: { type: 'string' } } });
  const n = Number(positionals[0] ?? 10000);
  const { lines } = streamLines(n, { seed: Number(values.seed ?? 1), badEvery: Number(values['bad-every'] ?? 97), pad: Number(values.pad ?? 0) });
  process.stdout.write(lines.join('\n') + '\n');
}
