/**
 * The fuzz campaign (issue 25, "keep them closed"): seeded, time-boxed, in process. Generators
 * make cases from a seed (rng.ts: case i of generator g has its own seed, so any case can be
 * regenerated alone), properties.ts checks them, and every failure comes back as a CaseRecord
 * that replays from its JSON alone. scripts/fuzz.mjs is the command line (npm run fuzz);
 * test/hostile/fuzz.test.ts runs a short slice in CI.
 */
import path from 'node:path';
import { type CaseRecord, type Failure, type FuzzCase } from './cases.js';
import { robotsCase, sitemapCase } from './crawl-gen.js';
import { encodePage, grammarDocument, htmlShape, randomBytes, randomOptions, randomString } from './html-gen.js';
import { datasetPool, mutatePage, type PagePool } from './mutate.js';
import { runCase, type RunOptions } from './properties.js';
import { hashSeed, Rng } from './rng.js';
import { siteCase } from './site-gen.js';

export interface GenContext {
  /** The dev sets, when found (the mutate generator needs them). */
  pool: PagePool | null;
}

export interface Generator {
  name: string;
  description: string;
  needsDatasets?: boolean;
  make(r: Rng, ctx: GenContext): FuzzCase;
}

export const GENERATORS: readonly Generator[] = [
  {
    name: 'bytes',
    description: 'random bytes (Uint8Array) and random strings (code units, tag soup, Latin-1 bytes) through extract()',
    make: (r) => r.chance(0.5)
      ? { kind: 'extract', label: 'bytes', input: randomBytes(r), options: randomOptions(r) }
      : { kind: 'extract', label: 'string', input: randomString(r), options: randomOptions(r) },
  },
  {
    name: 'grammar',
    description: 'grammar-generated hostile documents (nesting, foster parenting, foreign content, raw text, entities, hostile links, comments), as strings or as bytes in lying encodings',
    make: (r) => {
      const html = grammarDocument(r);
      const options = randomOptions(r);
      if (!r.chance(0.35)) return { kind: 'extract', label: 'string', input: html, options };
      const e = encodePage(r, html);
      if (e.contentType) options.contentType = e.contentType;
      return { kind: 'extract', label: 'bytes', input: e.input, options };
    },
  },
  {
    name: 'shapes',
    description: 'grammar shapes at n and 10·n through extract(): time linear in the input',
    make: (r) => {
      const s = htmlShape(r);
      return { kind: 'shape', label: s.name, target: 'extract', parts: s.parts, n: s.n, options: randomOptions(r) };
    },
  },
  {
    name: 'mutate',
    description: 'dev-set pages with bytes flipped, cut short, spliced, tag spans duplicated or deleted, hostile snippets inserted',
    needsDatasets: true,
    make: (r, ctx) => mutatePage(r, ctx.pool!),
  },
  { name: 'sitemap', description: 'hostile sitemaps (unclosed elements, entity runs, nesting, garbage, gzip garbage, over the cap) and sitemap shapes', make: (r) => sitemapCase(r) },
  { name: 'robots', description: 'hostile robots.txt files (Crawl-delay values, long lines, binary, many groups, wildcards) and robots shapes', make: (r) => robotsCase(r) },
  { name: 'site', description: 'site-model learning on periodic, identical, empty, huge, multi-host, URL-less and binary samples, bad options, and site shapes', make: (r) => siteCase(r) },
];

export function generator(name: string): Generator | undefined {
  return GENERATORS.find((g) => g.name === name);
}

/** The case `index` of generator `g` in the campaign of `seed`, with its own seed. */
export function makeCase(g: Generator, seed: number, index: number, ctx: GenContext): { caseSeed: number; case: FuzzCase } {
  const caseSeed = hashSeed(seed, g.name, index);
  return { caseSeed, case: g.make(new Rng(caseSeed), ctx) };
}

export interface CampaignOptions extends RunOptions {
  seed: number;
  /** Time box in minutes (default 3 when `cases` is not given either). */
  minutes?: number;
  /** Most cases per generator. */
  cases?: number;
  /** Generators to run (default all). */
  only?: string[];
  /** The datasets root (default ../shared/datasets from the working directory). */
  datasets?: string;
  /** Called after every case. */
  onCase?(g: string, index: number, failures: Failure[], ms: number): void;
  /** Called with every failing case. */
  onFailure?(record: CaseRecord): void;
}

export interface GeneratorSummary {
  name: string;
  cases: number;
  failing: number;
  ms: number;
  /** Why it did not run (no datasets), when it did not. */
  skipped?: string;
  /** Failing cases per property. */
  properties: Record<string, number>;
}

export interface CampaignSummary {
  seed: number;
  ms: number;
  cases: number;
  failing: number;
  generators: GeneratorSummary[];
  records: CaseRecord[];
}

export const DEFAULT_DATASETS = path.join('..', 'shared', 'datasets');

/**
 * Runs the campaign: the generators in turn, one case each, until the time box is spent or each
 * has run `cases` cases. Failing cases are kept in the summary (at most 200) and passed to onFailure.
 */
export function runCampaign(o: CampaignOptions): CampaignSummary {
  const names = o.only?.length ? o.only : GENERATORS.map((g) => g.name);
  for (const n of names) if (!generator(n)) throw new Error(`no generator "${n}"; there are ${GENERATORS.map((g) => g.name).join(', ')}`);
  const needsPool = names.some((n) => generator(n)!.needsDatasets);
  const ctx: GenContext = { pool: needsPool ? datasetPool(o.datasets ?? DEFAULT_DATASETS) : null };
  const minutes = o.minutes ?? (o.cases === undefined ? 3 : Infinity);
  const deadline = performance.now() + minutes * 60_000;
  const maxCases = o.cases ?? Infinity;
  const t0 = performance.now();
  const sums: GeneratorSummary[] = names.map((name) => ({ name, cases: 0, failing: 0, ms: 0, properties: {} }));
  const active = sums.filter((s) => {
    if (generator(s.name)!.needsDatasets && !ctx.pool) { s.skipped = `no datasets at ${o.datasets ?? DEFAULT_DATASETS}`; return false; }
    return true;
  });
  const records: CaseRecord[] = [];
  let index = 0;
  while (active.some((s) => s.cases < maxCases) && performance.now() < deadline) {
    for (const s of active) {
      if (s.cases >= maxCases || performance.now() >= deadline) continue;
      const g = generator(s.name)!;
      const t = performance.now();
      const { caseSeed, case: c } = makeCase(g, o.seed, index, ctx);
      const failures = runCase(c, o);
      const ms = performance.now() - t;
      s.cases++;
      s.ms += ms;
      if (failures.length) {
        s.failing++;
        for (const p of new Set(failures.map((x) => x.property))) s.properties[p] = (s.properties[p] ?? 0) + 1;
        const record: CaseRecord = { generator: g.name, seed: o.seed, index, caseSeed, case: c, failures };
        if (records.length < 200) records.push(record);
        o.onFailure?.(record);
      }
      o.onCase?.(g.name, index, failures, ms);
    }
    index++;
  }
  const cases = sums.reduce((n, s) => n + s.cases, 0);
  return { seed: o.seed, ms: performance.now() - t0, cases, failing: sums.reduce((n, s) => n + s.failing, 0), generators: sums, records };
}

/** A recorded case run again: its failures now. */
export function replay(record: Pick<CaseRecord, 'case'>, o: RunOptions = {}): Failure[] {
  return runCase(record.case, o);
}
