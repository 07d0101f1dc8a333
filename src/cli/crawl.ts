/**
 * `thresher crawl <seed-url…> --out site.warc.gz`: a polite crawl into a WARC file, resumable.
 * Ctrl-C stops gracefully (requests in flight finish, the state is saved); a second Ctrl-C
 * aborts those requests too. Running the same command again resumes. `--assets` also archives
 * each page's stylesheets, scripts and images, for `extract --render --warc`.
 */
import { parseArgs } from 'node:util';
import { Crawler, DEFAULT_USER_AGENT, type CrawlProgress, type CrawlSummary } from '../crawl/crawler.js';
import { UNBOUNDED_DELAY_MS } from '../crawl/robots.js';
import type { ScopeMode } from '../crawl/scope.js';
import { ThresherError } from '../errors.js';
import { runCorpus } from '../pipeline/run.js';
import { formatSummary } from './run.js';

export const CRAWL_USAGE = `thresher crawl <seed-url…> --out FILE.warc.gz [options]
  scope:      --scope host|domain|prefix|any (default host)  --prefix URL…  --include REGEX…  --exclude REGEX…
              --max-pages N  --max-depth N  --max-sitemaps N (1000)
              --max-links-per-page N (2000: links of a page past the first N are not followed)
              --max-frontier N (200000 URLs queued at once: new URLs past it are refused until there is room)
  politeness: --delay MS (per host, between requests; default 1000; a longer robots.txt Crawl-delay wins)
              --max-crawl-delay MS (60000: a host whose robots.txt asks for more is deferred, its URLs left queued)
              --concurrency N (hosts fetched at once; default 8)  --user-agent UA
  fetching:   --timeout MS (30000)  --max-bytes N (10485760)  --retries N (3)  --retry-base MS (2000, doubled per retry)
              (robots.txt too: a host whose robots.txt cannot be had after the retries is given up, with the reason)
              --no-sitemaps  --follow-nofollow
  assets:     --assets (also archive each stored page's stylesheets, scripts, images and fonts in the same WARC,
              from any host, with the same politeness and robots.txt, so that
              'thresher extract OUT --render --warc OUT' shows the pages as they were; not counted as pages)
              --max-assets-per-page N (100)  --max-asset-bytes N (10485760)
  state:      --state FILE (default OUT.state.sqlite)  --fresh (start over)  --json (summary as JSON on stdout)
  progress:   redrawn on stderr when it is a terminal, else a line every --progress-every MS (5000)
  --then run  feed the WARC to the corpus pipeline when the crawl finishes (records into --run-out DIR,
              default: the WARC's name with -run)`;

function num(name: string, v: string | undefined): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new ThresherError('E_BAD_OPTION', `--${name} must be a number ≥ 0 (got "${v}")`);
  return n;
}

function regexes(name: string, vs: string[] | undefined): RegExp[] | undefined {
  return vs?.map((v) => {
    try { return new RegExp(v); } catch (e) { throw new ThresherError('E_BAD_OPTION', `--${name} "${v}" is not a regular expression: ${(e as Error).message}`); }
  });
}

export async function crawlCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      state: { type: 'string' },
      fresh: { type: 'boolean', default: false },
      scope: { type: 'string', default: 'host' },
      prefix: { type: 'string', multiple: true },
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      'max-pages': { type: 'string' },
      'max-depth': { type: 'string' },
      'max-sitemaps': { type: 'string' },
      'max-links-per-page': { type: 'string' },
      'max-frontier': { type: 'string' },
      delay: { type: 'string' },
      'max-crawl-delay': { type: 'string' },
      concurrency: { type: 'string' },
      'user-agent': { type: 'string' },
      timeout: { type: 'string' },
      'max-bytes': { type: 'string' },
      retries: { type: 'string' },
      'retry-base': { type: 'string' },
      'no-sitemaps': { type: 'boolean', default: false },
      'follow-nofollow': { type: 'boolean', default: false },
      assets: { type: 'boolean', default: false },
      'max-assets-per-page': { type: 'string' },
      'max-asset-bytes': { type: 'string' },
      json: { type: 'boolean', default: false },
      'progress-every': { type: 'string' },
      then: { type: 'string' },
      'run-out': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) { process.stdout.write(`${CRAWL_USAGE}\n`); return 0; }
  if (values.then !== undefined) {
    if (values.then !== 'run') throw new ThresherError('E_BAD_OPTION', `--then takes "run" (got "${values.then}")`);
  }
  if (!positionals.length) throw new ThresherError('E_BAD_OPTION', `give at least one seed URL\n\n${CRAWL_USAGE}`);
  if (!values.out) throw new ThresherError('E_BAD_OPTION', 'give the WARC file to write with --out FILE.warc.gz');
  const scopeMode = values.scope as ScopeMode;
  if (!['host', 'domain', 'prefix', 'any'].includes(scopeMode)) throw new ThresherError('E_BAD_OPTION', '--scope must be host, domain, prefix or any');

  const err = process.stderr;
  const tty = Boolean(err.isTTY);
  const stop = new AbortController();
  const hard = new AbortController();
  const crawler = new Crawler({
    seeds: positionals, out: values.out, statePath: values.state, fresh: values.fresh,
    scope: {
      mode: scopeMode, prefixes: values.prefix, include: regexes('include', values.include), exclude: regexes('exclude', values.exclude),
      maxPages: num('max-pages', values['max-pages']), maxDepth: num('max-depth', values['max-depth']),
      maxSitemaps: num('max-sitemaps', values['max-sitemaps']),
    },
    maxLinksPerPage: num('max-links-per-page', values['max-links-per-page']), maxFrontier: num('max-frontier', values['max-frontier']),
    latencyMs: num('delay', values.delay), maxCrawlDelayMs: num('max-crawl-delay', values['max-crawl-delay']), concurrency: num('concurrency', values.concurrency),
    userAgent: values['user-agent'] ?? DEFAULT_USER_AGENT, timeoutMs: num('timeout', values.timeout),
    maxBytes: num('max-bytes', values['max-bytes']), maxRetries: num('retries', values.retries), retryBaseMs: num('retry-base', values['retry-base']),
    sitemaps: !values['no-sitemaps'], followNofollow: values['follow-nofollow'],
    assets: values.assets, maxAssetsPerPage: num('max-assets-per-page', values['max-assets-per-page']), maxAssetBytes: num('max-asset-bytes', values['max-asset-bytes']),
    signal: stop.signal, abortSignal: hard.signal,
    // Without a terminal (a log, a pipe), a line every few seconds instead of the redrawn one.
    ...(tty ? {} : { onProgress: (p: CrawlProgress) => err.write(`thresher crawl: ${(p.elapsedMs / 1000).toFixed(0)} s · ${progressLine(p, 400)}\n`), progressEveryMs: num('progress-every', values['progress-every']) ?? 5000 }),
  });
  await crawler.open();

  let interrupts = 0;
  const onSigint = (): void => {
    interrupts++;
    if (interrupts === 1) {
      stop.abort();
      if (tty) err.write('\r\x1b[K');
      err.write(`thresher: stopping: ${crawler.progress().inFlight} requests in flight finish, the state is saved (Ctrl-C again to abort them)\n`);
    } else {
      hard.abort();
    }
  };
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigint);
  const ticker = tty ? setInterval(() => err.write(`\r${progressLine(crawler.progress(), err.columns || 100)}\x1b[K`), 250) : null;
  let summary: CrawlSummary;
  try {
    summary = await crawler.run();
  } finally {
    if (ticker) { clearInterval(ticker); err.write('\r\x1b[K'); }
    process.off('SIGINT', onSigint);
    process.off('SIGTERM', onSigint);
  }
  err.write(summaryText(summary));
  if (values.json) process.stdout.write(JSON.stringify(summary) + '\n');
  if (summary.stopped) return 130;
  if (values.then === 'run') {
    const runOut = values['run-out'] ?? values.out.replace(/\.warc(\.gz)?$/i, '') + '-run';
    const run = await runCorpus(values.out, { out: runOut });
    process.stdout.write(values.json ? JSON.stringify(run) + '\n' : formatSummary(run));
  }
  return 0;
}

