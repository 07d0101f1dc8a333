/**
 * `thresher train --labels FILE --algorithm knn|nb --out model.json`: learns the content classifier
 * of paper 000 §7.1 (χ² + KNN) or a multinomial Naive Bayes from labelled pages
 * (corpus/classify/), on the pages' topic content (default) or their whole visible text.
 *
 * The labels file is JSON Lines ({"url": …, "label": …} or {"file": …, "label": …}) or CSV with
 * a header naming `label` and `url` or `file`. A `file` is a page path relative to the labels
 * file (or to --pages when that is a directory); a `url` is looked up in --pages (a directory
 * with a manifest.jsonl, or a JSONL of {url, html}). Pages that cannot be read or cleaned, and
 * labels whose page is missing, are reported and left out.
 */
import { parseArgs } from 'node:util';
import { readFile, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { extract } from '../page/extract.js';
import { readInput } from '../io/read-input.js';
import { openCorpus } from '../pipeline/input.js';
import { pageVisibleText } from '../corpus/page-text.js';
import { normalizeUrl } from '../corpus/url.js';
import { classifierTerms, trainClassifier, TRAIN_DEFAULTS, type ClassifierAlgorithm, type TrainingDoc } from '../corpus/classify/model.js';
import { ThresherError } from '../errors.js';
import { writeOutFile } from './output.js';

export const TRAIN_USAGE = `usage: thresher train --labels labels.jsonl|labels.csv --out model.json [--algorithm knn|nb]
                      [--pages DIR|pages.jsonl] [--text content|raw] [--features N] [--k N] [--min-df N] [--alpha A] [--json]
  Learns a page classifier (χ² feature selection + KNN, or Naive Bayes) from labelled pages, on
  their topic content (default) or their whole visible text (--text raw), and writes it as JSON.`;

export interface LabelRow {
  /** 1-based line of the labels file. */
  line: number;
  label: string;
  url?: string;
  file?: string;
}

/** One CSV record per line; fields may be quoted ("a, b", "say ""hi"""). */
function csvFields(line: string): string[] {
  const out: string[] = [];
  let cur = '', quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') quoted = false; else cur += c;
    } else if (c === '"' && cur === '') quoted = true;
    else if (c === ',') { out.push(cur); cur = ''; } else cur += c;
  }
  out.push(cur);
  return out.map((f) => f.trim());
}

/** Rows of a labels file: JSON Lines, or CSV when `csv` (or when the first line is not JSON). */
export function parseLabels(text: string, csv: boolean): LabelRow[] {
  const lines = text.split(/\r?\n/);
  const rows: LabelRow[] = [];
  const bad = (line: number, why: string): never => { throw new ThresherError('E_BAD_OPTION', `labels line ${line}: ${why}`); };
  if (csv) {
    const head = csvFields(lines[0] ?? '').map((h) => h.toLowerCase());
    const li = head.indexOf('label'), ui = head.indexOf('url'), fi = head.indexOf('file');
    if (li < 0 || (ui < 0 && fi < 0)) bad(1, 'the CSV header must name a "label" column and a "url" or "file" column');
    for (let i = 1; i < lines.length; i++) {
      if (!lines[i].trim()) continue;
      const f = csvFields(lines[i]);
      const row: LabelRow = { line: i + 1, label: f[li] ?? '' };
      if (ui >= 0 && f[ui]) row.url = f[ui];
      if (fi >= 0 && f[fi]) row.file = f[fi];
      if (!row.label) bad(i + 1, 'no label');
      if (!row.url && !row.file) bad(i + 1, 'no url or file');
      rows.push(row);
    }
    return rows;
  }
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].trim()) continue;
    let o: Record<string, unknown>;
    try { o = JSON.parse(lines[i]); } catch { bad(i + 1, 'not JSON (use a .csv name for CSV)'); }
    const label = o!.label;
    if (typeof label !== 'string' && typeof label !== 'number') bad(i + 1, 'no "label" string');
    const row: LabelRow = { line: i + 1, label: String(label) };
    if (typeof o!.url === 'string') row.url = o!.url;
    if (typeof o!.file === 'string') row.file = o!.file;
    if (!row.url && !row.file) bad(i + 1, 'no "url" or "file"');
    rows.push(row);
  }
  return rows;
}

function pageText(bytes: Uint8Array, url: string | undefined, text: 'content' | 'raw'): { text: string; lang?: string } {
  if (text === 'raw') return { text: pageVisibleText(bytes) };
  const x = extract(bytes, { url });
  return { text: x.text, lang: x.lang };
}

function wholeNumber(v: string | undefined, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new ThresherError('E_BAD_OPTION', `--${name} must be a whole number ≥ 1, got ${v}`);
  return n;
}

