/**
 * Cluster stages 1 and 2: what the corpus as a whole teaches about each page, as thresher run's
 * learning passes (pipeline/learn.ts) compute it, in jobs over shards and partitions.
 *
 *   census (per shard)  pages per site, readable pages, and each site's first sample pages in the
 *                       shard (their sizes in the census file, their bytes in sample files
 *                       partitioned by host);
 *   plan (one job)      shard offsets (corpus order is the shards in order, then each shard's
 *                       order), the corpus census, and each site's sample chosen by replaying
 *                       thresher run's SampleSelector over the shards' sample sizes;
 *   learn (per host partition)  the site models, on the worker's thread pool;
 *   sites (one job)     paper 004's cross-site idiom filter across all models (finishSites);
 *   terms (per shard holding some of the corpus's first statsPages readable pages)  their
 *                       document frequencies; stop (one job): merged, the aggressive stop list.
 *
 * Every job writes its outputs atomically (files.ts) and returns at once when its done file exists.
 */
import { CorpusStats, AGGRESSIVE_DEFAULTS } from '../corpus/corpus-stats.js';
import { openCorpus, type BadLines } from '../pipeline/input.js';
import { finishSites, learnSample, SampleSelector, type LearnedSites, type SiteOutcome } from '../pipeline/learn.js';
import type { PagePool, SiteJob } from '../pipeline/pool.js';
import type { Learned } from '../pipeline/store.js';
import { hostOf as siteHostOf, type SitePage } from '../site/model.js';
import { breathe, exists, LineWriter, num, partitionOf, readJson, readLinesOf, stageFile, writeJson } from './files.js';
import type { ClusterSettings } from './settings.js';

/** A shard's census file. `events`: per site, its items in the shard up to its sample-th readable one: [local index, bytes or -1]. */
export interface ShardCensus {
  total: number;
  readable: number;
  hosts: [string, number][];
  notPages: Record<string, number>;
  badManifestLines: BadLines;
  events: [string, [number, number][]][];
}

export interface Plan {
  /** The corpus index of each shard's first page (a poisoned shard counts no pages). */
  offsets: number[];
  /** Pages per shard (0 for a shard whose census failed). */
  pages: number[];
  total: number;
  hosts: [string, number][];
  notPages: Record<string, number>;
  badManifestLines: BadLines;
  /** Each sampled site's pages, as [shard, local index], in corpus order. */
  samples: { host: string; pages: [number, number][] }[];
  /** How many of each shard's first readable pages count for the stop list. */
  statsPages: number[];
}

interface SampleLine { i: number; url?: string; b64: string }

export async function censusJob(st: ClusterSettings, s: number): Promise<ShardCensus> {
  const done = stageFile(st.out, 'census', `${num(s)}.json`);
  if (exists(done)) return readJson<ShardCensus>(done);
  const source = await openCorpus(st.shards[s]);
  const census = await source.census();
  const want = st.sites ? st.sites.samplePages : 0;
  const events = new Map<string, [number, number][]>();
  const taken = new Map<string, number>();
  const writers = new Map<number, LineWriter>();
  let readable = 0;
  try {
    for await (const item of source.items(0)) {
      if (item.bytes) readable++;
      const host = siteHostOf(item.url);
      if (host === undefined || want === 0 || (taken.get(host) ?? 0) >= want) continue;
      // Past a site's sample-th readable page in this shard, nothing of it can be in its sample.
      let ev = events.get(host);
      if (!ev) events.set(host, (ev = []));
      ev.push([item.index, item.bytes ? item.bytes.byteLength : -1]);
      if (!item.bytes) continue;
      taken.set(host, (taken.get(host) ?? 0) + 1);
      const p = partitionOf(host, st.partitions);
      let w = writers.get(p);
      if (!w) writers.set(p, (w = new LineWriter(stageFile(st.out, 'samples', `${num(s)}-${num(p)}.jsonl.gz`))));
      await w.write({ i: item.index, url: item.url, b64: Buffer.from(item.bytes).toString('base64') } satisfies SampleLine);
    }
    for (const w of writers.values()) await w.close();
  } catch (e) {
    for (const w of writers.values()) w.abort();
    throw e;
  }
  const out: ShardCensus = {
    total: census.total, readable, hosts: [...census.hosts], notPages: census.notPages ?? {}, badManifestLines: source.badManifestLines, events: [...events],
  };
  writeJson(done, out);
  return out;
}

