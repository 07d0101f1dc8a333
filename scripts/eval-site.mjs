#!/usr/bin/env node
/**
 * Site models against page-level extraction alone, on the same pages (issue 3, "Evaluation").
 *
 *   node scripts/eval-site.mjs [--part synth|real|modes|big9|html|all] [--sets dragnet,l3s-gn1] [--data ../shared/datasets]
 *                              [--sites 10] [--heldout 5] [--variant name='{"combine":"units"}' ...] [--json FILE]
 *
 * (a) synth: synthetic sites (src/synth/), for N = 2, 5, 10, 20 sibling pages: learn from N
 *     pages, extract held-out pages of the same site with and without the model. Word F1
 *     (WCXB's bag of \w+ tokens, with CJK characters counted as words so Chinese pages are scored
 *     per character) and ROUGE-LSum F1 (WCEB).
 * (b) real: leave-one-out on the hosts with ≥ 5 pages of dragnet and l3s-gn1: learn from the
 *     host's other pages, extract the held-out one; the dataset's official metric (src/eval).
 * (c) modes: the failure modes — several templates on one host, a page type the sample lacks,
 *     template drift, a model for another host.
 * (d) big9: the site-level set (9 news sites × 10 pages × 4 years): leave-one-out within a
 *     site-year for N = 2, 5, 9 sibling pages, and template drift (a model of one year applied to
 *     the same site's pages of another year).
 * (e) html: paper 004's templates alone on raw HTML against the same on page text (the thesis's
 *     claim that it works on both), synthetic sites and big9.
 * Reported: mean F1 both ways, and the pages the model made worse by more than 0.02.
 * Run `npm run build` first.
 */
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from '../dist/src/index.js';
import { synthSite, SYNTH_TEMPLATES } from '../dist/src/synth/index.js';
import { learnSite, modelFromUnitLines, pageDoc } from '../dist/src/site/model.js';
import { pageUnits, unitLines } from '../dist/src/site/units.js';
import { learnTextTemplates } from '../dist/src/site/templates.js';
import { cleanText } from '../dist/src/site/clean.js';
import { StyleTreeBuilder } from '../dist/src/site/style-tree.js';
import { LABELERS } from '../dist/src/page/extract.js';
import { renderText } from '../dist/src/render/text.js';
import { siteRefiner } from '../dist/src/site/refine.js';
import { wcxbWordF1, rougeLsum } from '../dist/src/eval/metrics.js';
import { loadDataset, readHtml, readTruth, OFFICIAL_METRIC } from '../dist/src/eval/dataset.js';
import { scorePage } from '../dist/src/eval/score.js';

const { values } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    sets: { type: 'string', default: 'dragnet,l3s-gn1' },
    data: { type: 'string', default: new URL('../../shared/datasets', import.meta.url).pathname },
    sites: { type: 'string', default: '10' },
    heldout: { type: 'string', default: '5' },
    variant: { type: 'string', multiple: true, default: [] },
    json: { type: 'string' },
    'min-pages': { type: 'string', default: '5' },
  },
});

const VARIANTS = [['default', {}], ...values.variant.map((v) => { const i = v.indexOf('='); return [v.slice(0, i), JSON.parse(v.slice(i + 1))]; })];
const WORSE = 0.02;
const report = {};

const CJK = /([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff])/g;
const spaced = (s) => s.replace(CJK, ' $1 ');
const wordF1 = (pred, truth) => wcxbWordF1(spaced(pred), spaced(truth))[2];
const rouge = (pred, truth) => rougeLsum(truth, pred).f;
const mean = (xs) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : NaN);
const f3 = (x) => (Number.isFinite(x) ? x.toFixed(3) : '–');

/** One comparison row: page-level and site-model scores for the same pages. */
function summarize(pairs) {
  const row = { pages: pairs.length, page: mean(pairs.map((p) => p.page)) };
  for (const [name] of VARIANTS) {
    const s = pairs.map((p) => p.site[name]);
    row[name] = mean(s);
    row[`${name}:worse`] = pairs.filter((p) => p.page - p.site[name] > WORSE).length;
    row[`${name}:better`] = pairs.filter((p) => p.site[name] - p.page > WORSE).length;
    row[`${name}:fallback`] = pairs.filter((p) => p.fallback[name]).length;
    const why = {};
    for (const p of pairs) if (p.fallback[name]) why[p.fallback[name]] = (why[p.fallback[name]] ?? 0) + 1;
    row[`${name}:fallbackWhy`] = why;
  }
  return row;
}

