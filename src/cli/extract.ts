/**
 * `thresher extract`: one page (a file, '-' or a URL) to stdout in the asked format; or many
 * pages (a folder with its manifest.jsonl, a .jsonl of {url, html}, a WARC, a stream of JSON
 * Lines with --jsonl, a list of URLs with -i) to JSON Lines in input order, or with -o DIR to one
 * file per page. Many pages run on worker threads (--workers, default the core count) through
 * extract-engine.ts; where the pages come from is extract-jsonl.ts (the streaming filter) and
 * extract-urls.ts (the URL list, fetched by the crawler); what is written is extract-sink.ts.
 * `--site models/` applies the site model of each page's host; `--render` renders each page in
 * Chromium first (render-option.ts).
 */
import { parseArgs } from 'node:util';
import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { extract } from '../page/extract.js';
import { readInput } from '../io/read-input.js';
import { ALGORITHMS, EXTRACT_MODES, type Algorithm, type Diagnostic, type ExtractMode, type OutputFormat } from '../types.js';
import { ThresherError } from '../errors.js';
import { openCorpus, type CorpusSource } from '../pipeline/input.js';
import type { WorkerExtractOptions } from '../pipeline/pool.js';
import { openRenderer, RENDER_OPTIONS, RENDER_USAGE } from './render-option.js';
import { loadModels, ModelPicker, pageOrigin, readManifest } from './site-models.js';
import { Progress } from './progress.js';
import { terminalText } from './terminal-text.js';
import { openOutFile, stdoutOutput, type Output } from './output.js';
import { openEngine, runTasks, type Task } from './extract-engine.js';
import { debugLines, dirSink, jsonlSink, render, slugOf, stemOf } from './extract-sink.js';
import { jsonlLines, jsonlTasks } from './extract-jsonl.js';

const FORMATS: OutputFormat[] = ['text', 'markdown', 'html', 'json'];
const MAX_WORKERS = 256;
/** A page's limit on a worker, as thresher run's. */
const PAGE_TIMEOUT_MS = 60_000;

export const EXTRACT_USAGE = `usage: thresher extract <file|dir|pages.jsonl|crawl.warc|-|url> [options]
       thresher extract --jsonl <-|pages.jsonl> [options]     a streaming filter: JSON Lines in, records out
       thresher extract -i urls.txt [options]                 a list of URLs, fetched politely
  A file, '-' (stdin) or a URL prints one page. A folder (every .html/.htm(.gz) below it, URLs from
  its manifest.jsonl), a .jsonl of {url, html}, a WARC, --jsonl or -i prints JSON Lines, one record
  per page in input order (a page that fails is a record with "error"), or with -o one file per page.
  --format F        text | markdown | html | json (default text)
  --algorithm A     ${ALGORITHMS.join(' | ')} (default default)
  --title           put the headline first (# Title in Markdown)
  --images          keep figures and their captions in Markdown and HTML
  --comments        list the user comments apart, after the body (never in it); a product
                    page's customer reviews are among them
  --byline          keep the byline, date and reading-time lines by the headline, and credit
                    and copyright lines, in the body
  --precision       keep less on doubtful blocks (same as --mode precision)
  --recall          keep more on doubtful blocks (same as --mode recall)
  --mode M          ${EXTRACT_MODES.join(' | ')} (default balanced)
  --debug           record every block with its label and reason, and the metadata sources; with
                    text output, one line per block on stderr
  --no-model        the structural labeler alone, without the learned block model
  --keep-mojibake   leave double-encoded UTF-8 as the page has it
  --keep-code-points
                    leave decomposed letters ("u" + "¨") as the page has them, not composed (NFC)
  --site MODELS     apply the site model of each page's host (from thresher learn)
  --url URL         the page's URL (links and site models), for a file or stdin
  --out FILE        write there instead of stdout (the page, or the JSON Lines)
 several pages:
  -o, --out-dir DIR one file per page instead of JSON Lines: DIR/<page stem>.txt, .md, .html or
                    .json by --format (a folder's subfolders kept; with one page, -o is --out)
  --workers N       worker threads (default: the core count, ${availableParallelism()} here); 1 extracts in this
                    thread, and so does --render (a page's layout stays with the thread that rendered it)
  --page-timeout MS a page's time limit on a worker (default ${PAGE_TIMEOUT_MS}); past it the page is an error record
  -q, --quiet       no progress and no summary on stderr
  --jsonl <-|FILE>  read lines {"url": …, "id": …, "html": …} or {…, "html_base64": …} (the page's bytes)
                    from stdin or FILE; write one record per line, in input order, as they are done.
                    A bad line is a record {line, id?, url?, error: {code, message}}; exit 0 at the end
                    of the input. Under Spark, Hadoop or parallel --pipe give --workers 1.
  -i, --input-file F  URLs, one per line (# comments), fetched by the crawler: robots.txt obeyed,
                    one request at a time per host; a URL without a page is a record with "error"
  --delay MS        -i: between two requests to one host (default 1000; a longer Crawl-delay wins)
  --user-agent UA   -i: the User-Agent (default the crawler's)
  --retries N       -i: tries again after a timeout, a network error, a 429 or a 5xx (default 3)
  --timeout MS      a fetch's time limit, for a URL or -i (default 15000)
${RENDER_USAGE}`;