/** The plan: offsets and the corpus census from the shards' censuses, and each site's sample as thresher run would take it. */
export function planJob(st: ClusterSettings): Plan {
  const done = stageFile(st.out, 'plan.json');
  if (exists(done)) return readJson<Plan>(done);
  const censuses = st.shards.map((_, s) => {
    const f = stageFile(st.out, 'census', `${num(s)}.json`);
    return exists(f) ? readJson<ShardCensus>(f) : undefined;
  });
  const offsets: number[] = [], pages: number[] = [], readableBefore: number[] = [];
  const hosts = new Map<string, number>();
  const notPages: Record<string, number> = {};
  const bad: BadLines = { count: 0, samples: [] };
  let total = 0, readable = 0;
  for (const c of censuses) {
    offsets.push(total); readableBefore.push(readable); pages.push(c?.total ?? 0);
    if (!c) continue;
    total += c.total; readable += c.readable;
    for (const [h, n] of c.hosts) hosts.set(h, (hosts.get(h) ?? 0) + n);
    for (const [k, n] of Object.entries(c.notPages)) notPages[k] = (notPages[k] ?? 0) + n;
    bad.count += c.badManifestLines.count;
    bad.samples.push(...c.badManifestLines.samples.slice(0, 10 - bad.samples.length));
  }
  const samples: Plan['samples'] = [];
  if (st.sites) {
    const selector = new SampleSelector<[number, number]>(hosts, st.sites);
    const take = (done: { host: string; pages: [number, number][] }[]): void => { samples.push(...done); };
    censuses.forEach((c, s) => {
      if (!c || selector.open === 0) return;
      // The shard's items of sampled sites, back in corpus order.
      const items = c.events.flatMap(([host, ev]) => ev.map(([i, bytes]) => [i, host, bytes] as const)).sort((a, b) => a[0] - b[0]);
      for (const [i, host, bytes] of items) {
        take(selector.offer(host, bytes >= 0 ? { value: [s, i], bytes } : undefined));
        if (selector.open === 0) break;
      }
    });
    take(selector.rest());
  }
  samples.sort((a, b) => (a.host < b.host ? -1 : 1));
  // thresher run counts the stop list over the first min(statsPages, pages) readable pages, none below the list's minimum.
  const statsTotal = Math.min(st.statsPages, total) < AGGRESSIVE_DEFAULTS.minDocs ? 0 : Math.min(st.statsPages, total);
  const statsPages = censuses.map((c, s) => (c ? Math.max(0, Math.min(c.readable, statsTotal - readableBefore[s])) : 0));
  const plan: Plan = { offsets, pages, total, hosts: [...hosts].sort((a, b) => (a[0] < b[0] ? -1 : 1)), notPages, badManifestLines: bad, samples, statsPages };
  writeJson(done, plan);
  return plan;
}

/** The site models of the hosts in partition `p`, learned from their samples. */
export async function learnJob(st: ClusterSettings, p: number, pool: PagePool): Promise<number> {
  const done = stageFile(st.out, 'sites', `${num(p)}.json`);
  if (exists(done)) return readJson<SiteOutcome[]>(done).length;
  const plan = readJson<Plan>(stageFile(st.out, 'plan.json'));
  const mine = plan.samples.filter((x) => partitionOf(x.host, st.partitions) === p);
  const wanted = new Map<number, Set<number>>();
  for (const x of mine) for (const [s, i] of x.pages) { if (!wanted.has(s)) wanted.set(s, new Set()); wanted.get(s)!.add(i); }
  const pages = new Map<string, SitePage>();
  for (const [s, set] of [...wanted].sort((a, b) => a[0] - b[0])) {
    for await (const line of readLinesOf<SampleLine>(stageFile(st.out, 'samples', `${num(s)}-${num(p)}.jsonl.gz`))) {
      if (set.has(line.i)) pages.set(`${s}:${line.i}`, { url: line.url, html: Buffer.from(line.b64, 'base64') });
    }
  }
  const outcomes = await Promise.all(mine.map((x) => learnSample(pool, x.host, x.pages.map(([s, i]) => pages.get(`${s}:${i}`)!))));
  writeJson(done, outcomes);
  return outcomes.length;
}