function table(title, rows, keyName) {
  const names = VARIANTS.map(([n]) => n);
  const head = [keyName, 'pages', 'page-level', ...names.flatMap((n) => [`site ${n}`, 'Δ', 'worse >.02', 'better >.02', 'fell back'])];
  const lines = [`\n### ${title}\n`, `| ${head.join(' | ')} |`, `|${head.map(() => '---:').join('|')}|`];
  for (const [k, r] of rows) {
    lines.push(`| ${[k, r.pages, f3(r.page), ...names.flatMap((n) => [f3(r[n]), (r[n] - r.page >= 0 ? '+' : '') + f3(r[n] - r.page), r[`${n}:worse`], r[`${n}:better`], r[`${n}:fallback`]])].join(' | ')} |`);
  }
  console.log(lines.join('\n'));
}

/**
 * What page level alone gives for one page, computed once: the extraction, and the parsed page
 * with its first labeler's labels (a refiner never changes the labels it is given, so one
 * context serves every model and variant applied to the page).
 */
function pageContext(html, url, parsed) {
  const base = extract(html, { url });
  const doc = parsed ?? pageDoc({ html });
  const labels = LABELERS.default(doc, {});
  const first = base.attempts.length === 1 && renderText(labels) === base.text;
  return { html, url, base, doc, labels, first };
}

/**
 * Page-level and site-model scores of one page. The page is parsed and labelled once; each
 * variant refines those labels as extract() would (its first attempt), and the whole extract()
 * runs instead when extract would not stop at its first attempt (short text: the fallback cascade).
 */
function runPage(html, url, truth, scorers, model, parsed) {
  return scoreContext(pageContext(html, url, parsed), truth, scorers, model);
}

function scoreContext(ctx, truth, scorers, model) {
  const { html, url, base, doc, labels, first } = ctx;
  const out = {};
  for (const [m, score] of Object.entries(scorers)) out[m] = { page: score(base.text, truth), site: {}, fallback: {} };
  for (const [name, opts] of VARIANTS) {
    const refiner = siteRefiner(model, opts);
    let text, diagnostics;
    if (first) {
      const l = refiner.refine(doc, labels, { url });
      text = renderText(l);
      diagnostics = l.diagnostics ?? [];
    }
    if (!first || text.length < 250) ({ text, diagnostics } = extract(html, { url, site: refiner }));
    const why = diagnostics.find((d) => d.code.startsWith('W_SITE_'));
    for (const [m, score] of Object.entries(scorers)) {
      out[m].site[name] = score(text, truth);
      out[m].fallback[name] = why ? why.code : false;
    }
  }
  return out;
}

/**
 * A site model from already parsed pages ({html, doc, lines}), the way learnSite builds one:
 * exact HTML copies once, text templates on the unit lines, the style tree over the same pages.
 * Null when the pages do not make a model (fewer than 2 distinct).
 */
function modelOf(host, pages) {
  const seen = new Set(), lines = [];
  const styles = new StyleTreeBuilder();
  for (const o of pages) {
    if (o.lines === null || seen.has(o.html)) continue;
    seen.add(o.html); lines.push(o.lines); styles.add(o.doc);
  }
  try {
    let tree;
    try { tree = styles.finish(); } catch (e) { if (e.code !== 'E_SITE_SAMPLE') throw e; }
    return modelFromUnitLines(host, lines, { pages: pages.length, distinct: seen.size, skipped: 0, urls: [] }, {}, tree);
  } catch (e) {
    if (e.code !== 'E_SITE_SAMPLE') throw e;
    return null;
  }
}