const FLAGS = {
  format: { type: 'string', short: 'f', default: 'text' },
  algorithm: { type: 'string', short: 'a', default: 'default' },
  debug: { type: 'boolean', default: false },
  title: { type: 'boolean', default: false },
  images: { type: 'boolean', default: false },
  byline: { type: 'boolean', default: false },
  comments: { type: 'boolean', default: false },
  precision: { type: 'boolean', default: false },
  recall: { type: 'boolean', default: false },
  mode: { type: 'string' },
  'no-model': { type: 'boolean', default: false },
  'keep-mojibake': { type: 'boolean', default: false },
  'keep-code-points': { type: 'boolean', default: false },
  out: { type: 'string' },
  // -o: the output folder for several pages, the output file for one (parseArgs takes "o" as its own name).
  o: { type: 'string' },
  'out-dir': { type: 'string' },
  workers: { type: 'string' },
  'page-timeout': { type: 'string' },
  quiet: { type: 'boolean', short: 'q', default: false },
  jsonl: { type: 'string' },
  'input-file': { type: 'string', short: 'i' },
  delay: { type: 'string' },
  'user-agent': { type: 'string' },
  retries: { type: 'string' },
  timeout: { type: 'string', default: '15000' },
  site: { type: 'string' },
  url: { type: 'string' },
  ...RENDER_OPTIONS,
} as const;

type Values = ReturnType<typeof parse>['values'];

function parse(argv: string[]) {
  return parseArgs({ args: argv, allowPositionals: true, options: FLAGS });
}

/** The extract() options the flags ask for. */
function modeOf(values: { mode?: string; precision?: boolean; recall?: boolean }): ExtractMode {
  if (values.precision && values.recall) throw new ThresherError('E_BAD_OPTION', '--precision and --recall exclude each other');
  const mode = (values.precision ? 'precision' : values.recall ? 'recall' : values.mode ?? 'balanced') as ExtractMode;
  if (!EXTRACT_MODES.includes(mode)) throw new ThresherError('E_BAD_OPTION', `--mode must be one of ${EXTRACT_MODES.join(', ')}`);
  return mode;
}

function optionsOf(values: Values): { format: OutputFormat; options: WorkerExtractOptions } {
  const format = values.format as OutputFormat;
  if (!FORMATS.includes(format)) throw new ThresherError('E_BAD_OPTION', `--format must be one of ${FORMATS.join(', ')}`);
  const algorithm = values.algorithm as Algorithm;
  if (!ALGORITHMS.includes(algorithm)) throw new ThresherError('E_BAD_OPTION', `--algorithm must be one of ${ALGORITHMS.join(', ')}`);
  return {
    format,
    options: {
      algorithm, debug: values.debug, formats: [format], comments: values.comments, title: values.title, images: values.images, byline: values.byline,
      mode: modeOf(values), model: !values['no-model'], repairMojibake: !values['keep-mojibake'], normalizeUnicode: !values['keep-code-points'],
    },
  };
}

/** A whole number in [min, max] from a flag, or undefined when the flag is absent. */
function intFlag(values: Values, name: 'workers' | 'page-timeout' | 'delay' | 'retries' | 'timeout', min: number, max: number): number | undefined {
  const v = values[name];
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!(Number.isInteger(n) && n >= min && n <= max)) throw new ThresherError('E_BAD_OPTION', `--${name} must be a whole number from ${min} to ${max} (got "${v}")`);
  return n;
}

