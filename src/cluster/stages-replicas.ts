/**
 * Cluster stage 4: replicas, as map-reduce, with the decisions thresher run makes.
 *
 * thresher run (pipeline/replica-store.ts) admits pages one by one in corpus order. A page whose
 * record id an earlier admitted page has is E_DUPLICATE_ID and not admitted. An admitted page is
 * an exact replica when an earlier admitted page has its exact-copy key: its canonical is that of
 * the first such page. Otherwise it is a near replica when it matches (shares an LSH bucket and is
 * similar enough to) an earlier admitted page: its canonical is that of its best match (highest
 * similarity, then lowest id). A replica is still indexed, so later pages can match it. That is
 * not union-find (A≈B, B≈C, A≉C with C first keeps A and C), so the reduce walks in corpus order:
 *
 *   group (per partition)  sort-and-group of the clean stage's keys: duplicate ids; exact-key groups;
 *                          pages with identical signatures as one group (they match everything
 *                          alike), its first page's signature in reps/<p>.bin and its LSH bucket
 *                          keys sent on, partitioned by bucket;
 *   pairs (per partition)  the bucket records sorted by key, grouped: candidate pairs of groups,
 *                          verified with the method's similarity (signatures read by offset);
 *   walk (one job)         the pages in a group or a pair, in corpus order, decided as run decides
 *                          them; other pages are records. It holds only those pages (replicas and
 *                          their matches), never an index of the corpus; decisions per shard.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { ThresherError } from '../errors.js';
import type { SignatureIndex } from '../corpus/replicas/replica-index.js';
import { breathe, exists, LineWriter, num, partitionOf, readJson, readLinesOf, stageFile, writeAtomic, writeJson } from './files.js';
import type { ClusterSettings } from './settings.js';
import { trackIndices, type Decision, type KeyLine } from './stages-clean.js';
import type { Plan } from './stages-learn.js';

type Member = [number, string];

export interface GroupFile {
  /** Pages whose record id an earlier page has: [index, id]. */
  dups: Member[];
  /** Exact-key groups of two or more pages, members in corpus order. */
  exact: Member[][];
  /** Identical-signature groups of two or more pages: g is the first member's index; self its similarity to itself. */
  sig: { g: number; self: number; m: Member[] }[];
}

/** A bucket record: [bucket key, reps partition, byte offset, length, group index, group id]. */
type Band = [number | string, number, number, number, number, string];

/** A verified pair of signature groups: [group A, its first id, group B, its first id, similarity]. */
export type Pair = [number, string, number, string, number];

function nearIndex(st: ClusterSettings): SignatureIndex<unknown> | undefined {
  return trackIndices(st).find((t) => t.method !== 'exact');
}

/** Adds `m` to the group under `key`; members arrive in corpus order (shards in order, each in order). */
function push(map: Map<string, Member[]>, key: string, m: Member): void {
  const g = map.get(key);
  if (g) g.push(m); else map.set(key, [m]);
}

export async function groupJob(st: ClusterSettings, p: number): Promise<void> {
  const done = stageFile(st.out, 'groups', `${num(p)}.json`);
  if (exists(done)) return;
  const ids = new Map<string, Member[]>(), exact = new Map<string, Member[]>(), sigs = new Map<string, Member[]>();
  for (let s = 0; s < st.shards.length; s++) {
    for await (const k of readLinesOf<KeyLine>(stageFile(st.out, 'keys', `${num(s)}-${num(p)}.jsonl`), true)) {
      if (k[0] === 'd') push(ids, k[1], [k[2], k[1]]);
      else push(k[0] === 'x' ? exact : sigs, k[1], [k[2], k[3]]);
    }
    await breathe();
  }
  const near = nearIndex(st);
  const out: GroupFile = { dups: [], exact: [], sig: [] };
  for (const g of ids.values()) out.dups.push(...g.slice(1));
  for (const g of exact.values()) if (g.length > 1) out.exact.push(g);
  const reps: Buffer[] = [];
  const bands = new Map<number, LineWriter>();
  let offset = 0;
  try {
    for (const [hex, g] of sigs) {
      const bytes = Buffer.from(hex, 'hex');
      const sig = near!.decode(bytes);
      if (g.length > 1) out.sig.push({ g: g[0][0], self: near!.similarity(sig, sig), m: g });
      reps.push(bytes);
      for (const key of near!.bucketKeys(sig)) {
        const q = partitionOf(String(key), st.partitions);
        let w = bands.get(q);
        if (!w) bands.set(q, (w = new LineWriter(stageFile(st.out, 'bands', `${num(p)}-${num(q)}.jsonl`))));
        await w.write([key, p, offset, bytes.length, g[0][0], g[0][1]] satisfies Band);
      }
      offset += bytes.length;
    }
    writeAtomic(stageFile(st.out, 'reps', `${num(p)}.bin`), Buffer.concat(reps));
    for (const w of bands.values()) await w.close();
  } catch (e) {
    for (const w of bands.values()) w.abort();
    throw e;
  }
  writeJson(done, out);
}

