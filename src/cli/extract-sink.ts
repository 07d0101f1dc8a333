/**
 * What `thresher extract` writes: one page in the asked format, a JSON Lines record per page, or
 * (-o DIR) one file per page named after it, trafilatura's convention: DIR/<page stem>.txt, .md,
 * .html or .json by --format. Every page-derived string is made safe for a terminal first
 * (terminal-text.ts): pages can hold escape sequences.
 */
import { dirname, join } from 'node:path';
import type { Extraction, OutputFormat } from '../types.js';
import type { Done, Sink } from './extract-engine.js';
import { makeOutDir, writeOutFile, type Output } from './output.js';
import { terminalJson, terminalLine, terminalText } from './terminal-text.js';

/** The page in the asked format; a page's control characters never reach the output. */
export function render(r: Extraction, format: OutputFormat): string {
  if (format === 'json') return terminalJson(r, 2);
  const comments = r.comments ?? [];
  if (format === 'markdown') return terminalText((r.markdown ?? '') + (comments.length ? `\n## Comments\n\n${comments.map((c) => c.markdown).join('\n\n---\n\n')}\n` : ''));
  if (format === 'html') return terminalText(r.html ?? '');
  return terminalText(r.text + (comments.length ? `\n\n${comments.map((c) => c.text).join('\n\n')}` : ''));
}

/**
 * --debug with text output, for stderr: one line per block (kept or dropped, where, and why),
 * then where each metadata field came from. Each line is made a single safe line: a reason or a
 * class name from the page cannot add a line of its own or move the cursor.
 */
export function debugLines(r: Extraction, prefix = 'thresher: '): string {
  const blocks = (r.blocks ?? []).map((b) => `${b.label.padEnd(7)} ${b.path}: ${b.reason}`);
  const sources = Object.entries(r.metadataSources ?? {}).map(([field, source]) => `metadata ${field} from ${source}`);
  return [...blocks, ...sources].map((l) => `${prefix}${terminalLine(l)}\n`).join('');
}

/** In JSON Lines, the record carries the text, the metadata and comments, plus the rendering that was asked for. */
export function jsonRecord(r: Extraction, format: OutputFormat): object {
  if (format === 'json') return r;
  const { url, title, metadata, pageType, algorithm, lang, text, comments, diagnostics } = r;
  const rec: Record<string, unknown> = { url, title, metadata, pageType, algorithm, lang, text, ...(comments ? { comments } : {}), diagnostics };
  if (format === 'markdown') rec.markdown = r.markdown;
  if (format === 'html') rec.html = r.html;
  if (r.blocks) rec.blocks = r.blocks;
  return rec;
}

/** One JSON record per line: the page's identifying fields and its extraction, or its error. */
export function jsonlSink(out: Output, format: OutputFormat): Sink {
  return {
    write(d: Done) {
      const line = d.error ? terminalJson({ ...(d.failKey ?? d.key), error: d.error }) : terminalJson({ ...d.key, ...jsonRecord(d.result!, format) });
      return out.write(line + '\n');
    },
  };
}

const EXTENSIONS: Record<OutputFormat, string> = { text: '.txt', markdown: '.md', html: '.html', json: '.json' };

/**
 * -o DIR: each page into DIR/<name><ext>, folders created as needed; a page that failed is a
 * line on stderr. With --debug and text output, the block reasons go to stderr, each line
 * prefixed with the page's name.
 */
export function dirSink(dir: string, format: OutputFormat, debug: boolean): Sink {
  makeOutDir(dir);
  const names = new UniqueNames();
  return {
    async write(d: Done) {
      if (d.error) {
        process.stderr.write(`thresher: ${terminalLine(d.name)}: ${d.error.code}: ${terminalLine(d.error.message)}\n`);
        return;
      }
      const path = join(dir, names.take(d.name) + EXTENSIONS[format]);
      makeOutDir(dirname(path));
      writeOutFile(path, render(d.result!, format) + '\n');
      if (debug && format === 'text') process.stderr.write(debugLines(d.result!, `thresher: ${terminalLine(d.name)}: `));
    },
  };
}

/** Output names, each given once: a second page of the same name gets "-2", then "-3" (compared without case, for case-blind file systems). */
export class UniqueNames {
  private readonly taken = new Set<string>();
  take(name: string): string {
    let n = name, k = 1;
    while (this.taken.has(n.toLowerCase())) n = `${name}-${++k}`;
    this.taken.add(n.toLowerCase());
    return n;
  }
}

/** A file name from a URL or an id: its scheme dropped, every run of other characters than letters, digits, '.', '-' and '_' as one '_', at most 120 characters. */
export function slugOf(id: string): string {
  const s = id.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|[._]+$/g, '').slice(0, 120);
  return s || 'page';
}

/** A directory page's output name: its relative path without the page extension ("news/a.html.gz" → "news/a"). */
export function stemOf(rel: string): string {
  return rel.split(/[\\/]/).join('/').replace(/\.(x?html?)(\.gz)?$/i, '');
}
