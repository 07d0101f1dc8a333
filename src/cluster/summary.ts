/**
 * A cluster run's summary: thresher run's summary fields (RunSummary), read from the plan, the
 * learned file and the merged store's tallies, plus what only a cluster run has: its shards, the
 * poisoned shards, and each stage's jobs and time.
 */
import type { LearnedSites } from '../pipeline/learn.js';
import type { RunSummary } from '../pipeline/run.js';
import type { Learned } from '../pipeline/store.js';
import { exists, readJson, stageFile } from './files.js';
import type { Stage } from './queue.js';
import type { ClusterSettings } from './settings.js';
import type { MergedStats } from './stages-clean.js';
import type { Plan } from './stages-learn.js';

export interface ClusterSummary extends RunSummary {
  runId: string;
  shards: number;
  /** Shards a job of failed three times: left out from that stage on. */
  poisoned: { stage: Stage; shard: string; n: number; error: string }[];
  stages: { stage: Stage; jobs: number; seconds: number }[];
}

export function summaryOf(st: ClusterSettings, poisoned: ClusterSummary['poisoned'], stages: ClusterSummary['stages'], workers: number, seconds: number): ClusterSummary {
  const plan = readJson<Plan>(stageFile(st.out, 'plan.json'));
  const learned = readJson<Learned>(stageFile(st.out, 'learned.json'));
  const merged = exists(stageFile(st.out, 'merged.json')) ? readJson<MergedStats>(stageFile(st.out, 'merged.json')) : undefined;
  const skipped: LearnedSites['skipped'] = learned.skipped;
  return {
    runId: st.runId, shards: st.shards.length, input: `${st.shards.length} shard(s)`, out: st.out, pages: plan.total,
    records: merged?.state.records ?? 0, types: merged?.types ?? {}, replicas: merged?.state.replicas ?? 0,
    failures: merged?.state.failures ?? 0, failuresByCode: merged?.failures ?? {}, failureSamples: merged?.failureSamples ?? [],
    notPages: { count: Object.values(plan.notPages).reduce((a, b) => a + b, 0), byReason: plan.notPages }, badManifestLines: plan.badManifestLines,
    sites: { models: learned.models.length, records: merged?.siteModel ?? 0, skipped },
    stopWords: { count: learned.aggressiveStopWords.length, sample: learned.aggressiveStopWords.slice(0, 10), docs: learned.statsDocs },
    resumedFrom: 0, alreadyComplete: false, workers, seconds, poisoned, stages,
  };
}
