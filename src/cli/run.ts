/** `thresher run <dir|pages.jsonl|crawl.warc[.gz]> --out DIR`: the corpus pipeline, with a progress bar and a summary. */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { openCorpus } from '../pipeline/input.js';
import { renderCorpus } from '../pipeline/render-corpus.js';
import { openRenderer, type RenderFlags } from './render-option.js';
import { ThresherError } from '../errors.js';
import type { ReplicaChoice } from '../pipeline/replica-store.js';
import { SITE_LEARNING_DEFAULTS } from '../pipeline/learn.js';
import { runCorpus, RUN_DEFAULTS, type RunProgress, type RunSummary } from '../pipeline/run.js';
import { Progress } from './progress.js';
import { terminalJson, terminalLine } from './terminal-text.js';

export const RUN_USAGE = `usage: thresher run <dir|pages.jsonl|crawl.warc[.gz]> --out DIR [--workers N] [--page-timeout MS] [--batch N]
                    [--replicas minhash|simhash|fingerprint|exact|none] [--site-min N] [--site-sample N] [--no-sites]
                    [--stats-pages N] [--classifier MODEL] [--warc] [--fresh] [--json]
                    [--render [--render-workers N] [--chromium PATH] [--render-timeout MS] [--allow-live] [--assets-warc FILE]]
  Learns a site model for every site with at least --site-min pages (default ${SITE_LEARNING_DEFAULTS.minPages}; from its first
  --site-sample pages, default ${SITE_LEARNING_DEFAULTS.samplePages}) and the corpus's aggressive stop words (from the first
  --stats-pages pages, default ${RUN_DEFAULTS.statsPages}), then cleans every page, removes replicas and stores the records
  in DIR/thresher.db (SQLite, FTS5) and DIR/records.jsonl (and DIR/records.warc.gz with --warc).
  --classifier MODEL (from thresher train) gives every record a category. Killed and restarted
  with the same arguments, it resumes.
  --render renders every page in Chromium first (--render-workers tabs at once, default 1), once,
  into DIR/rendered-pages.jsonl, and runs the pipeline on that: site models, stop list and records
  all come from the DOM after the pages' scripts. Offline: the pages' own requests are blocked, or
  answered from --assets-warc (a crawl's WARC, e.g. thresher crawl --assets). A page that fails
  to render keeps its static HTML; the summary counts it.`;

const PHASES: Record<RunProgress['phase'], string> = { sites: 'learning site models', 'stop-words': 'counting terms for the stop list', clean: 'cleaning' };

export async function runCommand(argv: string[]): Promise<number> {
  let input: string | undefined, out: string | undefined, workers: number | undefined, pageTimeoutMs: number | undefined, batchSize: number | undefined;
  let fresh = false, json = false, warc = false, replicas: ReplicaChoice | undefined, classifierPath: string | undefined, statsPages: number | undefined;
  let noSites = false, siteMin: number | undefined, siteSample: number | undefined;
  const renderFlags: RenderFlags = {};
  let renderWorkers = 1;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new ThresherError('E_BAD_OPTION', `${a} needs a value\n${RUN_USAGE}`);
      return v;
    };
    if (a === '--out') out = value();
    else if (a === '--workers') workers = Number(value());
    else if (a === '--page-timeout') pageTimeoutMs = Number(value());
    else if (a === '--fresh') fresh = true;
    else if (a === '--replicas') replicas = value() as ReplicaChoice;
    else if (a === '--batch') batchSize = Number(value());
    else if (a === '--site-min') siteMin = Number(value());
    else if (a === '--site-sample') siteSample = Number(value());
    else if (a === '--no-sites') noSites = true;
    else if (a === '--stats-pages') statsPages = Number(value());
    else if (a === '--classifier') classifierPath = value();
    else if (a === '--warc') warc = true;
    else if (a === '--json') json = true;
    else if (a === '--render') renderFlags.render = true;
    else if (a === '--render-workers') renderWorkers = Number(value());
    else if (a === '--chromium') renderFlags.chromium = value();
    else if (a === '--render-timeout') renderFlags['render-timeout'] = value();
    else if (a === '--allow-live') renderFlags['allow-live'] = true;
    else if (a === '--assets-warc') renderFlags.warc = value();
    else if (a === '--help' || a === '-h') { process.stdout.write(RUN_USAGE + '\n'); return 0; }
    else if (a.startsWith('--') || input !== undefined) { process.stderr.write(`thresher run: unexpected argument ${a}\n${RUN_USAGE}\n`); return 2; }
    else input = a;
  }
  if (!input || !out) { process.stderr.write(`${RUN_USAGE}\n`); return 2; }
  let classifier: string | undefined;
  if (classifierPath !== undefined) {
    try { classifier = readFileSync(classifierPath, 'utf8'); } catch (e) {
      throw new ThresherError('E_INPUT_NOT_FOUND', `cannot read the classifier model ${classifierPath}: ${(e as Error).message}`);
    }
  }
  if (!(Number.isInteger(renderWorkers) && renderWorkers >= 1 && renderWorkers <= 64)) throw new ThresherError('E_BAD_OPTION', '--render-workers must be an integer from 1 to 64');
  if (renderFlags.render) input = await renderFirst(input, out, renderFlags, renderWorkers, fresh);
  const sites = noSites ? false as const : { ...(siteMin !== undefined ? { minPages: siteMin } : {}), ...(siteSample !== undefined ? { samplePages: siteSample } : {}) };
  let bar: Progress | null = null, phase: RunProgress['phase'] | null = null, shown = 0;
  const summary = await runCorpus(input, {
    out, workers, pageTimeoutMs, batchSize, fresh, replicas, sites, statsPages, classifier, warc,
    onProgress: (p) => {
      if (p.phase !== phase) {
        if (bar) bar.done(`${PHASES[phase!]}: ${shown}`);
        bar = new Progress(p.total, process.stderr);
        phase = p.phase; shown = 0;
      }
      const label = p.phase === 'clean' ? `${p.records} records, ${p.replicas} replicas, ${p.failures} failed` : PHASES[p.phase];
      while (shown < p.done) { shown++; bar!.tick(label); }
    },
  });
  if (bar) (bar as Progress).done(`${PHASES[phase!]}: ${shown} pages`);
  process.stdout.write(json ? terminalJson(summary) + '\n' : formatSummary(summary));
  return 0;
}