// ------------------------------------------------------------------ (a) synthetic sites
function synthPart() {
  const sites = Number(values.sites), H = Number(values.heldout);
  const Ns = [2, 5, 10, 20];
  const byN = new Map(Ns.map((n) => [n, { word: [], rouge: [] }]));
  const byTemplate = new Map();
  for (let s = 0; s < sites; s++) {
    const template = SYNTH_TEMPLATES[s % SYNTH_TEMPLATES.length];
    const lang = ['en', 'en', 'de', 'fr', 'zh'][Math.floor(s / SYNTH_TEMPLATES.length) % 5];
    const pages = synthSite({ seed: 1000 + s, pages: 20 + H, template, lang });
    const held = pages.slice(20);
    for (const N of Ns) {
      const model = learnSite(pages.slice(0, N));
      for (const p of held) {
        const { word: w, rouge: rr } = runPage(p.html, p.url, p.truth, { word: wordF1, rouge }, model);
        byN.get(N).word.push(w);
        byN.get(N).rouge.push(rr);
        if (N === 10) {
          const k = `${template}/${lang}`;
          if (!byTemplate.has(k)) byTemplate.set(k, []);
          byTemplate.get(k).push(w);
        }
      }
    }
  }
  const rowsW = Ns.map((n) => [`N = ${n}`, summarize(byN.get(n).word)]);
  const rowsR = Ns.map((n) => [`N = ${n}`, summarize(byN.get(n).rouge)]);
  table(`Synthetic sites (${sites} sites × ${H} held-out pages): word F1`, rowsW, 'sample');
  table(`Synthetic sites: ROUGE-LSum F1`, rowsR, 'sample');
  table('Synthetic sites, N = 10, per template/language: word F1', [...byTemplate].map(([k, v]) => [k, summarize(v)]), 'site');
  report.synth = { word: Object.fromEntries(rowsW), rouge: Object.fromEntries(rowsR) };
}

// ------------------------------------------------------------------ (b) real multi-page hosts
function realPart() {
  const rows = [];
  for (const name of values.sets.split(',')) {
    const dir = join(values.data, name);
    const ds = loadDataset(dir);
    const metric = OFFICIAL_METRIC[name];
    const byHost = new Map();
    for (const row of ds.rows) {
      if (!row.host) continue;
      if (!byHost.has(row.host)) byHost.set(row.host, []);
      byHost.get(row.host).push(row);
    }
    const pairs = [];
    const hosts = [...byHost].filter(([, rs]) => rs.length >= Number(values['min-pages'])).sort(([a], [b]) => (a < b ? -1 : 1));
    let done = 0;
    for (const [host, rs] of hosts) {
      const pages = rs.map((row) => {
        const html = readHtml(dir, row);
        const doc = pageDoc({ html });
        return { row, html, doc, lines: doc && unitLines(pageUnits(doc)), truth: readTruth(dir, row) };
      });
      for (let i = 0; i < pages.length; i++) {
        const model = modelOf(host, pages.filter((_, j) => j !== i));
        if (!model) continue;
        const p = pages[i];
        const score = (pred) => officialPageValue(metric, scorePage(p.row.id, p.truth, pred));
        const pair = runPage(p.html, undefined, null, { official: (pred) => score(pred) }, model, p.doc).official;
        pair.id = `${name}/${p.row.id}`; pair.host = host;
        pairs.push(pair);
      }
      process.stderr.write(`\r${name}: ${++done}/${hosts.length} hosts`);
    }
    process.stderr.write('\n');
    rows.push([`${name} (${hosts.length} hosts, leave-one-out)`, summarize(pairs)]);
    report[name] = { summary: summarize(pairs), pairs, worst: pairs.map((p) => ({ id: p.id, host: p.host, page: p.page, site: p.site.default })).sort((a, b) => (a.site - a.page) - (b.site - b.page)).slice(0, 10) };
  }
  table('Real multi-page hosts: official metric, leave-one-out', rows, 'set');
  for (const name of values.sets.split(',')) if (report[name]) console.log(`\n${name}: most worsened pages (default):`, report[name].worst.slice(0, 5).map((w) => `${w.id} ${w.host} ${f3(w.page)}→${f3(w.site)}`).join('; '));
}

function officialPageValue(metric, s) {
  if (metric === 'wceb') return s.wceb?.f1 ?? 0;
  if (metric === 'wcxb_bow') return s.bow?.f1 ?? 0;
  if (metric === 'scrapinghub') return s.sh?.f1 ?? 0;
  throw new Error(`no per-page value for ${metric}`);
}

// ------------------------------------------------------------------ (d) big9: a site-level set
/**
 * big9 (9 news sites × 10 pages × 2005, 2009, 2013, 2017), the set made for site-level methods.
 * Groups are a site's pages of one year (a site's host can change between years, and within one:
 * money.cnn.com beside cnn.com); no URL is passed, so the host guard stays out of it.
 *   - within a site-year, leave-one-out: learn from N of the other pages (N = 2, 5 and all of them;
 *     the N pages that follow the held-out one, in id order, wrapping around), clean the held-out one;
 *   - drift: learn from all the pages of one year, apply to the same site's pages of every other
 *     year; rows by how many years apart, and by direction.
 * The official metric (ROUGE-LSum F1, src/eval).
 */
