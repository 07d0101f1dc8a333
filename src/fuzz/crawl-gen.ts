/**
 * Hostile sitemaps and robots.txt files for the fuzz campaign (src/fuzz/): remote input the
 * crawler parses before it has fetched a single page.
 */
import { gzipSync } from 'node:zlib';
import { MARK, type Part, type RobotsCase, type ShapeCase, type SitemapCase } from './cases.js';
import { shapeN } from './html-gen.js';
import type { Rng } from './rng.js';

const enc = new TextEncoder();
const T = (s: string): Part => [s, false];
const R = (s: string): Part => [s, true];

// ------------------------------------------------------------------------------- sitemaps

const LOC_VALUES = ['https://a.test/page', 'http://a.test/x?y=1&amp;z=2', '/relative', 'page.html', `javascript:${MARK}()`, '', '   ',
  'https://a.test/&#x110000;', 'https://a.test/&#0;', 'https://a.test/&#xD800;', 'https://a.test/&bogus;', 'https://a.test/&#99999999999;',
  'https://a.test/&#65;&#x42;&lt;&gt;&quot;&apos;', 'http://[::1', 'https://a.test/\u0000', 'https://a.test/é ü', 'https://a.test/%zz',
  '<![CDATA[https://a.test/cdata]]>', '<![CDATA[https://a.test/unclosed', '<!-- c -->https://a.test/after-comment', 'https://a.test/a<b',
  'https://a.test/' + 'a'.repeat(70_000), 'https://a.test/' + '&amp;'.repeat(2000), 'HTTPS://A.TEST/UP', 'ftp://a.test/f', 'data:,x'];

function loc(r: Rng): string {
  const v = r.chance(0.6) ? `https://a.test/p/${r.int(1e6)}` : r.pick(LOC_VALUES);
  switch (r.int(8)) {
    case 0: return `<loc>${v}`; // unclosed
    case 1: return `<LOC>${v}</LOC>`;
    case 2: return `<s:loc>${v}</s:loc>`;
    case 3: return `<loc/>${v}`;
    case 4: return `<loc attr="x>y">${v}</loc>`;
    default: return `<loc>${v}</loc>`;
  }
}

function sitemapEntry(r: Rng, block: 'url' | 'sitemap'): string {
  const extra = r.chance(0.3) ? r.pick(['<lastmod>2020-01-01</lastmod>', '<priority>0.5</priority>', '<changefreq>daily', '<image:image><image:loc>https://a.test/i.png</image:loc></image:image>']) : '';
  switch (r.int(10)) {
    case 0: return `<${block}>${loc(r)}${extra}`; // unclosed entry
    case 1: return `<${block}/>`;
    case 2: return `<${block}><${block === 'url' ? 'sitemap' : 'url'}>${loc(r)}</${block === 'url' ? 'sitemap' : 'url'}></${block}>`; // nested the other way
    case 3: return `<${block}>${loc(r)}${loc(r)}</${block}>`;
    case 4: return r.pick(['<', '&', '</x>', '<!--', '-->', '<![CDATA[', ']]>', '<?xml?>', '<!DOCTYPE urlset [<!ENTITY a "aaaa">]>', '&a;', '\u0000', 'garbage text']);
    default: return `<${block}>${loc(r)}${extra}</${block}>`;
  }
}

function xmlSitemap(r: Rng): string {
  const index = r.chance(0.3);
  const root = index ? 'sitemapindex' : 'urlset';
  const out: string[] = [];
  if (r.chance(0.6)) out.push('<?xml version="1.0" encoding="UTF-8"?>');
  if (r.chance(0.1)) out.push('<!DOCTYPE x [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>');
  out.push(`<${r.chance(0.2) ? 's:' : ''}${root}${r.chance(0.5) ? ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"' : ''}>`);
  if (r.chance(0.15)) out.push(`<${index ? 'urlset' : 'sitemapindex'}>`); // the other kind nested inside
  for (let k = r.size(0, 300); k > 0; k--) out.push(sitemapEntry(r, index ? (r.chance(0.9) ? 'sitemap' : 'url') : (r.chance(0.9) ? 'url' : 'sitemap')));
  if (r.chance(0.7)) out.push(`</${root}>`);
  return out.join(r.pick(['', '\n', '\r\n', ' ']));
}

