/** `thresher extract <file|dir|-|url>`: one page to stdout, or a directory to JSON Lines. */
import { parseArgs } from 'node:util';
import { statSync, createWriteStream, type WriteStream } from 'node:fs';
import { extract } from '../page/extract.js';
import { readInput, listInputFiles } from '../io/read-input.js';
import { ALGORITHMS, type Algorithm, type Extraction, type OutputFormat } from '../types.js';
import { ThresherError } from '../errors.js';
import { Progress } from './progress.js';

const FORMATS: OutputFormat[] = ['text', 'markdown', 'html', 'json'];

export async function extractCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: {
      format: { type: 'string', short: 'f', default: 'text' },
      algorithm: { type: 'string', short: 'a', default: 'default' },
      debug: { type: 'boolean', default: false },
      'no-comments': { type: 'boolean', default: false },
      'no-model': { type: 'boolean', default: false },
      out: { type: 'string', short: 'o' },
      timeout: { type: 'string', default: '15000' },
    },
  });
  const format = values.format as OutputFormat;
  if (!FORMATS.includes(format)) throw new ThresherError('E_BAD_OPTION', `--format must be one of ${FORMATS.join(', ')}`);
  const algorithm = values.algorithm as Algorithm;
  if (!ALGORITHMS.includes(algorithm)) throw new ThresherError('E_BAD_OPTION', `--algorithm must be one of ${ALGORITHMS.join(', ')}`);
  if (positionals.length !== 1) throw new ThresherError('E_BAD_OPTION', 'give exactly one <file|dir|-|url>');
  const source = positionals[0];
  const options = { algorithm, debug: values.debug, formats: [format], comments: !values['no-comments'], model: !values['no-model'] };

  const isDir = !/^https?:\/\//i.test(source) && source !== '-' && statSafe(source)?.isDirectory();
  const out: NodeJS.WritableStream | WriteStream = values.out ? createWriteStream(values.out) : process.stdout;
  if (!isDir) {
    const input = await readInput(source, { timeoutMs: Number(values.timeout) });
    const r = extract(input.bytes, { ...options, url: input.url, contentType: input.contentType });
    await write(out, render(r, format) + '\n');
    return 0;
  }

  const files = await listInputFiles(source);
  const progress = new Progress(files.length, process.stderr);
  let failed = 0;
  for (const file of files) {
    let line: string;
    try {
      const input = await readInput(file);
      const r = extract(input.bytes, { ...options, url: input.url });
      line = JSON.stringify({ file, ...jsonRecord(r, format) });
    } catch (e) {
      failed++;
      const err = e as ThresherError;
      line = JSON.stringify({ file, error: { code: err.code ?? 'E_UNKNOWN', message: err.message } });
    }
    await write(out, line + '\n');
    progress.tick(file);
  }
  progress.done(`${files.length} pages, ${failed} failed`);
  if (out !== process.stdout) (out as WriteStream).end();
  return failed === files.length && files.length > 0 ? 1 : 0;
}

function statSafe(p: string) {
  try { return statSync(p); } catch { return undefined; }
}

function render(r: Extraction, format: OutputFormat): string {
  if (format === 'markdown') return r.markdown ?? '';
  if (format === 'html') return r.html ?? '';
  if (format === 'json') return JSON.stringify(r, null, 2);
  return r.text;
}

/** In JSON Lines, the record carries the text plus the rendering that was asked for. */
function jsonRecord(r: Extraction, format: OutputFormat): object {
  if (format === 'json') return r;
  const { url, title, pageType, algorithm, lang, text, diagnostics } = r;
  const rec: Record<string, unknown> = { url, title, pageType, algorithm, lang, text, diagnostics };
  if (format === 'markdown') rec.markdown = r.markdown;
  if (format === 'html') rec.html = r.html;
  if (r.blocks) rec.blocks = r.blocks;
  return rec;
}

function write(out: NodeJS.WritableStream, s: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.write(s)) resolve(); else out.once('drain', resolve);
    out.once('error', reject);
  });
}