export async function trainCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      labels: { type: 'string' }, out: { type: 'string' }, algorithm: { type: 'string', default: TRAIN_DEFAULTS.algorithm },
      pages: { type: 'string' }, text: { type: 'string', default: 'content' }, features: { type: 'string' }, k: { type: 'string' },
      'min-df': { type: 'string' }, alpha: { type: 'string' }, json: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) { process.stdout.write(TRAIN_USAGE + '\n'); return 0; }
  if (!values.labels || !values.out) { process.stderr.write(TRAIN_USAGE + '\n'); return 2; }
  const algorithm = values.algorithm as ClassifierAlgorithm;
  if (algorithm !== 'knn' && algorithm !== 'nb') throw new ThresherError('E_BAD_OPTION', `--algorithm must be knn or nb, got ${algorithm}`);
  const text = values.text as 'content' | 'raw';
  if (text !== 'content' && text !== 'raw') throw new ThresherError('E_BAD_OPTION', `--text must be content or raw, got ${text}`);
  const alpha = values.alpha === undefined ? TRAIN_DEFAULTS.alpha : Number(values.alpha);
  const options = {
    algorithm, input: text, alpha, features: wholeNumber(values.features, 'features', TRAIN_DEFAULTS.features),
    k: wholeNumber(values.k, 'k', TRAIN_DEFAULTS.k), minDf: wholeNumber(values['min-df'], 'min-df', TRAIN_DEFAULTS.minDf),
  };

  let labelText: string;
  try { labelText = await readFile(values.labels, 'utf8'); } catch {
    throw new ThresherError('E_INPUT_NOT_FOUND', `cannot read the labels file ${values.labels}`);
  }
  const rows = parseLabels(labelText, /\.csv$/i.test(values.labels));
  const docs: TrainingDoc[] = [];
  const problems: { line: number; why: string }[] = [];
  const add = (row: LabelRow, bytes: Uint8Array, url?: string): void => {
    try {
      const t = pageText(bytes, url, text);
      docs.push({ label: row.label, terms: classifierTerms(t.text, t.lang) });
    } catch (e) {
      problems.push({ line: row.line, why: `${(e as { code?: string }).code ?? 'E_EXTRACT'}: ${(e as Error).message}` });
    }
  };

  // Pages named by URL come from --pages, read in one streaming pass.
  const byUrl = new Map<string, LabelRow[]>();
  for (const r of rows) {
    if (r.file !== undefined) continue;
    const key = normalizeUrl(r.url!) ?? r.url!;
    byUrl.set(key, [...(byUrl.get(key) ?? []), r]);
  }
  if (byUrl.size && !values.pages) throw new ThresherError('E_BAD_OPTION', `labels name pages by url; give --pages DIR|pages.jsonl holding them`);
  const pagesDir = values.pages && (await stat(values.pages).catch(() => null))?.isDirectory() ? values.pages : undefined;
  const base = pagesDir ?? dirname(resolve(values.labels));
  for (const r of rows) {
    if (r.file === undefined) continue;
    try {
      const input = await readInput(resolve(base, r.file));
      add(r, input.bytes, r.url);
    } catch (e) {
      problems.push({ line: r.line, why: (e as Error).message });
    }
  }
  if (byUrl.size) {
    const found = new Set<string>();
    for await (const item of (await openCorpus(values.pages!)).items()) {
      const key = item.url !== undefined ? normalizeUrl(item.url) ?? item.url : undefined;
      const wanted = key !== undefined ? byUrl.get(key) : undefined;
      if (!wanted || found.has(key!)) continue;
      found.add(key!);
      for (const r of wanted) {
        if (item.error || !item.bytes) problems.push({ line: r.line, why: item.error?.message ?? 'unreadable page' });
        else add(r, item.bytes, item.url);
      }
    }
    for (const [key, list] of byUrl) if (!found.has(key)) for (const r of list) problems.push({ line: r.line, why: `no page with url ${r.url} in ${values.pages}` });
  }

  const model = trainClassifier(docs, options);
  writeOutFile(values.out, JSON.stringify(model) + '\n');
  problems.sort((a, b) => a.line - b.line);
  const summary = {
    out: values.out, algorithm, text, pages: docs.length, skipped: problems.length, features: model.features.length,
    classes: Object.fromEntries(model.labels.map((l, i) => [l, model.trainedOn[i]])), problems: problems.slice(0, 20),
  };
  if (values.json) process.stdout.write(JSON.stringify(summary) + '\n');
  else {
    process.stdout.write(`${algorithm} classifier on ${docs.length} pages (${text}), ${model.features.length} χ² features → ${values.out}\n`);
    process.stdout.write(`classes    ${model.labels.map((l, i) => `${l} ${model.trainedOn[i]}`).join(', ')}\n`);
    if (problems.length) {
      process.stdout.write(`skipped    ${problems.length}\n`);
      for (const p of problems.slice(0, 20)) process.stdout.write(`  line ${p.line}: ${p.why}\n`);
    }
  }
  return 0;
}