function textSitemap(r: Rng): string {
  const lines: string[] = [];
  for (let k = r.size(1, 3000); k > 0; k--) lines.push(r.chance(0.8) ? `https://a.test/t/${r.int(1e6)}` : r.pick(['', '  http://a.test/sp  ', 'not a url', 'http://', 'https://a.test/\u0000', 'javascript:x', '\u0000\u0001', '#comment', 'http://[']));
  return lines.join(r.pick(['\n', '\r\n', '\r']));
}

let bomb: Uint8Array | null = null;
/** 60 MB of spaces, gzipped (about 60 KB): past MAX_SITEMAP_BYTES inflated. Made once. */
function gzipBomb(): Uint8Array {
  bomb ??= gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x20), { level: 9 });
  return bomb;
}

export function sitemapCase(r: Rng): SitemapCase | ShapeCase {
  if (r.chance(0.3)) return sitemapShape(r);
  const k = r.int(20);
  let label: string, text: string | null = null, bytes: Uint8Array | null = null;
  if (k < 9) { label = 'xml'; text = xmlSitemap(r); } else if (k < 12) { label = 'text'; text = textSitemap(r); } else if (k < 14) {
    label = 'garbage'; bytes = r.bytes(r.size(0, 20000));
  } else if (k < 16) {
    label = 'gzip'; bytes = new Uint8Array(gzipSync(enc.encode(r.chance(0.5) ? xmlSitemap(r) : textSitemap(r))));
    if (r.chance(0.5)) bytes = bytes.subarray(0, r.int(bytes.length)); // cut short
  } else if (k < 18) {
    label = 'gzip-garbage'; bytes = new Uint8Array([0x1f, 0x8b, ...r.bytes(r.size(0, 5000))]);
  } else if (k < 19) {
    label = 'gzip-bomb'; bytes = gzipBomb();
  } else {
    label = 'over-cap'; // more entries than the protocol allows in one file
    text = r.chance(0.5) ? '<urlset>' + Array.from({ length: 50_100 }, (_, i) => `<url><loc>https://a.test/${i}</loc></url>`).join('') + '</urlset>'
      : Array.from({ length: 50_100 }, (_, i) => `https://a.test/${i}`).join('\n');
  }
  if (text !== null) {
    if (r.chance(0.1)) text = '\ufeff' + text;
    bytes = enc.encode(text);
  }
  return { kind: 'sitemap', label, input: bytes! };
}

/** Sitemap shapes whose time must stay linear. */
export const SITEMAP_SHAPES: Record<string, () => Part[]> = {
  'url-unclosed': () => [T('<urlset>'), R('<url>')],
  'url-unclosed-close-tags': () => [T('<urlset>'), R('<url>'), R('</x>')],
  'loc-unclosed': () => [T('<urlset>'), R('<url><loc>https://a.test/{i}')],
  'loc-entity-run': () => [T('<urlset><url><loc>https://a.test/'), R('&amp;'), T('</loc></url></urlset>')],
  'loc-bad-ref-run': () => [T('<urlset><url><loc>https://a.test/'), R('&#x110000;'), T('</loc></url></urlset>')],
  'loc-long': () => [T('<urlset><url><loc>https://a.test/'), R('a'), T('</loc></url></urlset>')],
  'bare-lt': () => [T('<urlset><url><loc>'), R('<'), T('>')],
  'bare-amp': () => [T('<urlset><url><loc>'), R('&')],
  'cdata-open': () => [T('<urlset>'), R('<![CDATA[')],
  'comment-open': () => [T('<urlset>'), R('<!--')],
  'entries': () => [T('<urlset>'), R('<url><loc>https://a.test/{i}</loc></url>'), T('</urlset>')],
  'nested-blocks': () => [T('<sitemapindex>'), R('<sitemap><url>'), T('<loc>https://a.test/x</loc>')],
  'text-lines': () => [R('https://a.test/{i}\n')],
  'text-garbage-lines': () => [R('no url here {i}\r\n')],
};

function sitemapShape(r: Rng): ShapeCase {
  const name = r.pick(Object.keys(SITEMAP_SHAPES));
  const parts = SITEMAP_SHAPES[name]();
  return { kind: 'shape', label: `sitemap ${name}`, target: 'sitemap', parts, n: shapeN(r, parts, 2000, 20000) };
}

// ------------------------------------------------------------------------------- robots.txt

