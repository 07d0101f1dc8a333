/**
 * Issue 25, "keep them closed": a short seeded slice of the fuzz campaign (src/fuzz/, docs/fuzz.md)
 * in CI, every generator for a fixed number of cases with a fixed seed, asserting no property
 * fails. The long campaign is `npm run fuzz -- --minutes 60`. The dataset mutations run only where
 * ../shared/datasets is (skipped otherwise). Failures of a property listed in KNOWN_OPEN (a finding
 * reported to the component that owns it, not fixed yet) are printed, not failed; the todo test
 * below fails while any of them still occurs, so a fix shows up there.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { GENERATORS, runCampaign, type CampaignSummary } from '../../src/fuzz/campaign.js';
import { MARK, type CaseRecord, type FuzzCase } from '../../src/fuzz/cases.js';
import { runCase } from '../../src/fuzz/properties.js';
import { checkHtml, checkMarkdown, unshownNeedles } from '../../src/fuzz/oracle.js';

const SEED = 20250125;
const CASES = 40;
/** Per-call time limits ×3: CI machines are shared; linear-time ratios are not scaled. */
const TIME_SCALE = 3;

/** Findings owned by another component, open: property → where it is reported. None today. */
const KNOWN_OPEN: Record<string, string> = {};

const summaries = new Map<string, CampaignSummary>();

function describeRecord(r: CaseRecord): string {
  const c = r.case;
  const what = c.kind === 'extract' ? `extract ${c.label ?? ''}` : c.kind === 'shape' ? `shape ${c.label ?? ''} → ${c.target}` : `${c.kind} ${c.label ?? ''}`;
  return `${r.generator} case ${r.index} (${what}): ${r.failures.map((f) => `${f.property}: ${f.message.slice(0, 300)}`).join('; ')}`;
}

for (const g of GENERATORS) {
  test(`fuzz slice: ${g.name} — ${CASES} cases, seed ${SEED}, no property fails`, (t) => {
    const s = runCampaign({ seed: SEED, cases: CASES, only: [g.name], timeScale: TIME_SCALE });
    summaries.set(g.name, s);
    const sum = s.generators[0];
    if (sum.skipped) { t.skip(sum.skipped); return; }
    t.diagnostic(`${sum.cases} cases in ${(sum.ms / 1000).toFixed(1)} s`);
    assert.equal(sum.cases, CASES);
    const open = s.records.filter((r) => r.failures.every((f) => f.property in KNOWN_OPEN));
    for (const r of open) t.diagnostic(`known open: ${describeRecord(r)}`);
    const failing = s.records.filter((r) => !open.includes(r));
    assert.deepEqual(failing.map(describeRecord), [], 'replay one with: npm run fuzz -- --seed ' + SEED + ` --cases ${CASES} --only ${g.name}`);
  });
}

/**
 * What the campaign found and was fixed, shrunk to small reproducers (npm run fuzz -- --replay FILE
 * --shrink): each failed its property before its fix.
 */
const PROSE = '<p>' + 'The council met on Tuesday to discuss the new bridge across the river, and agreed to fund it. '.repeat(4) + '</p>';
const P5 = '<p>' + 'The council met on Tuesday to discuss the new bridge across the river, and agreed to fund it. '.repeat(5) + '</p>';
const comment = (text: string, i: number): string => `<li class="comment" id="comment-${i}"><div class="comment-author">reader${i}</div>` +
  `<div class="comment-body"><p>${text}</p></div><a class="reply" href="#r">Reply</a></li>`;
const COMMENTS_PAGE = `<html><head><title>Bridge</title></head><body><article><h1>Bridge</h1>${P5}${P5}</article><section id="comments" class="comments">` +
  `<h2>3 Comments</h2><ol class="comment-list">${comment('&lt;img src=x onerror=alert(1)&gt; nice article about the bridge', 1)}` +
  `${comment('[click me](javascript:alert(1)) great work on the bridge story', 2)}${comment('&lt;script&gt;alert(1)&lt;/script&gt; I disagree with the council', 3)}</ol></section></body></html>`;