/** Reads group signatures by offset from the partitions' reps files, each once. */
class RepReader {
  private readonly fds = new Map<number, number>();
  private readonly cache = new Map<number, unknown>();

  constructor(private readonly st: ClusterSettings, private readonly index: SignatureIndex<unknown>) {}

  sig(b: Band): unknown {
    let s = this.cache.get(b[4]);
    if (s === undefined) {
      let fd = this.fds.get(b[1]);
      if (fd === undefined) this.fds.set(b[1], (fd = openSync(stageFile(this.st.out, 'reps', `${num(b[1])}.bin`), 'r')));
      const buf = Buffer.alloc(b[3]);
      if (readSync(fd, buf, 0, b[3], b[2]) !== b[3]) throw new ThresherError('E_CLUSTER', `reps/${num(b[1])}.bin is shorter than its bucket records say`);
      this.cache.set(b[4], (s = this.index.decode(buf)));
    }
    return s;
  }

  close(): void { for (const fd of this.fds.values()) closeSync(fd); }
}

export async function pairsJob(st: ClusterSettings, q: number): Promise<number> {
  const done = stageFile(st.out, 'pairs', `${num(q)}.jsonl`);
  if (exists(done)) return 0;
  const near = nearIndex(st);
  const rows: Band[] = [];
  for (let p = 0; p < st.partitions; p++) for await (const b of readLinesOf<Band>(stageFile(st.out, 'bands', `${num(p)}-${num(q)}.jsonl`), true)) rows.push(b);
  // Sort-and-group: one bucket's groups side by side, in corpus order within it.
  rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[4] - b[4]));
  const reader = near ? new RepReader(st, near) : undefined;
  const seen = new Set<string>();
  const out = new LineWriter(done);
  let n = 0, buckets = 0;
  try {
    for (let start = 0; start < rows.length;) {
      let end = start + 1;
      while (end < rows.length && rows[end][0] === rows[start][0]) end++;
      for (let a = start; a < end; a++) {
        for (let b = a + 1; b < end; b++) {
          const k = `${rows[a][4]}:${rows[b][4]}`;
          if (rows[a][4] === rows[b][4] || seen.has(k)) continue;
          seen.add(k);
          const sim = near!.similarity(reader!.sig(rows[a]), reader!.sig(rows[b]));
          if (sim >= 0) { n++; await out.write([rows[a][4], rows[a][5], rows[b][4], rows[b][5], sim] satisfies Pair); }
        }
      }
      start = end;
      if (++buckets % 4096 === 0) await breathe();
    }
    await out.close();
  } catch (e) {
    out.abort();
    throw e;
  } finally {
    reader?.close();
  }
  return n;
}

/** What the walk knows of a page: its id, its exact group (number) and its signature group (first index). */
interface Involved { id: string; x?: number; g?: number }