/** Stage 0 of run --render: the corpus rendered once into OUT/rendered-pages.jsonl; returns that file. */
async function renderFirst(input: string, out: string, flags: RenderFlags, pages: number, fresh: boolean): Promise<string> {
  mkdirSync(out, { recursive: true });
  const file = join(out, 'rendered-pages.jsonl');
  if (fresh) for (const f of [file, `${file}.done`]) rmSync(f, { force: true });
  const renderer = await openRenderer(flags, pages);
  let bar: Progress | null = null;
  try {
    const s = await renderCorpus(await openCorpus(input), file, async (bytes, o) => {
      const p = await renderer.prepare(bytes, o.url, o.contentType);
      return { html: p.input as string, warnings: p.diagnostics.filter((d) => d.code === 'W_RENDER').map((d) => d.message) };
    }, {
      concurrency: pages,
      onProgress: (p) => { bar ??= new Progress(p.total, process.stderr); bar.tick(`rendering, ${p.failed} failed`); },
    });
    if (bar) (bar as Progress).done(`rendered: ${s.rendered} of ${s.pages} pages`);
    const failures = Object.entries(s.failuresByCode).map(([k, n]) => `${k} ${n}`).join(', ');
    const lines = [s.reused ? `rendered   ${file} (from an earlier run; --fresh renders again)` : `rendered   ${s.rendered} of ${s.pages} pages → ${file}`,
      ...(s.failed ? [`           ${s.failed} kept their static HTML (${failures})`, ...s.failureSamples.map((f) => `  ${f.id}: ${f.message}`)] : [])];
    process.stderr.write(lines.map(terminalLine).join('\n') + '\n');
  } finally {
    await renderer.close();
  }
  return file;
}

export function formatSummary(s: RunSummary): string {
  const counts = (o: Record<string, number>): string => Object.entries(o).map(([k, n]) => `${k} ${n}`).join(', ');
  const lines = [
    `${s.input} → ${s.out}${s.alreadyComplete ? ' (already complete: nothing to do; --fresh starts over)' : s.resumedFrom ? ` (resumed at page ${s.resumedFrom})` : ''}`,
    `pages      ${s.pages}`,
    `records    ${s.records}  (${counts(s.types) || 'none'})`,
    ...(s.categories ? [`categories ${counts(s.categories) || 'none'}`] : []),
    `replicas   ${s.replicas} removed`,
    ...(s.notPages.count ? [`skipped    ${s.notPages.count} not a page  (${counts(s.notPages.byReason)})`] : []),
    `failures   ${s.failures}${s.failures ? `  (${counts(s.failuresByCode)})` : ''}`,
    ...s.failureSamples.map((f) => `  ${f.code}  ${f.id}: ${f.message}`),
    ...(s.badManifestLines.count ? [`manifest   ${s.badManifestLines.count} malformed line(s) ignored`, ...s.badManifestLines.samples.map((b) => `  line ${b.line}: ${b.reason}`)] : []),
    `sites      ${s.sites.models} site model(s); ${s.sites.records} records cleaned with one`,
    ...s.sites.skipped.map((k) => `  no model for ${k.host} (${k.pages} pages): ${k.reason}`),
    `stop words ${s.stopWords.count} learned from ${s.stopWords.docs} pages${s.stopWords.count ? `: ${s.stopWords.sample.join(', ')}${s.stopWords.count > s.stopWords.sample.length ? ', …' : ''}` : ''}`,
    `${s.seconds.toFixed(1)} s with ${s.workers} worker(s)`,
  ];
  // Ids, failure messages, hosts and stop words come from pages: each line is made safe to print.
  return lines.map(terminalLine).join('\n') + '\n';
}