const FOUND: { name: string; case: FuzzCase; property: string }[] = [
  { name: 'a relative href that is a character reference to CommonMark became a javascript: Markdown link', property: 'markdown-safe',
    case: { kind: 'extract', input: `<article>${PROSE}<p>Read <a href="&amp;#106;avascript:${MARK}()">the report</a> and <a href="javascript&amp;colon;${MARK}()">the notes</a>.</p>${PROSE}</article>`, options: { formats: ['markdown'] } } },
  { name: 'an element the parser named "scr<script" put a raw <script> in the clean HTML', property: 'html-safe',
    case: { kind: 'extract', input: `<article>${PROSE}<p>Then <scr<script>ipt>${MARK}()</script> it ended.</p>${PROSE}</article>`, options: { formats: ['html'] } } },
  { name: 'content kept inside a dropped table cell was written where the parser fosters it out of the table', property: 'idempotence',
    case: { kind: 'extract', input: 'v><h1>fote the ferry answered be children across open plan tuesdrowspan="-1">otin; on to asked asked children br><table>morning next to mayor><td>morning a>morning discuss<td><h2>charged charged new about debate morning</h2><a>ad</table>charged next traffic \ud800 counciquot; answered said m', options: { formats: ['html'] } } },
  { name: 'mojibake repaired to a white space ("â€‚", "â€¯") that the clean HTML collapses', property: 'idempotence',
    case: { kind: 'extract', input: `<article>${PROSE}<p>x â€‚ y, a â€¯ b and more words here.</p>${PROSE}</article>`, options: { formats: ['html'] } } },
  { name: 'title: true on a page whose only text is its headline: the rendered headline was kept a second time', property: 'idempotence',
    case: { kind: 'extract', input: '<meta property="og:title" content="t0"><meta property="og:title" content="t1">', options: { title: true, formats: ['html'] } } },
  { name: 'title: true wrote the headline into the Markdown unescaped: a title "[x](javascript:...)" became a live link', property: 'markdown-safe',
    case: { kind: 'extract', input: `<meta property="og:title" content="[x](javascript:${MARK}())"><article>${PROSE}</article>`, options: { title: true, formats: ['markdown'] } } },
  { name: 'a user comment\'s text went into its Markdown unescaped: "<img src=x onerror=...>" written as text was live HTML', property: 'markdown-safe',
    case: { kind: 'extract', options: { comments: true, formats: ['markdown'] }, input: COMMENTS_PAGE } },
  { name: 'the clean HTML\'s title was read afresh (another headline, a site name cut again) instead of kept', property: 'idempotence',
    case: { kind: 'extract', input: '<n class=logo><h2>1.h-n', options: { title: true, images: true, model: false, url: 'http://www.nypost.com/news/worldnews/43918.htm', formats: ['html'] } } },
  { name: 'robots.txt: a Crawl-delay too large for a number (1e400, Infinity) was dropped, so the host got no delay at all (fixed in src/crawl/robots.ts)', property: 'robots-crawl-delay',
    case: { kind: 'robots', body: 'User-agent: *\nCrawl-delay: 1e400\n\nUser-agent: thresher\nCrawl-delay: Infinity\n' } },
  { name: 'a figure kept for holding most of the text (the headline in it) was cut from the clean HTML, where its share is smaller', property: 'idempotence',
    case: { kind: 'extract', input: ';<figure><h3>t w w', options: { title: true, formats: ['html'] } } },
  { name: 'a figure kept for holding most of the text lost that share in the clean HTML, its headline cut (figures the text left out are marked instead)', property: 'idempotence',
    case: { kind: 'extract', input: 'o<figure>"><h3>m>d f', options: { title: true, formats: ['html'] } } },
  { name: 'the JSON article\'s clean HTML was not marked as thresher\'s own: read afresh, a labeler dropped a paragraph', property: 'idempotence',
    case: { kind: 'extract', options: { formats: ['html'] },
      input: '<script type="ld+json">{"":"","@type":"BlogPosting","headline":"b","articleBody":"a(1\\n![x](javascriptr after planned agreed year market river cost and nextvote mayor it tolls new be answered tolls on.\\n\\nagreed charged the debate ferry market town engineers morning discuss asked year were bridge year school new morning met were the said."}' } },
  { name: 'mojibake split by markup in the HTML was repaired in part there and whole in the text (an already decoded neighbour now counts)', property: 'idempotence',
    case: { kind: 'extract', input: new Uint8Array([0xa3, 0xe3, 0x80, 0x81, 0x3c, 0x6e, 0x3e, 0xe8, 0xb3, 0x9e, 0xe6, 0x93]), options: { algorithm: 'tagtree', formats: ['html'] } } },
  { name: 'a <picture> without images was dropped from the clean HTML with the text the text rendering kept', property: 'idempotence',
    case: { kind: 'extract', input: '<picture>e', options: { algorithm: 'tagtree', formats: ['html'] } } },
  { name: 'content a labeler kept inside a figure it dropped was shown unmarked in the clean HTML (images: true), and kept when read again', property: 'idempotence',
    case: { kind: 'extract', input: 'bo<figure>P<div>d', options: { images: true, formats: ['html'] } } },
  { name: 'a caption kept inside a dropped figure, the same', property: 'idempotence',
    case: { kind: 'extract', input: 'Ay<figure>g<figcaption>i', options: { images: true, formats: ['html'] } } },
  { name: 'a long closed <title> with markup in its text was "repaired" as unclosed: a <plaintext> in it showed the page after it, a script\'s source included', property: 'no-script-text',
    case: { kind: 'extract', options: { formats: ['html'] },
      input: `<html><head><title>Bridge ${'vote '.repeat(45)}<plaintext></b></title></head><body><article>${PROSE}</article><script>${MARK}()</script></body></html>` } },
  { name: '<noscript> was kept as such in the clean HTML: a browser with scripting hides it, and reads its markup as text', property: 'no-script-text',
    case: { kind: 'extract', input: `<article>${PROSE}<p>Read <noscript><a href="/full?${MARK}">the full story</a></noscript> now.</p>${PROSE}</article>`, options: { formats: ['html'] } } },
  { name: 'title: true: an <article> after the rendered headline was cut as a second story', property: 'idempotence',
    case: { kind: 'extract', input: '<title>s</title><<article><h1>h', options: { title: true, formats: ['html'] } } },
];

