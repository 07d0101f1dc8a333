/**
 * `thresher run`: paper 000's whole framework over a corpus, streaming —
 *   census (pages per site) ─▶ learn site models (sites with enough pages) and the corpus's
 *   aggressive stop list ─▶ clean + integrate (worker threads) ─▶ remove replicas ─▶ store
 *   records (SQLite + JSONL, WARC on request).
 *
 * Learning (learn.ts) and cleaning run in parallel; everything that depends on earlier pages
 * (replica decisions, id de-duplication, storing) runs on this thread in corpus order, so the
 * output does not depend on the number of workers. Memory is bounded by the in-flight window and
 * the learning samples, not by the corpus. Outer ring: reads files, starts threads; never prints
 * (progress goes to a callback).
 */
import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ThresherError } from '../errors.js';
import { parseClassifierModel } from '../corpus/classify/model.js';
import { REPLICA_METHODS } from '../corpus/replicas/create.js';
import { hostOf as siteHostOf } from '../site/model.js';
import { openCorpus, type BadLines, type Census, type CorpusItem, type CorpusSource } from './input.js';
import { checkSiteOptions, learnCorpusSites, learnStopWords, STATS_PAGES_DEFAULT, type SiteLearningOptions } from './learn.js';
import { PagePool, type PageOutcome, type SiteJob } from './pool.js';
import type { ReplicaChoice, StoredReplicaIndex } from './replica-store.js';
import { CorpusStore, lockRunDir, RECORDS_FILE, STORE_FILE, WARC_FILE, type BatchEntry, type Learned } from './store.js';

export interface RunOptions {
  /** Output directory: thresher.db and records.jsonl (and records.warc.gz with `warc`). */
  out: string;
  /** Worker threads cleaning pages (default: the machine's available parallelism; at most 4 per core, MAX_WORKERS_PER_CORE). */
  workers?: number;
  /** A page still cleaning after this many ms is abandoned as a failure (default 60 000). */
  pageTimeoutMs?: number;
  /** Records committed per transaction; a killed run redoes at most one batch (default 64). */
  batchSize?: number;
  /** Near-duplicate method for replica removal, after exact copies (default minhash; 'none' keeps every page). */
  replicas?: ReplicaChoice;
  /** Site models for the sites with enough pages (default: on, learn.ts's defaults); false cleans at page level only. */
  sites?: SiteLearningOptions | false;
  /** Pages the corpus's aggressive stop list is learned from (default 1000; 0: generic stop words only). */
  statsPages?: number;
  /** A content classifier, the JSON text `thresher train` writes: every record gets a category. */
  classifier?: string;
  /** Write the records as WARC too (DIR/records.warc.gz). */
  warc?: boolean;
  /** Discard an earlier run in `out` instead of resuming it. */
  fresh?: boolean;
  onProgress?: (p: RunProgress) => void;
}

export interface RunProgress {
  /** 'sites': learning site models; 'stop-words': counting document frequencies; 'clean': the records. */
  phase: 'sites' | 'stop-words' | 'clean';
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
  /** Records per category, when a classifier was given. */
  categories?: Record<string, number>;
  replicas: number;
  failures: number;
  failuresByCode: Record<string, number>;
  /** The first failures, with their reasons. */
  failureSamples: { id: string; code: string; message: string }[];
  /** WARC responses that are not pages (not 2xx, not HTML: redirects, 404s, robots.txt, sitemaps), skipped: how many, by reason. */
  notPages: { count: number; byReason: Record<string, number> };
  /** Lines of a directory's manifest.jsonl that were malformed (not a JSON object, a url that is not a string): ignored, with reasons. */
  badManifestLines: BadLines;
  /** Site models: hosts that got one, records cleaned with one, and sites with enough pages that got none (why). */
  sites: { models: number; records: number; skipped: { host: string; pages: number; reason: string }[] };
  /** The corpus's aggressive stop list: how many words, the first of them, and the pages it was counted over. */
  stopWords: { count: number; sample: string[]; docs: number };
  /** Corpus index this run started from (> 0 when it resumed an earlier one). */
  resumedFrom: number;
  /** The store already held a complete run of this corpus: nothing was done. */
  alreadyComplete: boolean;
  workers: number;
  seconds: number;
}

/**
 * Each worker is a thread with its own heap (tens of MB) and page window: past a few per core they
 * only add memory and contention, and a million of them never start (the run hung).
 */
export const MAX_WORKERS_PER_CORE = 4;

export const RUN_DEFAULTS = { pageTimeoutMs: 60_000, batchSize: 64, statsPages: STATS_PAGES_DEFAULT };

interface Settings { workers: number; batchSize: number; pageTimeoutMs: number; replicas: ReplicaChoice; sites: Required<SiteLearningOptions> | false; statsPages: number }

