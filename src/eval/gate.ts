/**
 * Quality gate: pinned official scores per dataset (bench/quality-pins.json) and the check that
 * a run did not fall below them by more than a tolerance. Pins move up freely; down only with an
 * explicit reason, which is kept in the file's history.
 * Library code: returns reports or throws ThresherError (E_GATE, E_BAD_OPTION); never prints.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { ThresherError } from '../errors.js';
import type { Algorithm } from '../types.js';
import type { MetricName } from './dataset.js';
import type { DatasetResult } from './run-eval.js';

/** Default allowed drop below a pin (see DEFAULT_TOLERANCE_NOTE). */
export const DEFAULT_TOLERANCE = 0.003;
export const DEFAULT_TOLERANCE_NOTE =
  'Extraction is deterministic: a re-run reproduces every score exactly, so the tolerance is not run-to-run noise but ' +
  'the largest drop one set may take (say, a trade-off for a gain elsewhere) without a deliberate re-pin. 0.003 lies ' +
  'below every set\'s bootstrap std of its official score (bootstrap_std: about 0.004-0.007 for the large sets, 0.016 for ' +
  'readability; 0.2-0.7 of each), so what the gate lets through is inside what the benchmark cannot resolve anyway, ' +
  'while any loss visible in the 3rd decimal of a published table fails.';

export interface Pin { metric: MetricName; value: number; bootstrap_std?: number; pages: number }

export interface PinHistory { date: string; commit?: string; dataset: string; from: number | null; to: number; reason: string }

export interface PinsFile {
  note: string;
  date: string;
  commit?: string;
  algorithm: Algorithm;
  tolerance: number;
  tolerance_note: string;
  pins: Record<string, Pin>;
  history: PinHistory[];
}

export type GateStatus = 'ok' | 'improved' | 'within-tolerance' | 'regressed' | 'unpinned';

export interface GateRow { dataset: string; metric: MetricName; pinned: number | null; measured: number; delta: number | null; status: GateStatus }

export interface GateReport { file: string; tolerance: number; rows: GateRow[]; ok: boolean }

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

export function readPins(file: string): PinsFile {
  if (!existsSync(file)) throw new ThresherError('E_BAD_OPTION', `no pins file at ${file} (create it with --update-pins)`, { file });
  let v: Partial<PinsFile>;
  try { v = JSON.parse(readFileSync(file, 'utf8')) as Partial<PinsFile>; } catch {
    throw new ThresherError('E_BAD_OPTION', `${file} is not JSON`, { file });
  }
  if (!v.pins || typeof v.pins !== 'object' || typeof v.tolerance !== 'number') {
    throw new ThresherError('E_BAD_OPTION', `${file} is not a pins file (needs "pins" and "tolerance")`, { file });
  }
  return { note: '', date: '', algorithm: 'default', tolerance_note: '', history: [], ...v } as PinsFile;
}

/** Runs gated or pinned must be full runs of the pinned algorithm. */
export function assertComparable(results: DatasetResult[], algorithm: Algorithm, pins?: PinsFile): void {
  const cut = results.filter((r) => r.pages !== r.total).map((r) => r.dataset);
  if (cut.length) throw new ThresherError('E_BAD_OPTION', `pins are for full datasets; ${cut.join(', ')} ran on part of the pages (drop --limit)`);
  if (pins && pins.algorithm !== algorithm) {
    throw new ThresherError('E_BAD_OPTION', `the pins are for --algorithm ${pins.algorithm}, this run used ${algorithm}`);
  }
}

function gateRow(r: DatasetResult, pin: Pin | undefined, tolerance: number): GateRow {
  const measured = r.official.value;
  if (!pin) return { dataset: r.dataset, metric: r.official.metric, pinned: null, measured, delta: null, status: 'unpinned' };
  if (pin.metric !== r.official.metric) {
    throw new ThresherError('E_GATE', `${r.dataset}: the pin is for metric ${pin.metric}, the run measured ${r.official.metric}`);
  }
  const delta = round6(measured) - pin.value;
  const status: GateStatus = delta < -tolerance - 1e-9 ? 'regressed' : delta < -1e-9 ? 'within-tolerance' : delta > 1e-9 ? 'improved' : 'ok';
  return { dataset: r.dataset, metric: r.official.metric, pinned: pin.value, measured, delta, status };
}

