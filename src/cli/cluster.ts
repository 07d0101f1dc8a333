/**
 * `thresher cluster run | worker | status`: the corpus pipeline over many machines, with jobs on
 * BullMQ over one Redis and stage files in a directory every machine sees (src/cluster/). Progress
 * goes to stderr, the summary to stdout.
 */
import { SITE_LEARNING_DEFAULTS, STATS_PAGES_DEFAULT } from '../pipeline/learn.js';
import type { ReplicaChoice } from '../pipeline/replica-store.js';
import { ThresherError } from '../errors.js';
import { terminalJson, terminalLine } from './terminal-text.js';
import { formatSummary } from './run.js';

export const CLUSTER_USAGE = `usage: thresher cluster run <shard…> --redis URL --out DIR [--replicas minhash|simhash|fingerprint|exact|none]
                            [--site-min N] [--site-sample N] [--no-sites] [--stats-pages N] [--page-timeout MS]
                            [--partitions N] [--fresh] [--json]
       thresher cluster worker --redis URL [--threads N] [--lock-ms MS] [--stall-ms MS] [--hold-ms MS] [--name NAME] [--quiet]
       thresher cluster status --redis URL [--run ID] [--json]
  run: plans a run over the shards (WARC files, .jsonl files, folders of pages: what thresher run
  reads; corpus order is the shards in the order given, then each shard's order), queues its jobs
  stage by stage (census and samples, site models and stop list, clean, replicas, load) and follows
  them to the end; the records and store are the ones thresher run writes on the same corpus:
  DIR/records.jsonl, DIR/thresher.db (SQLite, FTS5), and DIR/shards/<n>/records.jsonl.gz per shard.
  Site models from a site's first --site-sample pages (default ${SITE_LEARNING_DEFAULTS.samplePages}) for sites with --site-min pages
  (default ${SITE_LEARNING_DEFAULTS.minPages}); the stop list from the first --stats-pages pages (default ${STATS_PAGES_DEFAULT}). Paths must be the same on
  every machine (DIR on a shared file system). The same command again resumes the run.
  worker: takes jobs from any run until stopped (SIGINT/SIGTERM finish the job in hand, a second
  one stops at once); start any
  number, on any machine that reaches Redis and the run directory. --threads: pages cleaned at once
  (default 1; one worker per core). A worker killed under a job loses it to another after --lock-ms
  (default 30000); --stall-ms (default 30000) is how often workers look for such jobs. --hold-ms
  (fault drills): each job waits that long after writing its files before it is reported done.
  --name: the worker's name in Redis (default thresher-<host>-<pid>).
  status: the runs Redis knows (or --run ID): stage, jobs done and failed, the summary when done.
  A job that fails 3 times in a per-shard stage poisons its shard: listed in the summary, left out.`;

interface Parsed { sub: string; shards: string[]; flags: Map<string, string | true> }

const VALUED = new Set(['--redis', '--out', '--replicas', '--site-min', '--site-sample', '--stats-pages', '--page-timeout', '--partitions', '--threads', '--lock-ms', '--stall-ms', '--hold-ms', '--name', '--run']);
const SWITCHES = new Set(['--no-sites', '--fresh', '--json', '--quiet']);

function parse(argv: string[]): Parsed | string {
  const [sub, ...rest] = argv;
  const flags = new Map<string, string | true>();
  const shards: string[] = [];
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i];
    if (VALUED.has(a)) {
      const v = rest[++i];
      if (v === undefined) return `${a} needs a value`;
      flags.set(a, v);
    } else if (SWITCHES.has(a)) flags.set(a, true);
    else if (a.startsWith('--')) return `unexpected argument ${a}`;
    else shards.push(a);
  }
  if (sub !== 'run' && shards.length) return `unexpected argument ${shards[0]}`;
  return { sub: sub ?? '', shards, flags };
}