for (const f of FOUND) {
  test(`fuzz finding, fixed: ${f.name}`, () => {
    const failures = runCase(f.case, { noTiming: true });
    assert.deepEqual(failures.map((x) => `${x.property}: ${x.message}`), []);
  });
}

test('fuzz oracle: it flags what a browser or a Markdown renderer would run, and only that', () => {
  const needles = (text: string, page: string) => unshownNeedles({ text }, () => page).length;
  assert.equal(needles(`a ${MARK}() b`, `<p>a b</p><script>${MARK}()</script>`), 1);
  assert.equal(needles(`a ${MARK} b`, `<p>a ${MARK} b</p>`), 0);
  assert.equal(needles('<script>alert(1)</script>', '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>'), 0);
  assert.equal(needles(MARK, `<img alt="${MARK}">`), 0);
  for (const hidden of [`<a href="javascript:${MARK}">x</a>`, `<!-- ${MARK} -->`, `<noembed>${MARK}</noembed>`, `<style>${MARK}</style>`,
    `<p onclick="${MARK}">x</p>`, `<template>${MARK}</template>`, `<iframe>${MARK}</iframe>`]) assert.equal(needles(MARK, hidden), 1, hidden);
  const html = (h: string) => checkHtml(h, []).length;
  assert.equal(html('<a href="java&#9;script:x">x</a>'), 1);
  assert.equal(html('<img src="x" onerror="y">'), 1);
  assert.equal(html('<p style="x">x</p>'), 1);
  assert.equal(html('<svg></svg>'), 1);
  assert.equal(html('<p>&lt;script&gt;</p><a href="/x">x</a><a href="mailto:a@b.c">m</a><a href="#f">f</a><img src="https://a.b/i.png">'), 0);
  const md = (m: string) => checkMarkdown(m, []).length;
  assert.equal(md('[x](&#106;avascript:y)'), 1);
  assert.equal(md('[x](javascript&colon;y)'), 1);
  assert.equal(md('![a](data:image/png;base64,AA)'), 1);
  assert.equal(md('<script>x'), 1);
  assert.equal(md('[x](\\&#106;avascript:y) [y](/rel?a=1&b=2) [z](https://a.b/c)'), 0);
  assert.equal(md('\\[x\\](javascript:y) `<script>` \\<script>'), 0);
});

if (Object.keys(KNOWN_OPEN).length) test('fuzz slice: the known open findings no longer occur', { todo: Object.values(KNOWN_OPEN).join('; ') }, () => {
  const open = [...summaries.values()].flatMap((s) => s.records).filter((r) => r.failures.some((f) => f.property in KNOWN_OPEN));
  assert.deepEqual(open.map(describeRecord), []);
});
