#!/usr/bin/env node
/**
 * Site models against page-level extraction alone, on the same pages (issue 3, "Evaluation").
 *
 *   node scripts/eval-site.mjs [--part synth|real|modes|all] [--sets dragnet,l3s-gn1] [--data ../shared/datasets]
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
 * Page-level and site-model scores of one page. The page is parsed and labelled once; each
 * variant refines those labels as extract() would (its first attempt), and the whole extract()
 * runs instead when extract would not stop at its first attempt (short text: the fallback cascade).
 */
function runPage(html, url, truth, scorers, model, parsed) {
  const base = extract(html, { url });
  const doc = parsed ?? pageDoc({ html });
  const labels = LABELERS.default(doc, {});
  const first = base.attempts.length === 1 && renderText(labels) === base.text;
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
        const others = pages.filter((_, j) => j !== i);
        const seen = new Set(), lines = [];
        const styles = new StyleTreeBuilder();
        for (const o of others) {
          if (o.lines === null || seen.has(o.html)) continue;
          seen.add(o.html); lines.push(o.lines); styles.add(o.doc);
        }
        let model;
        try {
          let tree;
          try { tree = styles.finish(); } catch (e) { if (e.code !== 'E_SITE_SAMPLE') throw e; }
          model = modelFromUnitLines(host, lines, { pages: others.length, distinct: seen.size, skipped: 0, urls: [] }, {}, tree);
        } catch (e) {
          if (e.code !== 'E_SITE_SAMPLE') throw e;
          continue;
        }
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
if (values.json) writeFileSync(values.json, JSON.stringify(report, null, 1));