function numberFlag(flags: Parsed['flags'], name: string): number | undefined {
  const v = flags.get(name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new ThresherError('E_BAD_OPTION', `${name} must be a number, got ${String(v)}`);
  return n;
}

export async function clusterCommand(argv: string[]): Promise<number> {
  const p = parse(argv);
  if (typeof p === 'string' || !['run', 'worker', 'status'].includes(p.sub)) {
    process.stderr.write(`thresher cluster: ${typeof p === 'string' ? p : `unknown subcommand ${JSON.stringify(p.sub)}`}\n${CLUSTER_USAGE}\n`);
    return 2;
  }
  const url = p.flags.get('--redis');
  if (typeof url !== 'string' || (p.sub === 'run' && (!p.shards.length || typeof p.flags.get('--out') !== 'string'))) {
    process.stderr.write(`${CLUSTER_USAGE}\n`);
    return 2;
  }
  const { connect } = await import('../cluster/queue.js');
  const redis = await connect(url);
  try {
    if (p.sub === 'run') return await runSub(redis, p);
    if (p.sub === 'worker') return await workerSub(redis, p);
    return await statusSub(redis, p);
  } finally {
    redis.disconnect();
  }
}

type Conn = Awaited<ReturnType<typeof import('../cluster/queue.js').connect>>;

async function runSub(redis: Conn, p: Parsed): Promise<number> {
  const { runCluster } = await import('../cluster/coordinator.js');
  const f = p.flags;
  const siteMin = numberFlag(f, '--site-min'), siteSample = numberFlag(f, '--site-sample');
  const sites = f.has('--no-sites') ? false as const : { ...(siteMin !== undefined ? { minPages: siteMin } : {}), ...(siteSample !== undefined ? { samplePages: siteSample } : {}) };
  let last = '';
  const summary = await runCluster(redis, p.shards, {
    out: f.get('--out') as string, replicas: f.get('--replicas') as ReplicaChoice | undefined, sites, statsPages: numberFlag(f, '--stats-pages'),
    pageTimeoutMs: numberFlag(f, '--page-timeout'), partitions: numberFlag(f, '--partitions'), fresh: f.has('--fresh'),
    onProgress: (x) => {
      const line = `${x.stage}: ${x.done}/${x.total} jobs${x.failed ? `, ${x.failed} failed` : ''}${x.pages !== undefined ? `, ${x.pages} pages` : ''}`;
      if (line !== last) process.stderr.write(terminalLine(line) + '\n');
      last = line;
    },
  });
  if (f.has('--json')) { process.stdout.write(terminalJson(summary) + '\n'); return 0; }
  const extra = [`run        ${summary.runId}, ${summary.shards} shard(s)`, ...summary.poisoned.map((x) => `  poisoned shard ${x.n} (${x.shard}) in ${x.stage}: ${x.error}`),
    `stages     ${summary.stages.map((s) => `${s.stage} ${s.seconds.toFixed(1)} s`).join(', ')}`];
  process.stdout.write(formatSummary(summary) + extra.map(terminalLine).join('\n') + '\n');
  return 0;
}

async function workerSub(redis: Conn, p: Parsed): Promise<number> {
  const { startWorker } = await import('../cluster/worker.js');
  const quiet = p.flags.has('--quiet');
  const worker = startWorker(redis, {
    threads: numberFlag(p.flags, '--threads'), lockMs: numberFlag(p.flags, '--lock-ms'), stallMs: numberFlag(p.flags, '--stall-ms'), holdMs: numberFlag(p.flags, '--hold-ms'), name: p.flags.get('--name') as string | undefined,
    onJob: (e) => { if (!quiet) process.stderr.write(terminalLine(`${e.state} ${e.job}${e.error ? `: ${e.error}` : ''}`) + '\n'); },
  });
  if (!quiet) process.stderr.write(`worker ${process.pid} waiting for jobs\n`);
  await new Promise<void>((resolve) => {
    const stop = (): void => {
      process.off('SIGINT', stop); process.off('SIGTERM', stop);
      // Closing waits for the job in hand, and for Redis if it is away: a second signal does not wait.
      const now = (): never => process.exit(130);
      process.once('SIGINT', now); process.once('SIGTERM', now);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  await worker.close();
  return 0;
}

async function statusSub(redis: Conn, p: Parsed): Promise<number> {
  const { clusterStatus } = await import('../cluster/coordinator.js');
  const runId = p.flags.get('--run');
  const s = await clusterStatus(redis, typeof runId === 'string' ? runId : undefined);
  if (p.flags.has('--json')) { process.stdout.write(terminalJson(s) + '\n'); return 0; }
  const lines = [`queue      ${Object.entries(s.queue).map(([k, n]) => `${k} ${n}`).join(', ')}`];
  for (const r of s.runs) {
    const f = r.fields;
    lines.push(`run ${r.runId}  ${f.state}  ${f.out}  ${f.shards} shard(s)`);
    if (f.state === 'running') lines.push(`  stage ${f.stage}: ${f.stageDone}/${f.stageJobs} jobs${Number(f.stageFailed) ? `, ${f.stageFailed} failed` : ''}`);
    const poisoned = f.poisoned ? JSON.parse(f.poisoned) as { n: number; stage: string; error: string }[] : [];
    for (const x of poisoned) lines.push(`  poisoned shard ${x.n} in ${x.stage}: ${x.error}`);
    if (f.summary) { const sum = JSON.parse(f.summary) as { pages: number; records: number; replicas: number; failures: number; seconds: number }; lines.push(`  ${sum.pages} pages → ${sum.records} records, ${sum.replicas} replicas, ${sum.failures} failures in ${sum.seconds.toFixed(1)} s`); }
    if (f.error) lines.push(`  error: ${f.error}`);
  }
  process.stdout.write(lines.map(terminalLine).join('\n') + '\n');
  return 0;
}
