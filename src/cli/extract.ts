/**
 * `thresher extract <file|dir|pages.jsonl|-|url>`: one page to stdout, or a directory or .jsonl
 * to JSON Lines. `--site models/` applies the site model of each page's host (by the page's URL:
 * --url, the .jsonl record's url, or a manifest.jsonl beside the pages). `--render` renders each
 * page in Chromium first and extracts from the DOM after its scripts, with its layout
 * (render-option.ts).
 */
import { parseArgs } from 'node:util';
import { statSync } from 'node:fs';
import { extract } from '../page/extract.js';
import { readInput, listInputFiles } from '../io/read-input.js';
import { ALGORITHMS, EXTRACT_MODES, type Algorithm, type Diagnostic, type ExtractMode, type Extraction, type OutputFormat, type SiteRefiner } from '../types.js';
import { ThresherError, type ErrorCode } from '../errors.js';
import { openCorpus } from '../pipeline/input.js';
import { openRenderer, RENDER_OPTIONS, RENDER_USAGE, type Renderer } from './render-option.js';
import { loadModels, ModelPicker, pageOrigin, readManifest } from './site-models.js';
import { Progress } from './progress.js';
import { terminalJson, terminalText } from './terminal-text.js';
import { openOutFile, stdoutOutput, type Output } from './output.js';

const FORMATS: OutputFormat[] = ['text', 'markdown', 'html', 'json'];

export const EXTRACT_USAGE = `usage: thresher extract <file|dir|pages.jsonl|crawl.warc|-|url> [options]
  A file, '-' (stdin) or a URL prints one page; a directory (every .html/.htm(.gz) below it), a
  .jsonl of {url, html} or a WARC prints JSON Lines, one record per page.
  --format F        text | markdown | html | json (default text)
  --algorithm A     ${ALGORITHMS.join(' | ')} (default default)
  --title           put the headline first (# Title in Markdown)
  --images          keep figures and their captions in Markdown and HTML
  --comments        list the user comments apart, after the body (never in it)
  --precision       keep less on doubtful blocks (same as --mode precision)
  --recall          keep more on doubtful blocks (same as --mode recall)
  --mode M          ${EXTRACT_MODES.join(' | ')} (default balanced)
  --debug           record every block with its label and reason, and the metadata sources
  --no-model        the structural labeler alone, without the learned block model
  --keep-mojibake   leave double-encoded UTF-8 as the page has it
  --site MODELS     apply the site model of each page's host (from thresher learn)
  --url URL         the page's URL (links and site models), for a file or stdin
  --timeout MS      fetch timeout for a URL (default 15000)
  --out FILE        write there instead of stdout
${RENDER_USAGE}`;

/** The extract() options the flags ask for. */
function modeOf(values: { mode?: string; precision?: boolean; recall?: boolean }): ExtractMode {
  if (values.precision && values.recall) throw new ThresherError('E_BAD_OPTION', '--precision and --recall exclude each other');
  const mode = (values.precision ? 'precision' : values.recall ? 'recall' : values.mode ?? 'balanced') as ExtractMode;
  if (!EXTRACT_MODES.includes(mode)) throw new ThresherError('E_BAD_OPTION', `--mode must be one of ${EXTRACT_MODES.join(', ')}`);
  return mode;
}