function big9Part() {
  const dir = join(values.data, 'big9');
  const ds = loadDataset(dir);
  const metric = OFFICIAL_METRIC.big9;
  const groups = new Map();
  for (const row of ds.rows) {
    const k = `${row.site}/${row.year}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(row);
  }
  const keys = [...groups.keys()].sort();
  const data = new Map();
  let done = 0;
  for (const k of keys) {
    data.set(k, groups.get(k).map((row) => {
      const html = readHtml(dir, row);
      const doc = pageDoc({ html });
      const truth = readTruth(dir, row);
      return { row, html, doc, lines: doc && unitLines(pageUnits(doc)), truth, ctx: pageContext(html, undefined, doc) };
    }));
    process.stderr.write(`\rbig9: read ${++done}/${keys.length} site-years`);
  }
  process.stderr.write('\n');
  const score = (p) => ({ official: (pred) => officialPageValue(metric, scorePage(p.row.id, p.truth, pred)) });
  const Ns = [2, 5, Infinity];
  const byN = new Map(Ns.map((n) => [n, []]));
  const bySite = new Map();
  done = 0;
  for (const k of keys) {
    const pages = data.get(k);
    for (let i = 0; i < pages.length; i++) {
      const after = [...pages.slice(i + 1), ...pages.slice(0, i)];
      for (const N of Ns) {
        if (N !== Infinity && N > after.length) continue;
        const model = modelOf(k, after.slice(0, N));
        if (!model) continue;
        const pair = scoreContext(pages[i].ctx, null, score(pages[i]), model).official;
        pair.id = pages[i].row.id;
        byN.get(N).push(pair);
        if (N === Infinity) {
          const site = k.split('/')[0];
          if (!bySite.has(site)) bySite.set(site, []);
          bySite.get(site).push(pair);
        }
      }
    }
    process.stderr.write(`\rbig9 leave-one-out: ${++done}/${keys.length} site-years`);
  }
  process.stderr.write('\n');
  const rowsN = Ns.map((n) => [n === Infinity ? 'N = all others (9; 8 in latimes 2017)' : `N = ${n}`, summarize(byN.get(n))]);
  table('big9, within a site-year, leave-one-out (learn from N of the other pages): ROUGE-LSum F1', rowsN, 'sample');
  table('big9, N = all others, per site: ROUGE-LSum F1', [...bySite].sort(([a], [b]) => (a < b ? -1 : 1)).map(([site, ps]) => [site, summarize(ps)]), 'site');

  // drift: a model of year A on the pages of year B
  const models = new Map(keys.map((k) => [k, modelOf(k, data.get(k))]));
  const byGap = new Map(), byDir = new Map([['older model (learned before)', []], ['newer model (learned after)', []]]);
  done = 0;
  for (const k of keys) {
    const [site, year] = k.split('/');
    for (const j of keys) {
      const [site2, year2] = j.split('/');
      if (site2 !== site || year2 === year || !models.get(j)) continue;
      const gap = Math.abs(Number(year2) - Number(year));
      for (const p of data.get(k)) {
        const pair = scoreContext(p.ctx, null, score(p), models.get(j)).official;
        pair.id = `${p.row.id} with ${j}`;
        if (!byGap.has(gap)) byGap.set(gap, []);
        byGap.get(gap).push(pair);
        byDir.get(Number(year2) < Number(year) ? 'older model (learned before)' : 'newer model (learned after)').push(pair);
      }
    }
    process.stderr.write(`\rbig9 drift: ${++done}/${keys.length} site-years`);
  }
  process.stderr.write('\n');
  const rowsGap = [['same year (leave-one-out, all others)', summarize(byN.get(Infinity))],
    ...[...byGap].sort(([a], [b]) => a - b).map(([g, ps]) => [`${g} years apart`, summarize(ps)]),
    ...[...byDir].map(([d, ps]) => [d, summarize(ps)])];
  table('big9, template drift: a site model learned on one year, applied to another year of the same site: ROUGE-LSum F1', rowsGap, 'model');
  const worst = (ps) => ps.map((p) => ({ id: p.id, page: p.page, site: p.site.default })).sort((a, b) => (a.site - a.page) - (b.site - b.page)).slice(0, 10);
  report.big9 = {
    leaveOneOut: Object.fromEntries(rowsN), perSite: Object.fromEntries([...bySite].map(([s, ps]) => [s, summarize(ps)])),
    drift: Object.fromEntries(rowsGap), worst: worst(byN.get(Infinity)), worstDrift: worst([...byGap.values()].flat()),
  };
  console.log('\nbig9: most worsened pages (all others, default):', report.big9.worst.slice(0, 5).map((w) => `${w.id} ${f3(w.page)}→${f3(w.site)}`).join('; '));
}

// ------------------------------------------------------------------ (e) paper 004 on raw HTML
/**
 * The thesis's claim that the same method cleans raw HTML as well as text (§5.2): paper 004's
 * text templates alone, learned (default options) on the raw HTML of N sibling pages and applied
 * to the held-out page's raw HTML, against the same method on the pages' text (one block per
 * line, as the site model learns it) and against no cleaning. Scored on all the text of the
 * result (every text block of the page, no extractor), and also as the input of page-level
 * extract(): extract(cleaned HTML) against extract(raw HTML).
 * Synthetic sites (word F1; N = 2, 5, 10, 20) and big9 within a site-year (ROUGE-LSum F1;
 * leave-one-out from all the other pages of the site-year).
 */
const HTML_COLUMNS = [
  ['all', 'all text, no cleaning'], ['text', 'templates on page text'], ['html', 'on raw HTML, flat (thesis)'],
  ['htmlSafe', 'on raw HTML, markup-safe'], ['page', 'extract()'], ['pageHtml', 'extract(flat-cleaned HTML)'],
  ['pageHtmlSafe', 'extract(markup-safe cleaned HTML)'],
];

function htmlScores(p, train, score) {
  const lines = (html) => { const d = pageDoc({ html }); return d ? unitLines(pageUnits(d)) : ''; };
  let tplHtml, tplText;
  try {
    tplHtml = learnTextTemplates(train.map((t) => t.html));
    tplText = learnTextTemplates(train.map((t) => t.lines), { splitLines: true });
  } catch (e) {
    if (e.code === 'E_SITE_SAMPLE') return null;
    throw e;
  }
  const cleanedHtml = cleanText(p.html, tplHtml).text;
  const safeHtml = cleanText(p.html, tplHtml, { markup: true }).text;
  const ex = (h) => (h.trim() ? extract(h).text : '');
  return {
    all: score(p.lines), text: score(cleanText(p.lines, tplText).text), html: score(lines(cleanedHtml)), htmlSafe: score(lines(safeHtml)),
    page: score(p.extracted ?? extract(p.html).text), pageHtml: score(ex(cleanedHtml)), pageHtmlSafe: score(ex(safeHtml)),
    removedHtmlShare: 1 - cleanedHtml.length / p.html.length, removedSafeShare: 1 - safeHtml.length / p.html.length,
  };
}

function htmlTable(title, rows) {
  const head = ['sample', 'pages', ...HTML_COLUMNS.map(([, label]) => label), 'HTML removed flat / safe', 'extract(safe) worse / better'];
  const lines = [`\n### ${title}\n`, `| ${head.join(' | ')} |`, `|${head.map(() => '---:').join('|')}|`];
  for (const [k, xs] of rows) {
    const m = (f) => mean(xs.map(f));
    const worse = xs.filter((x) => x.page - x.pageHtmlSafe > WORSE).length, better = xs.filter((x) => x.pageHtmlSafe - x.page > WORSE).length;
    const pct = (f) => `${(100 * m(f)).toFixed(0)}%`;
    lines.push(`| ${[k, xs.length, ...HTML_COLUMNS.map(([c]) => f3(m((x) => x[c]))), `${pct((x) => x.removedHtmlShare)} / ${pct((x) => x.removedSafeShare)}`, `${worse} / ${better}`].join(' | ')} |`);
  }
  console.log(lines.join('\n'));
  return Object.fromEntries(rows.map(([k, xs]) => [k, Object.fromEntries([['pages', xs.length], ...HTML_COLUMNS.map(([c]) => [c, mean(xs.map((x) => x[c]))])])]));
}

function htmlPart() {
  const sites = Number(values.sites), H = Number(values.heldout);
  const Ns = [2, 5, 10, 20];
  const byN = new Map(Ns.map((n) => [n, []]));
  const prep = (html) => { const d = pageDoc({ html }); return { html, lines: d ? unitLines(pageUnits(d)) : '' }; };
  for (let s = 0; s < sites; s++) {
    const template = SYNTH_TEMPLATES[s % SYNTH_TEMPLATES.length];
    const lang = ['en', 'en', 'de', 'fr', 'zh'][Math.floor(s / SYNTH_TEMPLATES.length) % 5];
    const pages = synthSite({ seed: 1000 + s, pages: 20 + H, template, lang }).map((p) => ({ ...prep(p.html), truth: p.truth }));
    for (const p of pages.slice(20)) p.extracted = extract(p.html).text;
    for (const N of Ns) {
      for (const p of pages.slice(20)) {
        const r = htmlScores(p, pages.slice(0, N), (pred) => wordF1(pred, p.truth));
        if (r) byN.get(N).push(r);
      }
    }
    process.stderr.write(`\rraw HTML, synthetic: ${s + 1}/${sites} sites`);
  }
  process.stderr.write('\n');
  report.html = { synth: htmlTable(`Paper 004 alone on page text and on raw HTML, synthetic sites (${sites} sites × ${H} held-out pages): word F1`, Ns.map((n) => [`N = ${n}`, byN.get(n)])) };

  const dir = join(values.data, 'big9');
  const ds = loadDataset(dir);
  const groups = new Map();
  for (const row of ds.rows) {
    const k = `${row.site}/${row.year}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(row);
  }
  const out = [], bySite = new Map();
  let done = 0;
  for (const [k, rows] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const pages = rows.map((row) => ({ row, ...prep(readHtml(dir, row)), truth: readTruth(dir, row) }));
    for (let i = 0; i < pages.length; i++) {
      const p = pages[i];
      const r = htmlScores(p, pages.filter((_, j) => j !== i), (pred) => officialPageValue('wceb', scorePage(p.row.id, p.truth, pred)));
      if (!r) continue;
      out.push(r);
      const site = k.split('/')[0];
      if (!bySite.has(site)) bySite.set(site, []);
      bySite.get(site).push(r);
    }
    process.stderr.write(`\rraw HTML, big9: ${++done}/${groups.size} site-years`);
  }
  process.stderr.write('\n');
  report.html.big9 = htmlTable('Paper 004 alone on page text and on raw HTML, big9 within a site-year (leave-one-out): ROUGE-LSum F1',
    [['all sites', out], ...[...bySite].map(([site, xs]) => [site, xs])]);
}

// ------------------------------------------------------------------ (c) failure modes
function modesPart() {
  const rows = [];
  const seeds = [1, 2, 3, 4, 5];
  const mixedRows = [], lackRows = [], driftRows = [], otherRows = [];
  for (const seed of seeds) {
    const mixed = synthSite({ seed: 2000 + seed, pages: 25, template: 'mixed', lang: 'en' });
    const mixedModel = learnSite(mixed.slice(0, 20));
    mixedRows.push(...mixed.slice(20).map((p) => runPage(p.html, p.url, p.truth, { word: wordF1 }, mixedModel).word));
    const t = SYNTH_TEMPLATES[seed % SYNTH_TEMPLATES.length], other = SYNTH_TEMPLATES[(seed + 1) % SYNTH_TEMPLATES.length];
    const host = `site-${seed}.example`;
    const sample = synthSite({ seed: 3000 + seed, pages: 10, template: t, host, lang: 'en' });
    const lacking = synthSite({ seed: 4000 + seed, pages: 5, template: other, host, lang: 'en' });
    const sampleModel = learnSite(sample);
    lackRows.push(...lacking.map((p) => runPage(p.html, p.url, p.truth, { word: wordF1 }, sampleModel).word));
    const drifting = synthSite({ seed: 5000 + seed, pages: 15, template: t, drift: true, driftAfter: 10, lang: 'en' });
    const driftModel = learnSite(drifting.slice(0, 10));
    driftRows.push(...drifting.slice(10).map((p) => runPage(p.html, p.url, p.truth, { word: wordF1 }, driftModel).word));
    const foreign = synthSite({ seed: 6000 + seed, pages: 5, template: t, lang: 'en' });
    otherRows.push(...foreign.map((p) => runPage(p.html, p.url, p.truth, { word: wordF1 }, sampleModel).word));
  }
  rows.push(['several templates on one host (mixed, 20-page sample)', summarize(mixedRows)]);
  rows.push(['a page type the sample lacks', summarize(lackRows)]);
  rows.push(['template drift after page 10', summarize(driftRows)]);
  rows.push(['a model for another host', summarize(otherRows)]);
  table('Failure modes (synthetic, English; word F1)', rows, 'mode');
  report.modes = Object.fromEntries(rows);
}

const part = values.part;
if (part === 'synth' || part === 'all') synthPart();
if (part === 'modes' || part === 'all') modesPart();
if (part === 'real' || part === 'all') realPart();
if (part === 'big9' || part === 'all') big9Part();
if (part === 'html' || part === 'all') htmlPart();
if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 1));
