/**
 * Benchmark dataset loader, for folders in the layout of shared/datasets (see its README.md):
 *   <name>/manifest.jsonl, <name>/html/<id>.html.gz, <name>/truth/<id>.txt|.json, <name>/snippets/<id>.json
 * Throws ThresherError E_DATASET for a folder that is not in that layout.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ThresherError } from '../errors.js';
import type { Snippets } from './metrics.js';

/** The benchmark metrics; `official` picks one number of each. */
export type MetricName = 'scrapinghub' | 'wceb' | 'wcxb_bow' | 'trafilatura';

/** The development sets, in the order `--all` runs them. */
export const DEV_SETS = ['wcxb-dev', 'cleaneval', 'dragnet', 'l3s-gn1', 'readability', 'trafilatura', 'big9'] as const;

/** Official metric per dataset (datasets README): word F1, ROUGE-LSum F1 (page mean), snippet F1. */
export const OFFICIAL_METRIC: Record<string, MetricName> = {
  'wcxb-dev': 'wcxb_bow',
  cleaneval: 'wceb',
  dragnet: 'wceb',
  'l3s-gn1': 'wceb',
  readability: 'wceb',
  big9: 'wceb',
  trafilatura: 'trafilatura',
};

/**
 * Pages the datasets README says to leave out. big9: 2017-latimes-09's gold is a different
 * article. (Its 11 other `anomaly` pages, with `?` or U+FFFD in the gold, stay in.)
 */
export const EXCLUDED_PAGES: Record<string, readonly string[]> = {
  big9: ['2017-latimes-09'],
};

export interface ManifestRow {
  id: string;
  url?: string | null;
  html: string;
  truth: string;
  truth_format: 'text' | 'snippets';
  snippets?: string;
  anomaly?: string;
  [key: string]: unknown;
}

export interface Dataset {
  name: string;
  dir: string;
  /** Rows scored, in manifest order (README exclusions removed). */
  rows: ManifestRow[];
  /** Ids left out, with why. */
  excluded: { id: string; reason: string }[];
  official: MetricName;
}

export interface LoadOptions {
  /** Keep every manifest row, including those the README says to leave out. */
  keepExcluded?: boolean;
}

function datasetError(dir: string, what: string): ThresherError {
  return new ThresherError('E_DATASET', `${dir}: ${what} (expected the layout of shared/datasets: manifest.jsonl, html/<id>.html.gz, truth/<id>.txt|.json)`, { dir });
}

function parseManifest(dir: string, text: string): ManifestRow[] {
  const rows: ManifestRow[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line.trim()) return;
    let row: ManifestRow;
    try { row = JSON.parse(line) as ManifestRow; } catch {
      throw datasetError(dir, `manifest.jsonl line ${i + 1} is not JSON`);
    }
    if (typeof row.id !== 'string' || typeof row.html !== 'string' || typeof row.truth !== 'string') {
      throw datasetError(dir, `manifest.jsonl line ${i + 1} lacks id, html or truth`);
    }
    if (row.truth_format !== 'text' && row.truth_format !== 'snippets') {
      throw datasetError(dir, `manifest.jsonl line ${i + 1}: truth_format must be "text" or "snippets"`);
    }
    rows.push(row);
  });
  return rows;
}

/** Reads a dataset folder's manifest. The folder's base name is the dataset name. */
export function loadDataset(dir: string, options: LoadOptions = {}): Dataset {
  const abs = path.resolve(dir);
  if (!existsSync(abs) || !statSync(abs).isDirectory()) throw datasetError(abs, 'no such folder');
  const manifest = path.join(abs, 'manifest.jsonl');
  if (!existsSync(manifest)) throw datasetError(abs, 'no manifest.jsonl');
  const all = parseManifest(abs, readFileSync(manifest, 'utf8'));
  if (!all.length) throw datasetError(abs, 'manifest.jsonl has no pages');
  const ids = new Set<string>();
  for (const r of all) {
    if (ids.has(r.id)) throw datasetError(abs, `page id "${r.id}" appears twice in manifest.jsonl`);
    ids.add(r.id);
  }
  const name = path.basename(abs);
  const skip = new Set(options.keepExcluded ? [] : EXCLUDED_PAGES[name] ?? []);
  const rows = all.filter((r) => !skip.has(r.id));
  const excluded = all.filter((r) => skip.has(r.id)).map((r) => ({ id: r.id, reason: r.anomaly ?? 'left out per the datasets README' }));
  const official = OFFICIAL_METRIC[name] ?? (all.every((r) => r.truth_format === 'snippets') ? 'trafilatura' : 'wceb');
  return { name, dir: abs, rows, excluded, official };
}

/** Dataset folders of every dev set under `root`; E_DATASET if the root or a set is missing. */
export function devSetDirs(root: string): string[] {
  const abs = path.resolve(root);
  if (!existsSync(abs)) {
    throw new ThresherError('E_DATASET', `no datasets folder at ${abs}; pass --data ROOT (a folder holding ${DEV_SETS.join(', ')})`, { dir: abs });
  }
  const missing = DEV_SETS.filter((n) => !existsSync(path.join(abs, n, 'manifest.jsonl')));
  if (missing.length) {
    throw new ThresherError('E_DATASET', `${abs} lacks the dev set(s) ${missing.join(', ')} (each needs a manifest.jsonl)`, { dir: abs, missing });
  }
  return DEV_SETS.map((n) => path.join(abs, n));
}

function readRel(dir: string, rel: string, what: string): Buffer {
  try { return readFileSync(path.join(dir, rel)); } catch {
    throw datasetError(dir, `cannot read ${what} ${rel}`);
  }
}

/** The page's HTML, inflated and decoded as UTF-8 (`dir`: the dataset folder). */
export function readHtml(dir: string, row: ManifestRow): string {
  const raw = readRel(dir, row.html, 'page');
  let bytes: Buffer;
  try { bytes = row.html.endsWith('.gz') ? gunzipSync(raw) : raw; } catch {
    throw new ThresherError('E_GZIP', `${path.join(dir, row.html)} does not inflate`, { id: row.id });
  }
  return bytes.toString('utf8');
}

/** What a page is scored against. */
export interface Truth {
  /** Plain-text gold (truth_format "text"). */
  text?: string;
  /** with/without snippets: the gold for truth_format "snippets", extra ones for wcxb-dev. */
  snippets?: Snippets;
}

function parseSnippets(dir: string, rel: string): Snippets {
  let v: unknown;
  try { v = JSON.parse(readRel(dir, rel, 'snippets').toString('utf8')); } catch (e) {
    if (e instanceof ThresherError) throw e;
    throw datasetError(dir, `${rel} is not JSON`);
  }
  const s = v as Partial<Snippets>;
  if (!Array.isArray(s.with) || !Array.isArray(s.without)) throw datasetError(dir, `${rel} lacks "with"/"without" arrays`);
  return { with: s.with, without: s.without };
}

/** The page's truth (`dir`: the dataset folder). */
export function readTruth(dir: string, row: ManifestRow): Truth {
  if (row.truth_format === 'snippets') return { snippets: parseSnippets(dir, row.truth) };
  const text = readRel(dir, row.truth, 'truth').toString('utf8');
  return row.snippets ? { text, snippets: parseSnippets(dir, row.snippets) } : { text };
}