function settingsOf(options: RunOptions): Settings {
  const bad = (m: string): never => { throw new ThresherError('E_BAD_OPTION', m); };
  const workers = options.workers ?? availableParallelism();
  const maxWorkers = MAX_WORKERS_PER_CORE * availableParallelism();
  const batchSize = options.batchSize ?? RUN_DEFAULTS.batchSize;
  const pageTimeoutMs = options.pageTimeoutMs ?? RUN_DEFAULTS.pageTimeoutMs;
  const statsPages = options.statsPages ?? RUN_DEFAULTS.statsPages;
  const replicas = options.replicas ?? 'minhash';
  if (!Number.isInteger(workers) || workers < 1) bad(`workers must be a whole number ≥ 1, got ${workers}`);
  if (workers > maxWorkers) bad(`workers must be at most ${maxWorkers} (${MAX_WORKERS_PER_CORE} × the ${availableParallelism()} cores this process may use), got ${workers}`);
  if (!Number.isInteger(batchSize) || batchSize < 1) bad(`batchSize must be a whole number ≥ 1, got ${batchSize}`);
  if (!(pageTimeoutMs > 0)) bad(`pageTimeoutMs must be a positive number of ms, got ${pageTimeoutMs}`);
  if (!Number.isInteger(statsPages) || statsPages < 0) bad(`statsPages must be a whole number ≥ 0, got ${statsPages}`);
  if (!['none', ...REPLICA_METHODS].includes(replicas)) bad(`replicas must be one of none, ${REPLICA_METHODS.join(', ')}; got ${replicas}`);
  return { workers, batchSize, pageTimeoutMs, replicas, statsPages, sites: options.sites === false ? false : checkSiteOptions(options.sites ?? {}) };
}

/**
 * What a resumed run must share with the run it continues, since each changes the records: the
 * corpus, the replica method, the site-model and stop-list settings, the classifier, WARC out.
 */
function identityOf(source: CorpusSource, input: string, s: Settings, options: RunOptions): string {
  const sites = s.sites ? `${s.sites.minPages}/${s.sites.samplePages}/${s.sites.maxBufferBytes}` : 'off';
  const classifier = options.classifier === undefined ? 'none' : createHash('sha256').update(options.classifier).digest('hex').slice(0, 16);
  return `${source.kind}:${resolve(input)} replicas=${s.replicas} sites=${sites} stats=${s.statsPages} classifier=${classifier} warc=${options.warc ? 1 : 0}`;
}

export async function runCorpus(input: string, options: RunOptions): Promise<RunSummary> {
  const t0 = performance.now();
  const s = settingsOf(options);
  if (options.classifier !== undefined) parseClassifierModel(options.classifier);
  const source = await openCorpus(input);
  const release = lockRunDir(options.out);
  let store: CorpusStore;
  try {
    if (options.fresh) for (const f of [STORE_FILE, `${STORE_FILE}-wal`, `${STORE_FILE}-shm`, RECORDS_FILE, WARC_FILE]) rmSync(join(options.out, f), { force: true });
    store = new CorpusStore(options.out, identityOf(source, input, s, options), { warc: options.warc });
  } catch (e) {
    release();
    throw e;
  }
  try {
    const start = store.state();
    const census = await source.census();
    const counts = { records: start.records, replicas: start.replicas, failures: start.failures };
    if (!start.complete) {
      const pool = new PagePool({ workers: s.workers, pageTimeoutMs: s.pageTimeoutMs, context: { classifier: options.classifier } });
      try {
        let learned = store.learned();
        if (!learned) { learned = await learnAll(source, census, pool, s, options); store.saveLearned(learned); }
        pool.setContext({ classifier: options.classifier, aggressiveStopWords: learned.aggressiveStopWords });
        await cleanCorpus(source, start.nextIndex, census.total, pool, store, s, counts, options);
      } finally {
        await pool.close();
      }
      store.markComplete();
    }
    const tallies = store.tallies();
    const learned = store.learned();
    return {
      input, out: options.out, pages: census.total, records: counts.records, types: tallies.types,
      ...(options.classifier !== undefined ? { categories: tallies.categories } : {}), replicas: counts.replicas,
      failures: counts.failures, failuresByCode: tallies.failures, failureSamples: store.failureList(10), badManifestLines: source.badManifestLines,
      notPages: { count: Object.values(census.notPages ?? {}).reduce((a, b) => a + b, 0), byReason: census.notPages ?? {} },
      sites: { models: learned?.models.length ?? 0, records: tallies.siteModel, skipped: learned?.skipped ?? [] },
      stopWords: { count: learned?.aggressiveStopWords.length ?? 0, sample: learned?.aggressiveStopWords.slice(0, 10) ?? [], docs: learned?.statsDocs ?? 0 },
      resumedFrom: start.nextIndex, alreadyComplete: start.complete, workers: s.workers, seconds: (performance.now() - t0) / 1000,
    };
  } finally {
    store.close();
    release();
  }
}

