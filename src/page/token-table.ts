/**
 * A learned token vocabulary for the block classifier: target encoding (Micci-Barreca 2001) of
 * how much topic content sits with a token, smoothed towards the prior, in log-odds. Two
 * vocabularies use it: class/id tokens of the markup (markup-tokens.ts) and the words a text unit
 * opens with (word-tokens.ts).
 *
 * What keeps a table a cross-site signal rather than a memory of the training pages:
 *  - a token enters only when it was seen on at least `minHosts` distinct hosts;
 *  - every page votes once per token (the benchmarks average over pages, and a site with a
 *    thousand units under one class must not outvote ten sites);
 *  - the trainer encodes each training row with a table built without that row's fold
 *    (scripts/train-block-model.mjs), so the model learns how far to trust scores of pages the
 *    table never saw.
 */

/** Token → log-odds of topic content with it, relative to the prior. */
export type TokenTable = Readonly<Record<string, number>>;

/** Per token of one page: [Σ weight·label, Σ weight] over the units that carry it. */
export type PageTokenStats = Map<string, [number, number]>;

// The table as a Map, made once per table object: a token such as "constructor" must not find
// Object.prototype's member, and a Map lookup of a new string skips the interning an object key costs.
const TABLE_MAPS = new WeakMap<TokenTable, ReadonlyMap<string, number>>();

export function tokenTableMap(table: TokenTable): ReadonlyMap<string, number> {
  let map = TABLE_MAPS.get(table);
  if (!map) TABLE_MAPS.set(table, (map = new Map(Object.entries(table))));
  return map;
}

/** Counts one unit (`label` in [0, 1], `weight` ≥ 0) for each of its distinct `tokens`. */
export function addUnitTokens(stats: PageTokenStats, tokens: Iterable<string>, label: number, weight: number): void {
  for (const t of tokens) {
    let s = stats.get(t);
    if (!s) stats.set(t, (s = [0, 0]));
    s[0] += weight * label;
    s[1] += weight;
  }
}

export interface TokenTableOptions {
  /** Distinct hosts a token must be seen on. 5: the least that made it a cross-site signal in host-grouped CV. */
  minHosts: number;
  /** Pseudo-pages at the prior rate that every token's mean is smoothed with. */
  priorPages: number;
}
export const TOKEN_TABLE_DEFAULTS: TokenTableOptions = { minHosts: 5, priorPages: 3 };

/**
 * The table from labelled pages: per token, the mean over pages of the content rate under it,
 * smoothed towards the prior and given as log-odds relative to it. Keys come out sorted, values
 * rounded to 3 decimals, so the same pages in any order give the same table.
 */
export function buildTokenTable(pages: Iterable<{ host: string; stats: PageTokenStats }>, options: Partial<TokenTableOptions> = {}): Record<string, number> {
  const o = { ...TOKEN_TABLE_DEFAULTS, ...options };
  const agg = new Map<string, { sum: number; pages: number; hosts: Set<string> }>();
  let rateSum = 0, votes = 0;
  for (const { host, stats } of pages) {
    for (const [t, [wy, w]] of stats) {
      if (!(w > 0)) continue;
      const rate = wy / w;
      let a = agg.get(t);
      if (!a) agg.set(t, (a = { sum: 0, pages: 0, hosts: new Set() }));
      a.sum += rate; a.pages++; a.hosts.add(host);
      rateSum += rate; votes++;
    }
  }
  const prior = votes ? rateSum / votes : 0.5;
  const table: Record<string, number> = {};
  for (const t of [...agg.keys()].sort()) {
    const a = agg.get(t)!;
    if (a.hosts.size < o.minHosts) continue;
    const rate = (a.sum + o.priorPages * prior) / (a.pages + o.priorPages);
    table[t] = Math.round(1000 * (logit(rate) - logit(prior))) / 1000;
  }
  return table;
}

function logit(q: number): number {
  const c = Math.min(1 - 1e-3, Math.max(1e-3, q));
  return Math.log(c / (1 - c));
}
