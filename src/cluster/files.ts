/**
 * Cluster mode's stage files: where each stage's output lives in the run directory every worker
 * sees, and how it is written. Every job writes its outputs to temporary names and renames them into
 * place, its "done" file last, so a job killed at any moment leaves either its whole output or none
 * of the file that says it finished; the job run again rewrites the same bytes (idempotent).
 *
 * Layout of OUT (a shared or network file system; the same path on every machine):
 *   stages/run.json                   the run's settings (the coordinator writes it first)
 *   stages/census/<s>.json            stage 1: shard s's census and sample sizes (done file)
 *   stages/samples/<s>-<p>.jsonl.gz   stage 1: shard s's sample pages of the hosts of partition p
 *   stages/plan.json                  shard offsets, the corpus census, each host's sample
 *   stages/sites/<p>.json             stage 2: the sites of partition p learned
 *   stages/sites.json                 the models after the cross-site idiom filter
 *   stages/terms/<s>.json             document frequencies of shard s's stop-list pages
 *   stages/learned.json               models, skipped sites and the stop list
 *   stages/clean/<s>.jsonl.gz         stage 3: each page of shard s, cleaned (done file)
 *   stages/keys/<s>-<p>.jsonl         stage 3: shard s's ids, exact keys and signatures for partition p
 *   stages/groups/<p>.json + reps/<p>.bin + bands/<p>-<q>.jsonl   stage 4: groups and LSH bands
 *   stages/pairs/<q>.jsonl            stage 4: verified candidate pairs
 *   stages/decisions.jsonl            stage 4: the replica and duplicate-id decisions, in corpus order
 *   shards/<s>/records.jsonl.gz       stage 5: shard s's records
 *   thresher.db, records.jsonl        stage 5: the merged store, as thresher run writes it
 */
import { closeSync, createReadStream, createWriteStream, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip, constants as zlib } from 'node:zlib';
import { hashString } from '../corpus/replicas/hash32.js';
import { ThresherError } from '../errors.js';
import { readStreamLines } from '../pipeline/input.js';

/** A shard's or partition's number as it appears in file names (sorted names are in order). */
export const num = (n: number): string => String(n).padStart(4, '0');

export function stageFile(out: string, ...parts: string[]): string {
  return join(out, 'stages', ...parts);
}

export function shardRecordsFile(out: string, shard: number): string {
  return join(out, 'shards', num(shard), 'records.jsonl.gz');
}

/** The partition (0 … n-1) a key belongs to: the same on every machine. */
export function partitionOf(key: string, n: number): number {
  return (hashString(key) >>> 0) % n;
}

/** A name beside `path` that no other attempt uses, for writing before the rename. */
function tempOf(path: string): string {
  return `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
}

/** Writes `data` to `path` atomically: a temporary file, fsynced, then renamed into place. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = tempOf(path);
  try {
    writeFileSync(tmp, data);
    const fd = openSync(tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw new ThresherError('E_OUTPUT', `cannot write ${path}: ${(e as Error).message}`);
  }
}

export function writeJson(path: string, value: unknown): void {
  writeAtomic(path, JSON.stringify(value));
}

export function readJson<T>(path: string): T {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch (e) {
    throw new ThresherError('E_CLUSTER', `cannot read the stage file ${path}: ${(e as Error).message}`);
  }
}

export const exists = (path: string): boolean => existsSync(path);

/**
 * A JSON Lines file written as a stream (gzipped when the name ends in .gz), renamed into place by
 * close(): a shard's cleaned pages need not fit in memory at once.
 */
export class LineWriter {
  private readonly tmp: string;
  private readonly file: ReturnType<typeof createWriteStream>;
  private readonly sink: NodeJS.WritableStream;
  private readonly gz: ReturnType<typeof createGzip> | null;
  lines = 0;

  constructor(readonly path: string) {
    mkdirSync(dirname(path), { recursive: true });
    this.tmp = tempOf(path);
    this.file = createWriteStream(this.tmp);
    // Level 1: stage files are read once; most of the gain for a fraction of the time.
    this.gz = path.endsWith('.gz') ? createGzip({ level: zlib.Z_BEST_SPEED }) : null;
    if (this.gz) this.gz.pipe(this.file);
    this.sink = this.gz ?? this.file;
  }

  /** Writes one value as a line; waits when the stream is full. */
  async write(value: unknown): Promise<void> {
    this.lines++;
    if (!this.sink.write(JSON.stringify(value) + '\n')) await new Promise<void>((r) => this.sink.once('drain', () => r()));
  }

  /** Ends the file, fsyncs it and renames it into place. */
  async close(): Promise<void> {
    this.sink.end();
    await finished(this.file);
    const fd = openSync(this.tmp, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(this.tmp, this.path);
  }

  /** Drops the temporary file (a failed job). */
  abort(): void {
    this.file.destroy();
    rmSync(this.tmp, { force: true });
  }
}

/** The values of a JSON Lines file (.gz inflated), streamed; a missing file is an empty one when `optional`. */
export async function* readLinesOf<T>(path: string, optional = false): AsyncGenerator<T> {
  if (!existsSync(path)) {
    if (optional) return;
    throw new ThresherError('E_CLUSTER', `a stage file is missing: ${path}`);
  }
  const raw = createReadStream(path, { highWaterMark: 1 << 16 });
  const stream = path.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
  for await (const line of readStreamLines(stream)) {
    if (typeof line !== 'string') throw new ThresherError('E_CLUSTER', `${path}: a line over the length limit`);
    if (line) yield JSON.parse(line) as T;
  }
}

/** Lets timers run (the queue's lock renewal) during a long loop on this thread. */
export const breathe = (): Promise<void> => new Promise((r) => setImmediate(r));