const AGENTS = ['*', 'thresher', 'Thresher/1.0', 'THRESHER', 'googlebot', '__proto__', 'constructor', '', '*thresher*', 'thresh', 'x'.repeat(5000), 'thresher, other'];
const DELAYS = ['1', '0.5', '-1', '0', 'NaN', 'Infinity', '-Infinity', '1e400', '1e-400', '0x10', '  7  ', '10 seconds', '', '999999999999', String(2 ** 31), '1e9', '3000000', '1,5', '٣'];
const PATTERNS = ['/', '/private', '/*.php$', '/a*b*c*d', '*', '$', '/%2F', '/%zz', '/ü', '/$', '/*/*/*/*/*/*', '/' + '*'.repeat(50), '/' + '*a'.repeat(200), '/' + 'a'.repeat(3000), 'no-slash', '/?q=*', '/#frag', '/\u0000'];

function robotsLine(r: Rng): string {
  switch (r.int(12)) {
    case 0: case 1: return `User-agent: ${r.pick(AGENTS)}`;
    case 2: case 3: return `Disallow: ${r.pick(PATTERNS)}`;
    case 4: return `Allow: ${r.pick(PATTERNS)}`;
    case 5: return `Crawl-delay: ${r.pick(DELAYS)}`;
    case 6: return `Sitemap: ${r.pick(['https://a.test/s.xml', '/relative.xml', `javascript:${MARK}()`, 'https://a.test/' + 'x'.repeat(3000), '', 'not a url'])}`;
    case 7: return r.pick(['# comment', '#', '   ', 'no colon here', 'Host: a.test', 'Noindex: /x', 'DISALLOW : /caps', 'disallow:/nospace', 'Request-rate: 1/5']);
    case 8: return Buffer.from(r.bytes(r.size(1, 200))).toString('latin1'); // binary
    case 9: return `Disallow: /${'x'.repeat(r.size(1, 100_000))}`; // a long line
    default: return `Disallow: /${r.int(1000)}/`;
  }
}

export function robotsCase(r: Rng): RobotsCase | ShapeCase {
  if (r.chance(0.3)) return robotsShape(r);
  const k = r.int(10);
  let body: string, label: string;
  if (k < 6) {
    label = 'lines';
    const lines: string[] = [];
    for (let n = r.size(1, 400); n > 0; n--) lines.push(robotsLine(r));
    body = lines.join(r.pick(['\n', '\r\n', '\r']));
  } else if (k < 8) {
    label = 'groups'; // many groups, one of them ours, with a crawl delay
    const lines: string[] = [];
    for (let g = r.size(1, 2000); g > 0; g--) lines.push(`User-agent: bot${g}`, `Disallow: /b${g}/`, ...(r.chance(0.1) ? [`Crawl-delay: ${r.pick(DELAYS)}`] : []));
    lines.splice(r.int(lines.length), 0, 'User-agent: thresher', `Crawl-delay: ${r.pick(DELAYS)}`, 'Disallow: /private');
    body = lines.join('\n');
  } else if (k < 9) {
    label = 'binary'; body = Buffer.from(r.bytes(r.size(1, 20000))).toString(r.chance(0.5) ? 'latin1' : 'utf8');
  } else {
    label = 'bom'; body = '\ufeffUser-agent: *\nCrawl-delay: ' + r.pick(DELAYS) + '\nDisallow: ' + r.pick(PATTERNS);
  }
  return { kind: 'robots', label, body };
}

export const ROBOTS_SHAPES: Record<string, () => Part[]> = {
  'groups': () => [R('User-agent: a{i}\nDisallow: /x{i}\n')],
  'agent-lines': () => [R('User-agent: *\n')],
  'rules': () => [T('User-agent: *\n'), R('Disallow: /p{i}/\n')],
  'wildcards-line': () => [T('User-agent: *\nDisallow: /'), R('*a'), T('\n')],
  'wildcard-rules': () => [T('User-agent: *\n'), R('Disallow: /*a*b*c{i}\n')],
  'sitemaps': () => [R('Sitemap: https://a.test/s{i}.xml\n')],
  'crawl-delays': () => [T('User-agent: *\n'), R('Crawl-delay: {i}\n')],
  'blank-lines': () => [R('\n')],
  'comment-line': () => [R('#')],
  'percent-run': () => [T('User-agent: *\nDisallow: /'), R('%'), T('\n')],
  'long-agent': () => [T('User-agent: '), R('x'), T('\nDisallow: /\n')],
};

function robotsShape(r: Rng): ShapeCase {
  const name = r.pick(Object.keys(ROBOTS_SHAPES));
  const parts = ROBOTS_SHAPES[name]();
  return { kind: 'shape', label: `robots ${name}`, target: 'robots', parts, n: shapeN(r, parts, 2000, 20000) };
}