type Mode = { kind: 'one'; source: string } | { kind: 'corpus'; source: string; isDir: boolean } | { kind: 'jsonl'; source: string } | { kind: 'urls'; source: string };

function modeFrom(values: Values, positionals: string[]): Mode {
  const streams = [values.jsonl !== undefined && '--jsonl', values['input-file'] !== undefined && '-i'].filter(Boolean);
  if (streams.length > 1) throw new ThresherError('E_BAD_OPTION', '--jsonl and -i exclude each other');
  if (streams.length) {
    if (positionals.length) throw new ThresherError('E_BAD_OPTION', `${streams[0]} reads its input itself; "${positionals[0]}" is one input too many`);
    return values.jsonl !== undefined ? { kind: 'jsonl', source: values.jsonl } : { kind: 'urls', source: values['input-file']! };
  }
  if (positionals.length !== 1) throw new ThresherError('E_BAD_OPTION', `give exactly one <file|dir|-|url>, or --jsonl, or -i\n${EXTRACT_USAGE}`);
  const source = positionals[0];
  const isDir = !/^https?:\/\//i.test(source) && source !== '-' && statSafe(source)?.isDirectory() === true;
  return isDir || /\.(jsonl|warc(\.gz)?)$/i.test(source) ? { kind: 'corpus', source, isDir } : { kind: 'one', source };
}

export async function extractCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parse(argv);
  const { format, options } = optionsOf(values);
  const mode = modeFrom(values, positionals);
  if (mode.kind !== 'urls') {
    const stray = (['delay', 'user-agent', 'retries'] as const).find((k) => values[k] !== undefined);
    if (stray) throw new ThresherError('E_BAD_OPTION', `--${stray} works with -i only`);
  }
  // --site: the site model whose host matches each page's URL (site-models.ts)
  const picker = values.site ? new ModelPicker(loadModels(values.site)) : null;
  if (mode.kind === 'one') return extractOne(mode.source, values, format, options, picker);
  return extractMany(mode, values, format, options, picker);
}

/** One page to stdout (or --out): rendered when asked, through extract() with its site model. */
async function extractOne(source: string, values: Values, format: OutputFormat, options: WorkerExtractOptions, picker: ModelPicker | null): Promise<number> {
  if (values['out-dir'] !== undefined) throw new ThresherError('E_BAD_OPTION', '--out-dir takes several pages (a folder, a .jsonl, a WARC, --jsonl or -i); for one page, --out FILE');
  for (const k of ['workers', 'page-timeout'] as const) if (values[k] !== undefined) throw new ThresherError('E_BAD_OPTION', `--${k} takes several pages (a folder, a .jsonl, a WARC, --jsonl or -i)`);
  const outPath = values.out ?? values.o;
  // --render: the page through the browser first (as it came otherwise); closed however the run ends.
  const renderer = await openRenderer(values);
  try {
    const out: Output = outPath !== undefined ? openOutFile(outPath) : stdoutOutput();
    const input = await readInput(source, { timeoutMs: intFlag(values, 'timeout', 1, 2 ** 31 - 1) });
    const url = input.url ?? values.url;
    const { site, note } = picker ? picker.pick(url, undefined) : {};
    const p = await renderer.prepare(input.bytes, url, input.contentType, source);
    const r = extract(p.input, { ...options, url, site, ...(p.layout ? { layout: p.layout } : { contentType: input.contentType }) });
    const siteNotes: Diagnostic[] = note ? [{ code: 'W_SITE_NONE', message: note }] : [];
    r.diagnostics.push(...p.diagnostics, ...siteNotes);
    // Why a site model was not applied, what rendering missed, or why the text is empty, is worth a line even when only the text is printed.
    if (format !== 'json') for (const d of r.diagnostics) if (d.code.startsWith('W_SITE_') || d.code === 'W_RENDER' || d.code === 'W_NO_CONTENT') process.stderr.write(`thresher: ${d.code}: ${terminalText(d.message)}\n`);
    if (values.debug && format === 'text') process.stderr.write(debugLines(r));
    await out.write(render(r, format) + '\n');
    out.end();
    return 0;
  } finally {
    await renderer.close();
  }
}