export async function extractCommand(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) { process.stdout.write(EXTRACT_USAGE); return 0; }
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f', default: 'text' },
      algorithm: { type: 'string', short: 'a', default: 'default' },
      debug: { type: 'boolean', default: false },
      title: { type: 'boolean', default: false },
      images: { type: 'boolean', default: false },
      comments: { type: 'boolean', default: false },
      precision: { type: 'boolean', default: false },
      recall: { type: 'boolean', default: false },
      mode: { type: 'string' },
      'no-model': { type: 'boolean', default: false },
      'keep-mojibake': { type: 'boolean', default: false },
      out: { type: 'string', short: 'o' },
      timeout: { type: 'string', default: '15000' },
      site: { type: 'string' },
      url: { type: 'string' },
      ...RENDER_OPTIONS,
    },
  });
  const format = values.format as OutputFormat;
  if (!FORMATS.includes(format)) throw new ThresherError('E_BAD_OPTION', `--format must be one of ${FORMATS.join(', ')}`);
  const algorithm = values.algorithm as Algorithm;
  if (!ALGORITHMS.includes(algorithm)) throw new ThresherError('E_BAD_OPTION', `--algorithm must be one of ${ALGORITHMS.join(', ')}`);
  if (positionals.length !== 1) throw new ThresherError('E_BAD_OPTION', `give exactly one <file|dir|-|url>\n${EXTRACT_USAGE}`);
  const source = positionals[0];
  const options = {
    algorithm, debug: values.debug, formats: [format], comments: values.comments, title: values.title, images: values.images,
    mode: modeOf(values), model: !values['no-model'], repairMojibake: !values['keep-mojibake'],
  };

  // --site: the site model whose host matches each page's URL (site-models.ts)
  const picker = values.site ? new ModelPicker(loadModels(values.site)) : null;
  const siteFor = (url: string | undefined, host?: string): { site?: SiteRefiner; diagnostics: Diagnostic[] } => {
    if (!picker) return { diagnostics: [] };
    const { site, note } = picker.pick(url, host);
    return { site, diagnostics: note ? [{ code: 'W_SITE_NONE', message: note }] : [] };
  };

  const isDir = !/^https?:\/\//i.test(source) && source !== '-' && statSafe(source)?.isDirectory();
  // --render: each page through the browser first (the page as it came otherwise); closed however the run ends.
  const renderer = await openRenderer(values);
  try {
    const out: Output = values.out ? openOutFile(values.out) : stdoutOutput();
    return await extractFrom(source, isDir === true, out, renderer);
  } finally {
    await renderer.close();
  }

  async function extractFrom(source: string, isDir: boolean, out: Output, renderer: Renderer): Promise<number> {
    /** The page, rendered when asked, through extract() with its site model. */
    const extractOne = async (bytes: Uint8Array, url: string | undefined, contentType?: string, name?: string, host?: string): Promise<Extraction> => {
      const s = siteFor(url, host);
      const p = await renderer.prepare(bytes, url, contentType, name);
      const r = extract(p.input, { ...options, url, site: s.site, ...(p.layout ? { layout: p.layout } : { contentType }) });
      r.diagnostics.push(...p.diagnostics, ...s.diagnostics);
      return r;
    };
    if (!isDir && /\.(jsonl|warc(\.gz)?)$/i.test(source)) return extractJsonl(source, out, (bytes, url) => extractOne(bytes, url), format);
    if (!isDir) {
      const input = await readInput(source, { timeoutMs: Number(values.timeout) });
      const url = input.url ?? values.url;
      const r = await extractOne(input.bytes, url, input.contentType, source);
      // Why a site model was not applied, or what rendering missed, is worth a line even when only the text is printed.
      if (format !== 'json') for (const d of r.diagnostics) if (d.code.startsWith('W_SITE_') || d.code === 'W_RENDER') process.stderr.write(`thresher: ${d.code}: ${terminalText(d.message)}\n`);
      if (values.debug && format === 'text') process.stderr.write(terminalText(debugLines(r)));
      await out.write(render(r, format) + '\n');
      out.end();
      return 0;
    }

    const files = await listInputFiles(source);
    const manifest = picker ? readManifest(source) : new Map();
    const progress = new Progress(files.length, process.stderr);
    let failed = 0;
    for (const file of files) {
      let line: string;
      try {
        const input = await readInput(file);
        const origin = picker ? pageOrigin(source, file, manifest) : {};
        const url = input.url ?? origin.url;
        const r = await extractOne(input.bytes, url, undefined, file, origin.host);
        line = terminalJson({ file, ...jsonRecord(r, format) });
      } catch (e) {
        failed++;
        const err = e as ThresherError;
        line = terminalJson({ file, error: { code: err.code ?? 'E_UNKNOWN', message: err.message } });
      }
      await out.write(line + '\n');
      progress.tick(file);
    }
    progress.done(`${files.length} pages, ${failed} failed`);
    out.end();
    return failed === files.length && files.length > 0 ? 1 : 0;
  }
}

/** A .jsonl of {url, html} records or a WARC file (pipeline/input.ts): one JSON Lines record out per page. */
async function extractJsonl(path: string, out: Output, run: (bytes: Uint8Array, url: string | undefined) => Extraction | Promise<Extraction>, format: OutputFormat): Promise<number> {
  const source = await openCorpus(path);
  const progress = new Progress(await source.count(), process.stderr);
  let failed = 0, n = 0;
  for await (const item of source.items()) {
    n++;
    let line: string;
    try {
      if (item.error || !item.bytes) throw new ThresherError((item.error?.code ?? 'E_INPUT_READ') as ErrorCode, item.error?.message ?? 'no bytes');
      line = terminalJson({ id: item.id, ...jsonRecord(await run(item.bytes, item.url), format) });
    } catch (e) {
      failed++;
      const err = e as ThresherError;
      line = terminalJson({ id: item.id, error: { code: err.code ?? 'E_UNKNOWN', message: err.message } });
    }
    await out.write(line + '\n');
    progress.tick(item.id);
  }
  progress.done(`${n} pages, ${failed} failed`);
  out.end();
  return failed === n && n > 0 ? 1 : 0;
}

function statSafe(p: string) {
  try { return statSync(p); } catch { return undefined; }
}

/** The page in the asked format; a page's control characters never reach the output (terminal-text.ts). */
function render(r: Extraction, format: OutputFormat): string {
  if (format === 'json') return terminalJson(r, 2);
  const comments = r.comments ?? [];
  if (format === 'markdown') return terminalText((r.markdown ?? '') + (comments.length ? `\n## Comments\n\n${comments.map((c) => c.markdown).join('\n\n---\n\n')}\n` : ''));
  if (format === 'html') return terminalText(r.html ?? '');
  return terminalText(r.text + (comments.length ? `\n\n${comments.map((c) => c.text).join('\n\n')}` : ''));
}

/** --debug with text output: why each block was kept or dropped, and where each metadata field came from. */
function debugLines(r: Extraction): string {
  const blocks = (r.blocks ?? []).map((b) => `thresher: ${b.label.padEnd(7)} ${b.path}: ${b.reason}\n`);
  const sources = Object.entries(r.metadataSources ?? {}).map(([field, source]) => `thresher: metadata ${field} from ${source}\n`);
  return blocks.join('') + sources.join('');
}

/** In JSON Lines, the record carries the text, the metadata and comments, plus the rendering that was asked for. */
function jsonRecord(r: Extraction, format: OutputFormat): object {
  if (format === 'json') return r;
  const { url, title, metadata, pageType, algorithm, lang, text, comments, diagnostics } = r;
  const rec: Record<string, unknown> = { url, title, metadata, pageType, algorithm, lang, text, ...(comments ? { comments } : {}), diagnostics };
  if (format === 'markdown') rec.markdown = r.markdown;
  if (format === 'html') rec.html = r.html;
  if (r.blocks) rec.blocks = r.blocks;
  return rec;
}