/** The learning passes (learn.ts): site models, then the stop list from pages cleaned with them. */
async function learnAll(source: CorpusSource, census: Census, pool: PagePool, s: Settings, options: RunOptions): Promise<Learned> {
  const progress = (phase: RunProgress['phase']) => (p: { done: number; total: number }) => options.onProgress?.({ phase, ...p, records: 0, replicas: 0, failures: 0 });
  const sites = s.sites ? await learnCorpusSites(source, census, pool, s.sites, progress('sites')) : { models: [], skipped: [] };
  const byHost = new Map(sites.models.map((m) => [m.host, JSON.stringify(m)]));
  const siteOf = (url: string | undefined): SiteJob | undefined => {
    const host = siteHostOf(url);
    const json = host === undefined ? undefined : byHost.get(host);
    return json === undefined ? undefined : { host: host!, json };
  };
  const stats = await learnStopWords(source, pool, siteOf, Math.min(s.statsPages, census.total), s.workers * 4, progress('stop-words'));
  return { models: sites.models, skipped: sites.skipped, aggressiveStopWords: stats.words, statsDocs: stats.docs };
}

/** The records: every page from `from` on, cleaned with its site's model, decided and committed in corpus order. */
async function cleanCorpus(source: CorpusSource, from: number, total: number, pool: PagePool, store: CorpusStore, s: Settings,
  counts: { records: number; replicas: number; failures: number }, options: RunOptions): Promise<void> {
  // The replica index lives in the store, as it was after the last committed batch, so a
  // resumed run decides the rest exactly as an uninterrupted one would.
  const replicas = store.replicaIndex(s.replicas);
  const siteOf = siteLookup(store);
  let batch: BatchEntry[] = [];
  const batchIds = new Set<string>();
  for await (const [item, outcome] of cleanInOrder(source.items(from), pool, siteOf, s.workers * 4)) {
    const entry = decide(item, outcome, (id) => batchIds.has(id) || store.hasId(id), replicas);
    if (entry.kind === 'record') { batchIds.add(entry.record.id); counts.records++; } else if (entry.kind === 'replica') { batchIds.add(entry.id); counts.replicas++; } else counts.failures++;
    batch.push(entry);
    if (batch.length >= s.batchSize) {
      store.commit(batch, item.index + 1);
      batch = []; batchIds.clear();
    }
    options.onProgress?.({ phase: 'clean', done: item.index + 1, total, ...counts });
  }
  if (batch.length) store.commit(batch, lastIndex(batch) + 1);
}

/** A page's site model, from the store (the last few kept at hand: a corpus usually comes host by host). */
function siteLookup(store: CorpusStore): (url: string | undefined) => SiteJob | undefined {
  const hosts = store.siteHosts();
  const cache = new Map<string, string>();
  return (url) => {
    const host = siteHostOf(url);
    if (host === undefined || !hosts.has(host)) return undefined;
    let json = cache.get(host);
    if (json === undefined) {
      json = store.siteModel(host)!;
      if (cache.size >= 64) cache.delete(cache.keys().next().value!);
    } else cache.delete(host);
    cache.set(host, json);
    return { host, json };
  };
}

/** Items paired with their cleaning outcomes, in corpus order, at most `window` in flight (cluster mode's clean stage too). */
export async function* cleanInOrder(items: AsyncGenerator<CorpusItem>, pool: PagePool, siteOf: (url: string | undefined) => SiteJob | undefined,
  window: number): AsyncGenerator<[CorpusItem, PageOutcome | null]> {
  const pending: [CorpusItem, Promise<PageOutcome> | null][] = [];
  for await (const item of items) {
    pending.push([item, item.bytes ? pool.clean({ id: item.id, url: item.url, host: item.host, bytes: item.bytes, contentType: item.contentType }, siteOf(item.url)) : null]);
    // The bytes now belong to the worker message; drop our reference so memory stays flat.
    item.bytes = undefined;
    if (pending.length >= window) {
      const [it, p] = pending.shift()!;
      yield [it, p ? await p : null];
    }
  }
  for (const [it, p] of pending) yield [it, p ? await p : null];
}

/**
 * What becomes of one page, given everything before it: `idTaken` says whether an earlier page
 * was stored under the record's id, `replicas` admits it (thresher run's StoredReplicaIndex; cluster
 * mode's decisions, made from the same matches). Cluster mode's load stage calls this too.
 */
export function decide(item: Pick<CorpusItem, 'index' | 'id' | 'error'>, outcome: PageOutcome | null, idTaken: (id: string) => boolean,
  replicas: Pick<StoredReplicaIndex, 'admit'>): BatchEntry {
  const fail = (code: string, message: string): BatchEntry => ({ kind: 'failure', index: item.index, id: item.id, code, message });
  if (item.error) return fail(item.error.code, item.error.message);
  if (!outcome) return fail('E_INPUT_READ', 'no bytes were read');
  if (!outcome.ok) return fail(outcome.code, outcome.message);
  const record = { index: item.index, ...outcome.record };
  if (idTaken(record.id)) return fail('E_DUPLICATE_ID', `the id ${record.id} was already stored by an earlier page`);
  const replica = replicas.admit(item.index, record.id, record.content, record.fingerprint ?? null);
  if (replica) return { kind: 'replica', index: item.index, id: record.id, ...replica };
  return { kind: 'record', record, timings: outcome.timings, index: outcome.index };
}

function lastIndex(batch: BatchEntry[]): number {
  const e = batch[batch.length - 1];
  return e.kind === 'record' ? e.record.index : e.index;
}
