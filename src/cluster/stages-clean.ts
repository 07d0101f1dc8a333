/**
 * Cluster stages 3 and 5: cleaning a shard, and loading the records.
 *
 *   clean (per shard)  every page cleaned on the worker's thread pool with its site's model and the
 *                      corpus's stop list, as thresher run cleans it (cleanInOrder, processPage);
 *                      written as one line per page. Beside it, for the replica stage, each
 *                      cleaned page's id, exact-copy key and near-duplicate signature, partitioned
 *                      by their hash (the map side of three sort-and-group shuffles);
 *   load (per shard)   the shard's pages decided (thresher run's decide(), with the replica
 *                      stage's decisions) into shards/<s>/records.jsonl.gz;
 *   merge (one job)    every shard's pages, in corpus order, into the store thresher run writes
 *                      (CorpusStore: thresher.db with FTS5, records.jsonl), built beside the run
 *                      directory and renamed into it.
 */
import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createReplicaIndex } from '../corpus/replicas/create.js';
import type { SignatureIndex } from '../corpus/replicas/replica-index.js';
import { openCorpus, type CorpusItem } from '../pipeline/input.js';
import type { PageOutcome, PagePool } from '../pipeline/pool.js';
import { replicaTracks, trackSignature, type ReplicaDecision } from '../pipeline/replica-store.js';
import { cleanInOrder, decide } from '../pipeline/run.js';
import { CorpusStore, RECORDS_FILE, STORE_FILE, type BatchEntry, type Learned } from '../pipeline/store.js';
import { breathe, exists, LineWriter, num, partitionOf, readJson, readLinesOf, shardRecordsFile, stageFile, writeJson } from './files.js';
import type { Plan } from './stages-learn.js';
import { siteLookup } from './stages-learn.js';
import type { ClusterSettings } from './settings.js';

/** One cleaned page: its corpus index, its item id, and what reading or cleaning it gave. */
export interface CleanLine { i: number; id: string; error?: CorpusItem['error']; outcome: PageOutcome | null }

/**
 * A line of the replica stage's input: ['d', record id, index] for duplicate ids, ['x', exact key,
 * index, id] for exact copies, ['s', signature (hex), index, id] for the near-duplicate method.
 */
export type KeyLine = ['d', string, number] | ['x', string, number, string] | ['s', string, number, string];

/** The signature indices of a run's replica tracks (exact first). */
export function trackIndices(st: ClusterSettings): SignatureIndex<unknown>[] {
  return replicaTracks(st.replicas).map((m) => createReplicaIndex(m));
}

export async function cleanJob(st: ClusterSettings, s: number, pool: PagePool, window: number, onProgress?: (done: number, total: number) => void): Promise<number> {
  const done = stageFile(st.out, 'clean', `${num(s)}.jsonl.gz`);
  if (exists(done)) return 0;
  const plan = readJson<Plan>(stageFile(st.out, 'plan.json'));
  const learned = readJson<Learned>(stageFile(st.out, 'learned.json'));
  pool.setContext({ aggressiveStopWords: learned.aggressiveStopWords });
  const siteOf = siteLookup(learned.models);
  const tracks = trackIndices(st);
  const offset = plan.offsets[s];
  const out = new LineWriter(done);
  const keys = new Map<number, LineWriter>();
  const key = async (k: string, line: KeyLine): Promise<void> => {
    const p = partitionOf(k, st.partitions);
    let w = keys.get(p);
    if (!w) keys.set(p, (w = new LineWriter(stageFile(st.out, 'keys', `${num(s)}-${num(p)}.jsonl`))));
    await w.write(line);
  };
  let n = 0;
  try {
    const items = (await openCorpus(st.shards[s])).items(0);
    for await (const [item, outcome] of cleanInOrder(items, pool, siteOf, window)) {
      const i = offset + item.index;
      await out.write({ i, id: item.id, ...(item.error ? { error: item.error } : {}), outcome } satisfies CleanLine);
      if (outcome?.ok && !item.error) {
        const r = outcome.record;
        await key(`d${r.id}`, ['d', r.id, i]);
        for (const t of tracks) {
          const sig = trackSignature(t, r.content, r.fingerprint ?? null);
          if (sig === null) continue;
          const text = t.method === 'exact' ? (sig as string) : Buffer.from(t.encode(sig)).toString('hex');
          await key(`${t.method === 'exact' ? 'x' : 's'}${text}`, t.method === 'exact' ? ['x', text, i, r.id] : ['s', text, i, r.id]);
        }
      }
      if (++n % 50 === 0) onProgress?.(n, plan.pages[s]);
    }
    // The key files first: the cleaned pages' file is the stage's done file.
    for (const w of keys.values()) await w.close();
    await out.close();
  } catch (e) {
    for (const w of keys.values()) w.abort();
    out.abort();
    throw e;
  }
  return n;
}

