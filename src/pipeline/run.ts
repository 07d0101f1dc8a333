/**
 * `thresher run`: paper 000's whole framework over a corpus, streaming —
 *   read pages ─▶ clean (worker threads) ─▶ remove replicas ─▶ store records (SQLite + JSONL).
 *
 * Cleaning runs in parallel; everything that depends on earlier pages (replica decisions, id
 * de-duplication, storing) runs on this thread in corpus order, so the output does not depend on
 * the number of workers. Memory is bounded by the in-flight window, not by the corpus.
 * Outer ring: reads files, starts threads; never prints (progress goes to a callback).
 */
import { availableParallelism } from 'node:os';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ThresherError } from '../errors.js';
import { ReplicaStage, type ReplicaChoice } from '../corpus/replica-stage.js';
import { REPLICA_METHODS } from '../corpus/replicas/create.js';
import { exactKey } from '../corpus/replicas/exact.js';
import { openCorpus, type CorpusItem } from './input.js';
import { PagePool, type PageOutcome } from './pool.js';
import { CorpusStore, RECORDS_FILE, STORE_FILE, type BatchEntry } from './store.js';

export interface RunOptions {
  /** Output directory: thresher.db and records.jsonl. */
  out: string;
  /** Worker threads cleaning pages (default: the machine's available parallelism). */
  workers?: number;
  /** A page still cleaning after this many ms is abandoned as a failure (default 60 000). */
  pageTimeoutMs?: number;
  /** Records committed per transaction; a killed run redoes at most one batch (default 64). */
  batchSize?: number;
  /** Near-duplicate method for replica removal, after exact copies (default minhash; 'none' keeps every page). */
  replicas?: ReplicaChoice;
  /** Discard an earlier run in `out` instead of resuming it. */
  fresh?: boolean;
  onProgress?: (p: RunProgress) => void;
}

export interface RunProgress {
  done: number;
  total: number;
  records: number;
  replicas: number;
  failures: number;
}

export interface RunSummary {
  input: string;
  out: string;
  pages: number;
  records: number;
  /** Records per page type (topic / hub / image). */
  types: Record<string, number>;
  replicas: number;
  failures: number;
  failuresByCode: Record<string, number>;
  /** The first failures, with their reasons. */
  failureSamples: { id: string; code: string; message: string }[];
  /** Corpus index this run started from (> 0 when it resumed an earlier one). */
  resumedFrom: number;
  /** The store already held a complete run of this corpus: nothing was done. */
  alreadyComplete: boolean;
  workers: number;
  seconds: number;
}

export const RUN_DEFAULTS = { pageTimeoutMs: 60_000, batchSize: 64 };