/** Many pages through the engine, into JSON Lines or an output folder, in input order. */
async function extractMany(mode: Exclude<Mode, { kind: 'one' }>, values: Values, format: OutputFormat, options: WorkerExtractOptions, picker: ModelPicker | null): Promise<number> {
  const outDir = values['out-dir'] ?? values.o;
  if (outDir !== undefined && values.out !== undefined) throw new ThresherError('E_BAD_OPTION', '--out writes JSON Lines and --out-dir (-o) one file per page: give one of them');
  const workers = intFlag(values, 'workers', 1, MAX_WORKERS) ?? availableParallelism();
  const pageTimeoutMs = intFlag(values, 'page-timeout', 1, 2 ** 31 - 1) ?? PAGE_TIMEOUT_MS;
  const quiet = values.quiet;
  // A folder, .jsonl or WARC is counted first (for the progress bar): no more threads than pages.
  const corpus = mode.kind === 'corpus' ? await openCorpus(mode.source) : null;
  const total = corpus ? await corpus.count() : undefined;
  // Opened before any page is read: an output that cannot be written is E_OUTPUT up front.
  const output: Output | null = outDir === undefined ? (values.out !== undefined ? openOutFile(values.out) : stdoutOutput()) : null;
  const sink = output ? jsonlSink(output, format) : dirSink(outDir!, format, values.debug);
  const renderer = await openRenderer(values);
  const engine = openEngine({ options, picker, renderer, rendering: values.render, workers: Math.min(workers, Math.max(1, total ?? workers)), pageTimeoutMs });
  try {
    if (mode.kind === 'jsonl') {
      const progress = quiet ? null : new Progress(undefined, process.stderr, { lineEveryMs: 10_000 });
      const r = await runTasks(jsonlTasks(jsonlLines(mode.source)), engine, sink, progress);
      progress?.done(`${r.pages} records, ${r.failed} errors`);
      // A stream filter's failures are its error records: exit 0 once the input is read to its end.
      return 0;
    }
    if (mode.kind === 'urls') {
      const fetch = { timeoutMs: intFlag(values, 'timeout', 1, 2 ** 31 - 1)!, delayMs: intFlag(values, 'delay', 0, 2 ** 31 - 1), retries: intFlag(values, 'retries', 0, 100), userAgent: values['user-agent'] };
      // The crawler (and SQLite under it) is loaded only for -i.
      const { extractUrlList } = await import('./extract-urls.js');
      const r = await extractUrlList(mode.source, fetch, engine, sink, quiet);
      return r.interrupted ? 130 : r.failed === r.pages && r.pages > 0 ? 1 : 0;
    }
    const progress = quiet ? null : new Progress(total, process.stderr, { lineEveryMs: 10_000 });
    const r = await runTasks(corpusTasks(corpus!, mode.isDir ? mode.source : null, picker), engine, sink, progress);
    progress?.done(`${r.pages} pages, ${r.failed} failed`);
    return r.failed === r.pages && r.pages > 0 ? 1 : 0;
  } finally {
    await engine.close();
    await renderer.close();
    output?.end();
  }
}

/**
 * The pages of a folder, a .jsonl or a WARC (pipeline/input.ts: a folder's URLs from its
 * manifest.jsonl). A folder's records are keyed by file, the others by id; with --site, a
 * folder's page without a URL may still have a host (its manifest row, or its path).
 */
async function* corpusTasks(source: CorpusSource, dir: string | null, picker: ModelPicker | null): AsyncGenerator<Task> {
  const manifest = dir !== null && picker ? readManifest(dir) : new Map<string, { url?: string; host?: string }>();
  for await (const item of source.items()) {
    const file = dir !== null && item.file !== undefined ? join(dir, item.file) : undefined;
    const key = file !== undefined ? { file } : { id: item.id };
    const name = item.file !== undefined ? stemOf(item.file) : slugOf(item.id);
    if (item.error || !item.bytes) {
      yield { key, name, error: item.error ?? { code: 'E_INPUT_READ', message: 'no bytes' } };
      continue;
    }
    const origin = file !== undefined && picker ? pageOrigin(dir!, file, manifest) : {};
    yield { key, name, job: { input: item.bytes, url: item.url ?? origin.url, host: origin.host, contentType: item.contentType, name: file ?? item.id } };
  }
}

function statSafe(p: string) {
  try { return statSync(p); } catch { return undefined; }
}
