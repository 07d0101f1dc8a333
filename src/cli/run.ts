/** `thresher run <dir|pages.jsonl> --out DIR`: the corpus pipeline, with a progress bar and a summary. */
import type { ReplicaChoice } from '../corpus/replica-stage.js';
import { runCorpus, type RunSummary } from '../pipeline/run.js';
import { Progress } from './progress.js';

export const RUN_USAGE = `usage: thresher run <dir|pages.jsonl> --out DIR [--workers N] [--page-timeout MS] [--batch N] [--replicas minhash|simhash|fingerprint|exact|none] [--fresh] [--json]
  Cleans every page, removes replicas and stores the records in DIR/thresher.db (SQLite, FTS5)
  and DIR/records.jsonl. Killed and restarted with the same arguments, it resumes.`;

export async function runCommand(argv: string[]): Promise<number> {
  let input: string | undefined, out: string | undefined, workers: number | undefined, pageTimeoutMs: number | undefined, batchSize: number | undefined;
  let fresh = false, json = false, replicas: ReplicaChoice | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw Object.assign(new Error(`${a} needs a value\n${RUN_USAGE}`), { code: 'E_BAD_OPTION' });
      return v;
    };
    if (a === '--out') out = value();
    else if (a === '--workers') workers = Number(value());
    else if (a === '--page-timeout') pageTimeoutMs = Number(value());
    else if (a === '--fresh') fresh = true;
    else if (a === '--replicas') replicas = value() as ReplicaChoice;
    else if (a === '--batch') batchSize = Number(value());
    else if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') { process.stdout.write(RUN_USAGE + '\n'); return 0; }
    else if (a.startsWith('--') || input !== undefined) { process.stderr.write(`thresher run: unexpected argument ${a}\n${RUN_USAGE}\n`); return 2; }
    else input = a;
  }
  if (!input || !out) { process.stderr.write(`${RUN_USAGE}\n`); return 2; }
  let bar: Progress | null = null;
  let shown = 0;
  const summary = await runCorpus(input, {
    out, workers, pageTimeoutMs, batchSize, fresh, replicas,
    onProgress: (p) => {
      bar ??= new Progress(p.total, process.stderr);
      while (shown < p.done) { shown++; bar.tick(`${p.records} records, ${p.replicas} replicas, ${p.failures} failed`); }
    },
  });
  if (bar) (bar as Progress).done(`${shown} pages`);
  process.stdout.write(json ? JSON.stringify(summary) + '\n' : formatSummary(summary));
  return 0;
}

export function formatSummary(s: RunSummary): string {
  const lines = [
    `${s.input} → ${s.out}${s.alreadyComplete ? ' (already complete: nothing to do; --fresh starts over)' : s.resumedFrom ? ` (resumed at page ${s.resumedFrom})` : ''}`,
    `pages      ${s.pages}`,
    `records    ${s.records}  (${Object.entries(s.types).map(([t, n]) => `${t} ${n}`).join(', ') || 'none'})`,
    `replicas   ${s.replicas} removed`,
    `failures   ${s.failures}${s.failures ? `  (${Object.entries(s.failuresByCode).map(([c, n]) => `${c} ${n}`).join(', ')})` : ''}`,
    ...s.failureSamples.map((f) => `  ${f.code}  ${f.id}: ${f.message}`),
    `${s.seconds.toFixed(1)} s with ${s.workers} worker(s)`,
  ];
  return lines.join('\n') + '\n';
}