/** Every page in a group or a pair, the duplicate ids, and the groups' links, from the group and pairs files. */
async function readGraph(st: ClusterSettings): Promise<{ pages: Map<number, Involved>; dups: Map<number, string>; self: Map<number, number>; links: Map<number, [number, number][]> }> {
  const pages = new Map<number, Involved>(), dups = new Map<number, string>(), self = new Map<number, number>();
  const links = new Map<number, [number, number][]>();
  const at = (i: number, id: string): Involved => { let v = pages.get(i); if (!v) pages.set(i, (v = { id })); return v; };
  let x = 0;
  for (let p = 0; p < st.partitions; p++) {
    const f = readJson<GroupFile>(stageFile(st.out, 'groups', `${num(p)}.json`));
    for (const [i, id] of f.dups) dups.set(i, id);
    for (const g of f.exact) { for (const [i, id] of g) at(i, id).x = x; x++; }
    for (const g of f.sig) { self.set(g.g, g.self); for (const [i, id] of g.m) at(i, id).g = g.g; }
  }
  const linked = new Set<string>();
  for (let q = 0; q < st.partitions; q++) {
    for await (const [a, ida, b, idb, sim] of readLinesOf<Pair>(stageFile(st.out, 'pairs', `${num(q)}.jsonl`))) {
      // The same pair can share buckets in several partitions.
      if (linked.has(`${a}:${b}`)) continue;
      linked.add(`${a}:${b}`);
      // A group not in a group file has one page: its first.
      if (at(a, ida).g === undefined) pages.get(a)!.g = a;
      if (at(b, idb).g === undefined) pages.get(b)!.g = b;
      for (const [g, o] of [[a, b], [b, a]]) { const l = links.get(g); if (l) l.push([o, sim]); else links.set(g, [[o, sim]]); }
    }
  }
  return { pages, dups, self, links };
}

export interface WalkCounts { replicas: number; dups: number; involved: number }

export async function walkJob(st: ClusterSettings): Promise<WalkCounts> {
  const done = stageFile(st.out, 'decisions.json');
  if (exists(done)) return readJson<WalkCounts>(done);
  const plan = readJson<Plan>(stageFile(st.out, 'plan.json'));
  const method = nearIndex(st)?.method;
  const { pages, dups, self, links } = await readGraph(st);
  const head = new Map<number, number>();
  const first = new Map<number, { id: string; i: number }>();
  const canon = new Map<number, string>();
  const decisions: Decision[] = [];
  for (const [i, id] of dups) decisions.push(['dup', i]);
  let n = 0;
  for (const i of [...pages.keys()].sort((a, b) => a - b)) {
    if (dups.has(i)) continue;
    const v = pages.get(i)!;
    let found: { canonical: string; method: string } | undefined;
    if (v.x !== undefined && head.has(v.x)) found = { canonical: canon.get(head.get(v.x)!)!, method: 'exact' };
    if (!found && v.g !== undefined) {
      // The best earlier admitted match: highest similarity, then lowest id (as matches() ranks).
      let best: { sim: number; id: string; i: number } | undefined;
      const consider = (sim: number, m: { id: string; i: number } | undefined): void => {
        if (m && (!best || sim > best.sim || (sim === best.sim && m.id < best.id))) best = { sim, ...m };
      };
      consider(self.get(v.g) ?? 1, first.get(v.g));
      for (const [o, sim] of links.get(v.g) ?? []) consider(sim, first.get(o));
      if (best) found = { canonical: canon.get(best.i)!, method: method! };
    }
    canon.set(i, found?.canonical ?? v.id);
    if (found) decisions.push(['replica', i, found.canonical, found.method]);
    if (v.x !== undefined && !head.has(v.x)) head.set(v.x, i);
    if (v.g !== undefined) { const m = first.get(v.g); if (!m || v.id < m.id) first.set(v.g, { id: v.id, i }); }
    if (++n % 4096 === 0) await breathe();
  }
  await writeDecisions(st, plan, decisions);
  const counts: WalkCounts = { replicas: decisions.filter((d) => d[0] === 'replica').length, dups: dups.size, involved: pages.size };
  writeJson(done, counts);
  return counts;
}

/** The decisions split by shard, in corpus order, one file each. */
async function writeDecisions(st: ClusterSettings, plan: Plan, decisions: Decision[]): Promise<void> {
  decisions.sort((a, b) => a[1] - b[1]);
  let at = 0;
  for (let s = 0; s < st.shards.length; s++) {
    const end = plan.offsets[s] + plan.pages[s];
    const w = new LineWriter(stageFile(st.out, 'decisions', `${num(s)}.jsonl`));
    while (at < decisions.length && decisions[at][1] < end) await w.write(decisions[at++]);
    await w.close();
  }
}