export async function runCorpus(input: string, options: RunOptions): Promise<RunSummary> {
  const t0 = performance.now();
  const workers = options.workers ?? availableParallelism();
  const batchSize = options.batchSize ?? RUN_DEFAULTS.batchSize;
  if (!Number.isInteger(workers) || workers < 1) throw new ThresherError('E_BAD_OPTION', `workers must be a whole number ≥ 1, got ${workers}`);
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new ThresherError('E_BAD_OPTION', `batchSize must be a whole number ≥ 1, got ${batchSize}`);
  const pageTimeoutMs = options.pageTimeoutMs ?? RUN_DEFAULTS.pageTimeoutMs;
  if (!(pageTimeoutMs > 0)) throw new ThresherError('E_BAD_OPTION', `pageTimeoutMs must be a positive number of ms, got ${pageTimeoutMs}`);
  const source = await openCorpus(input);
  if (options.fresh) for (const f of [STORE_FILE, `${STORE_FILE}-wal`, `${STORE_FILE}-shm`, RECORDS_FILE]) rmSync(join(options.out, f), { force: true });
  const replicaMethod = options.replicas ?? 'minhash';
  if (!['none', ...REPLICA_METHODS].includes(replicaMethod)) throw new ThresherError('E_BAD_OPTION', `replicas must be one of none, ${REPLICA_METHODS.join(', ')}; got ${replicaMethod}`);
  // A resumed run must decide replicas as the run it continues did, so the method is part of the identity.
  const store = new CorpusStore(options.out, `${source.kind}:${resolve(input)} replicas=${replicaMethod}`);
  try {
    const start = store.state();
    const total = await source.count();
    const counts = { records: start.records, replicas: start.replicas, failures: start.failures };
    if (!start.complete) {
      // The index is rebuilt from what is stored, records and replicas in corpus order, so a
      // resumed run decides the rest exactly as an uninterrupted one would.
      const replicas = new ReplicaStage(replicaMethod);
      for (const r of store.indexedContent()) replicas.admit(r.id, r.content);
      const pool = new PagePool({ workers, pageTimeoutMs });
      try {
        let batch: BatchEntry[] = [];
        const batchIds = new Set<string>();
        for await (const [item, outcome] of cleanInOrder(source.items(start.nextIndex), pool, workers * 4)) {
          const entry = decide(item, outcome, (id) => batchIds.has(id) || store.hasId(id), replicas);
          if (entry.kind === 'record') { batchIds.add(entry.record.id); counts.records++; } else if (entry.kind === 'replica') counts.replicas++; else counts.failures++;
          batch.push(entry);
          if (batch.length >= batchSize) {
            store.commit(batch, item.index + 1);
            batch = []; batchIds.clear();
          }
          options.onProgress?.({ done: item.index + 1, total, ...counts });
        }
        if (batch.length) store.commit(batch, lastIndex(batch) + 1);
      } finally {
        await pool.close();
      }
      store.markComplete();
    }
    const tallies = store.tallies();
    return {
      input, out: options.out, pages: total, records: counts.records, types: tallies.types, replicas: counts.replicas,
      failures: counts.failures, failuresByCode: tallies.failures, failureSamples: store.failureList(10),
      resumedFrom: start.nextIndex, alreadyComplete: start.complete, workers, seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    store.close();
  }
}

/** Items paired with their cleaning outcomes, in corpus order, at most `window` in flight. */
async function* cleanInOrder(items: AsyncGenerator<CorpusItem>, pool: PagePool, window: number): AsyncGenerator<[CorpusItem, PageOutcome | null]> {
  const pending: [CorpusItem, Promise<PageOutcome> | null][] = [];
  for await (const item of items) {
    pending.push([item, item.bytes ? pool.clean({ id: item.id, url: item.url, host: item.host, bytes: item.bytes, contentType: item.contentType }) : null]);
    // The bytes now belong to the worker message; drop our reference so memory stays flat.
    item.bytes = undefined;
    if (pending.length >= window) {
      const [it, p] = pending.shift()!;
      yield [it, p ? await p : null];
    }
  }
  for (const [it, p] of pending) yield [it, p ? await p : null];
}

/** What becomes of one page, given everything before it. */
function decide(item: CorpusItem, outcome: PageOutcome | null, idTaken: (id: string) => boolean, replicas: ReplicaStage): BatchEntry {
  const fail = (code: string, message: string): BatchEntry => ({ kind: 'failure', index: item.index, id: item.id, code, message });
  if (item.error) return fail(item.error.code, item.error.message);
  if (!outcome) return fail('E_INPUT_READ', 'no bytes were read');
  if (!outcome.ok) return fail(outcome.code, outcome.message);
  const record = { index: item.index, ...outcome.record };
  record.fingerprint = exactKey(record.content) ?? undefined;
  if (idTaken(record.id)) return fail('E_DUPLICATE_ID', `the id ${record.id} was already stored by an earlier page`);
  const replica = replicas.admit(record.id, record.content);
  if (replica) return { kind: 'replica', index: item.index, id: record.id, content: record.content, ...replica };
  return { kind: 'record', record, timings: outcome.timings };
}

function lastIndex(batch: BatchEntry[]): number {
  const e = batch[batch.length - 1];
  return e.kind === 'record' ? e.record.index : e.index;
}