/** A shard's decisions (from the replica stage): duplicate ids and replicas by corpus index. */
export type Decision = ['dup', number] | ['replica', number, string, string];

async function decisionsOf(st: ClusterSettings, s: number): Promise<Map<number, Decision>> {
  const map = new Map<number, Decision>();
  for await (const d of readLinesOf<Decision>(stageFile(st.out, 'decisions', `${num(s)}.jsonl`), true)) map.set(d[1], d);
  return map;
}

/** Shard `s`'s pages as thresher run decides them: records, replicas and failures, in corpus order. */
async function* entriesOf(st: ClusterSettings, s: number): AsyncGenerator<BatchEntry> {
  const decisions = await decisionsOf(st, s);
  for await (const line of readLinesOf<CleanLine>(stageFile(st.out, 'clean', `${num(s)}.jsonl.gz`))) {
    const d = decisions.get(line.i);
    const admit = (): ReplicaDecision | undefined => (d?.[0] === 'replica' ? { canonical: d[2], method: d[3] } : undefined);
    yield decide({ index: line.i, id: line.id, error: line.error }, line.outcome, () => d?.[0] === 'dup', { admit });
  }
}

export interface LoadCounts { records: number; replicas: number; failures: number }

export async function loadJob(st: ClusterSettings, s: number): Promise<LoadCounts> {
  const done = stageFile(st.out, 'load', `${num(s)}.json`);
  if (exists(done)) return readJson<LoadCounts>(done);
  const counts: LoadCounts = { records: 0, replicas: 0, failures: 0 };
  const out = new LineWriter(shardRecordsFile(st.out, s));
  try {
    for await (const e of entriesOf(st, s)) {
      if (e.kind === 'record') { counts.records++; await out.write(e.record); } else if (e.kind === 'replica') counts.replicas++; else counts.failures++;
    }
    await out.close();
  } catch (e) {
    out.abort();
    throw e;
  }
  writeJson(done, counts);
  return counts;
}

/** What the merged store holds, for the run's summary. */
export interface MergedStats extends ReturnType<CorpusStore['tallies']> {
  failureSamples: ReturnType<CorpusStore['failureList']>;
  state: ReturnType<CorpusStore['state']>;
}

/** The merged store, as thresher run's CorpusStore writes it, from the shards whose pages were cleaned. */
export async function mergeJob(st: ClusterSettings, batchSize = 64): Promise<void> {
  if (exists(join(st.out, STORE_FILE)) && exists(stageFile(st.out, 'merged.json'))) return;
  const learned = readJson<Learned>(stageFile(st.out, 'learned.json'));
  // Built in a folder of its own and renamed in: a merge killed half-way leaves nothing in OUT.
  const tmp = join(st.out, 'stages', `merge-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  mkdirSync(tmp, { recursive: true });
  let stats: MergedStats | undefined;
  try {
    const store = new CorpusStore(tmp, `cluster:${st.runId}`);
    try {
      store.saveLearned(learned);
      for (let s = 0; s < st.shards.length; s++) {
        if (!exists(stageFile(st.out, 'clean', `${num(s)}.jsonl.gz`))) continue;
        let batch: BatchEntry[] = [];
        const flush = async (): Promise<void> => {
          if (!batch.length) return;
          const last = batch[batch.length - 1];
          store.commit(batch, (last.kind === 'record' ? last.record.index : last.index) + 1);
          batch = [];
          await breathe();
        };
        for await (const e of entriesOf(st, s)) { batch.push(e); if (batch.length >= batchSize) await flush(); }
        await flush();
      }
      store.markComplete();
      stats = { ...store.tallies(), failureSamples: store.failureList(10), state: store.state() };
    } finally {
      store.close();
    }
    for (const f of [STORE_FILE, RECORDS_FILE]) renameSync(join(tmp, f), join(st.out, f));
    writeJson(stageFile(st.out, 'merged.json'), stats);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