export function progressLine(p: CrawlProgress, columns: number): string {
  const hosts = [...p.hosts].sort((a, b) => b.fetched - a.fetched).slice(0, 4)
    .map((h) => `${h.host} ${h.ratePerSec.toFixed(1)}/s`).join(', ');
  const line = `fetched ${p.fetched} · queued ${p.queued} · in flight ${p.inFlight} · errors ${p.errors} · skipped ${p.skipped}${hosts ? ` · ${hosts}` : ''}`;
  return line.slice(0, Math.max(10, columns - 1));
}

/** Whether the crawl has assets to report (this run's, or some left queued). */
function assetsSeen(s: CrawlSummary): boolean {
  const a = s.assets;
  return a.fetched + a.failed + a.skipped + s.total.assets.queued > 0;
}

export function summaryText(s: CrawlSummary): string {
  const kv = (o: Record<string, number>): string => Object.entries(o).map(([k, v]) => `${k} ${v}`).join(', ') || 'none';
  const lines = [
    `${s.stopped ? 'crawl stopped' : 'crawl finished'}${s.resumed ? ' (resumed)' : ''} in ${(s.durationMs / 1000).toFixed(1)} s: ` +
      `${s.fetched} requests answered, ${s.pages} pages, ${(s.bytes / 1048576).toFixed(1)} MiB`,
    `  statuses: ${kv(s.byStatus)}`,
    `  faults: ${kv(s.faults)}`,
    `  skipped: ${kv(s.skipped)}`,
    ...(assetsSeen(s) ? [`  assets: ${s.assets.fetched} fetched (${(s.assets.bytes / 1048576).toFixed(1)} MiB), ${s.assets.failed} failed, ${s.assets.skipped} skipped` +
      `${s.total.assets.queued ? `, ${s.total.assets.queued} queued` : ''}`] : []),
    ...(s.cut.links || s.cut.frontier || s.cut.assets ? [`  cut: ${s.cut.links} links past --max-links-per-page ${s.cut.maxLinksPerPage} on ${s.cut.pages} pages; ` +
      `${s.cut.assets ? `${s.cut.assets} assets past --max-assets-per-page ${s.cut.maxAssetsPerPage} on ${s.cut.assetPages} pages or stylesheets; ` : ''}` +
      `${s.cut.frontier} new URLs refused by a full frontier (--max-frontier ${s.cut.maxFrontier})`] : []),
    ...s.givenUp.map((g) => `  given up: ${g.host}: ${g.reason}; its URLs skipped`),
    ...s.deferred.map((d) => `  deferred: ${d.host} (robots.txt Crawl-delay ${d.crawlDelayMs >= UNBOUNDED_DELAY_MS ? 'unbounded' : `${d.crawlDelayMs / 1000} s`}, over the ${d.maxCrawlDelayMs / 1000} s cap): ` +
      `${d.queued} URLs left queued for a run with a larger --max-crawl-delay`),
    `  whole crawl: ${s.total.urls} URLs seen, ${s.total.done} done, ${s.total.failed} failed, ${s.total.skipped} skipped, ${s.total.queued} queued`,
    `  WARC ${s.warc} · state ${s.state}${s.stopped ? ' · run the same command again to resume' : ''}`,
  ];
  return lines.join('\n') + '\n';
}