/** Every partition's models → the cross-site idiom filter → sites.json. */
export function sitesJob(st: ClusterSettings): LearnedSites {
  const done = stageFile(st.out, 'sites.json');
  if (exists(done)) return readJson<LearnedSites>(done);
  const plan = readJson<Plan>(stageFile(st.out, 'plan.json'));
  const hosts = new Map(plan.hosts);
  const outcomes: SiteOutcome[] = [];
  for (let p = 0; p < st.partitions; p++) {
    const f = stageFile(st.out, 'sites', `${num(p)}.json`);
    if (exists(f)) outcomes.push(...readJson<SiteOutcome[]>(f));
  }
  const sites = finishSites(outcomes, (h) => hosts.get(h) ?? 0);
  writeJson(done, sites);
  return sites;
}

/** A run's site models by host, as the pool's jobs take them. */
export function siteLookup(models: LearnedSites['models']): (url: string | undefined) => SiteJob | undefined {
  const byHost = new Map(models.map((m) => [m.host, JSON.stringify(m)]));
  return (url) => {
    const host = siteHostOf(url);
    const json = host === undefined ? undefined : byHost.get(host);
    return json === undefined ? undefined : { host: host!, json };
  };
}

/** Document frequencies over shard `s`'s first readable pages that count for the stop list. */
export async function termsJob(st: ClusterSettings, s: number, pool: PagePool, window: number): Promise<number> {
  const done = stageFile(st.out, 'terms', `${num(s)}.json`);
  if (exists(done)) return 0;
  const plan = readJson<Plan>(stageFile(st.out, 'plan.json'));
  const siteOf = siteLookup(readJson<LearnedSites>(stageFile(st.out, 'sites.json')).models);
  const stats = new CorpusStats();
  const want = plan.statsPages[s];
  const pending = new Set<Promise<void>>();
  let sent = 0;
  for await (const item of (await openCorpus(st.shards[s])).items(0)) {
    if (sent >= want) break;
    if (!item.bytes) continue;
    const job = pool.terms({ id: item.id, url: item.url, host: item.host, bytes: item.bytes, contentType: item.contentType }, siteOf(item.url))
      .then((r) => { if (r.ok) stats.addDocument(r.terms); });
    const p: Promise<void> = job.finally(() => pending.delete(p));
    pending.add(p);
    sent++;
    if (pending.size >= window) await Promise.race(pending);
  }
  await Promise.all(pending);
  writeJson(done, stats.toJSON());
  return sent;
}

/** The stop list from the merged frequencies; with the models, what every page is cleaned with. */
export async function stopJob(st: ClusterSettings): Promise<Learned> {
  const done = stageFile(st.out, 'learned.json');
  if (exists(done)) return readJson<Learned>(done);
  const plan = readJson<Plan>(stageFile(st.out, 'plan.json'));
  const sites = readJson<LearnedSites>(stageFile(st.out, 'sites.json'));
  const stats = new CorpusStats();
  for (let s = 0; s < st.shards.length; s++) {
    const f = stageFile(st.out, 'terms', `${num(s)}.json`);
    if (plan.statsPages[s] > 0 && exists(f)) stats.merge(CorpusStats.fromJSON(readJson(f)));
    await breathe();
  }
  const learned: Learned = { models: sites.models, skipped: sites.skipped, aggressiveStopWords: stats.aggressiveStopWords(), statsDocs: stats.docs };
  writeJson(done, learned);
  return learned;
}