/** Compares each dataset's official number with its pin. */
export function checkGate(file: string, results: DatasetResult[], algorithm: Algorithm): GateReport {
  const pins = readPins(file);
  assertComparable(results, algorithm, pins);
  const rows = results.map((r) => gateRow(r, pins.pins[r.dataset], pins.tolerance));
  return { file, tolerance: pins.tolerance, rows, ok: rows.every((r) => r.status !== 'regressed') };
}

/** The typed error for a failed gate, naming each regressed dataset with pinned and measured values. */
export function gateError(report: GateReport): ThresherError {
  const bad = report.rows.filter((r) => r.status === 'regressed');
  const what = bad.map((r) => `${r.dataset} ${r.metric} ${r.measured.toFixed(4)} < pinned ${r.pinned?.toFixed(4)} (${r.delta?.toFixed(4)})`);
  return new ThresherError('E_GATE',
    `quality regression beyond the tolerance ${report.tolerance}: ${what.join('; ')}. ` +
    `Fix it, or lower the pins deliberately: --update-pins --allow-lower --reason "..."`,
    { file: report.file, regressions: bad });
}

export interface UpdateOptions {
  allowLower?: boolean;
  reason?: string;
  commit?: string;
  date?: string;
  note?: string;
}

export interface UpdateReport { file: string; tolerance: number; changed: { dataset: string; from: number | null; to: number }[]; keptHigher: GateRow[] }

function emptyPins(algorithm: Algorithm): PinsFile {
  return {
    note: 'Official benchmark score per dev set for thresher extract() (npm run eval:gate fails on a drop beyond tolerance). ' +
      'Raise with: node dist/src/cli/main.js eval --all --update-pins. Lower only with --allow-lower --reason "...".',
    date: '', algorithm, tolerance: DEFAULT_TOLERANCE, tolerance_note: DEFAULT_TOLERANCE_NOTE, pins: {}, history: [],
  };
}

/**
 * Writes the measured numbers as pins: upward always, downward only with allowLower and a reason
 * (recorded in history). Datasets below their pin without allowLower keep the old pin.
 */
export function updatePins(file: string, results: DatasetResult[], algorithm: Algorithm, o: UpdateOptions = {}): UpdateReport {
  if (o.allowLower && !o.reason?.trim()) throw new ThresherError('E_BAD_OPTION', '--allow-lower needs --reason "why the pins go down"');
  const pins = existsSync(file) ? readPins(file) : emptyPins(algorithm);
  assertComparable(results, algorithm, existsSync(file) ? pins : undefined);
  const date = o.date ?? new Date().toISOString().slice(0, 10);
  const changed: UpdateReport['changed'] = [], keptHigher: GateRow[] = [];
  for (const r of results) {
    const old = pins.pins[r.dataset];
    const value = round6(r.official.value);
    const row = gateRow(r, old, pins.tolerance);
    if (old && value < old.value && !o.allowLower) { keptHigher.push(row); continue; }
    if (old && value === old.value) continue;
    pins.pins[r.dataset] = { metric: r.official.metric, value, bootstrap_std: round6(r.official.std), pages: r.pages };
    changed.push({ dataset: r.dataset, from: old?.value ?? null, to: value });
    const reason = old && value < old.value ? o.reason!.trim() : o.reason?.trim() || (old ? 'raised: score improved' : 'initial pin');
    pins.history.push({ date, ...(o.commit ? { commit: o.commit } : {}), dataset: r.dataset, from: old?.value ?? null, to: value, reason });
  }
  if (changed.length) {
    pins.date = date;
    if (o.commit) pins.commit = o.commit;
    if (o.note) pins.note = o.note;
    const { note, date: d, commit, algorithm: alg, tolerance, tolerance_note, pins: values, history, ...rest } = pins;
    const ordered = { note, date: d, ...(commit ? { commit } : {}), algorithm: alg, tolerance, tolerance_note, pins: values, history, ...rest };
    writeFileSync(file, JSON.stringify(ordered, null, 2) + '\n');
  }
  return { file, tolerance: pins.tolerance, changed, keptHigher };
}
