/**
 * `thresher extract --jsonl -`: the streaming filter, for engines that pipe records through a
 * process (Spark's rdd.pipe, Hadoop streaming, GNU parallel --pipe). Each input line is a JSON
 * object {url?, id?, html} or {url?, id?, html_base64} (the page's bytes, when its charset is not
 * UTF-8); each output line is the record `extract` writes for a page, in input order. A line that
 * is not such an object becomes an error record {line, id?, url?, error: {code, message}}: in a
 * stream of millions, one bad line must not cost the others.
 *
 * Lines are read as they are taken (pipeline/input.ts's readStreamLines), so with the engine's
 * bounded window memory does not grow with the stream.
 */
import { createReadStream, statSync } from 'node:fs';
import { MAX_ITEM_BYTES, readStreamLines, type OverlongLine } from '../pipeline/input.js';
import { ThresherError } from '../errors.js';
import type { Task } from './extract-engine.js';
import { slugOf } from './extract-sink.js';

/** The lines of standard input ('-') or of a file. */
export function jsonlLines(source: string): AsyncGenerator<string | OverlongLine> {
  if (source === '-') return readStreamLines(process.stdin);
  let isFile = false;
  try { isFile = statSync(source).isFile(); } catch {
    throw new ThresherError('E_INPUT_NOT_FOUND', `no such file: ${source}`);
  }
  if (!isFile) throw new ThresherError('E_INPUT_READ', `--jsonl reads a file of JSON Lines or '-' (standard input); ${source} is not a file`);
  return readStreamLines(createReadStream(source, { highWaterMark: 1 << 16 }));
}

/** One task per non-blank line; line numbers count every line, from 1. */
export async function* jsonlTasks(lines: AsyncIterable<string | OverlongLine>): AsyncGenerator<Task> {
  let line = 0;
  for await (const text of lines) {
    line++;
    if (typeof text === 'string' && !text.trim()) continue;
    yield lineTask(text, line);
  }
}

function kindOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return typeof v === 'object' ? 'an object' : `a ${typeof v}`;
}

type Row = { url?: unknown; id?: unknown; html?: unknown; html_base64?: unknown };

export function lineTask(text: string | OverlongLine, line: number): Task {
  const name = `line-${line}`;
  const bad = (code: 'E_BAD_RECORD' | 'E_INPUT_TOO_LARGE', message: string, known: Record<string, string> = {}): Task =>
    ({ key: { line, ...known }, name, error: { code, message } });
  if (typeof text !== 'string') return bad('E_INPUT_TOO_LARGE', `a line of ${text.overlong} characters, over the limit of ${2 * MAX_ITEM_BYTES + 65_536}`);
  let row: unknown;
  try { row = JSON.parse(text); } catch (e) {
    return bad('E_BAD_RECORD', `the line is not JSON (${(e as Error).message})`);
  }
  if (row === null || typeof row !== 'object' || Array.isArray(row)) return bad('E_BAD_RECORD', `the line is ${kindOf(row)}, not a JSON object`);
  const r = row as Row;
  const id = typeof r.id === 'string' || typeof r.id === 'number' ? String(r.id) : undefined;
  const url = typeof r.url === 'string' ? r.url : undefined;
  const known = { ...(id !== undefined ? { id } : {}), ...(url !== undefined ? { url } : {}) };
  if (r.url !== undefined && r.url !== null && url === undefined) return bad('E_BAD_RECORD', `its "url" is ${kindOf(r.url)}, not a string`, known);
  let input: string | Uint8Array;
  if (typeof r.html === 'string') input = r.html;
  else if (typeof r.html_base64 === 'string') {
    const bytes = fromBase64(r.html_base64);
    if (!bytes) return bad('E_BAD_RECORD', 'its "html_base64" is not base64', known);
    input = bytes;
  } else {
    const what = r.html !== undefined ? `its "html" is ${kindOf(r.html)}` : r.html_base64 !== undefined ? `its "html_base64" is ${kindOf(r.html_base64)}` : 'neither is there';
    return bad('E_BAD_RECORD', `it has no "html" or "html_base64" string (${what})`, known);
  }
  const recordId = id ?? url ?? `line:${line}`;
  return { key: { id: recordId }, failKey: { line, ...known }, name: id !== undefined || url !== undefined ? slugOf(recordId) : name, job: { input, url } };
}

/** Standard base64 or base64url, padded or not, whitespace ignored; null for anything else. */
export function fromBase64(s: string): Uint8Array | null {
  const t = s.replace(/[\s]+/g, '');
  const body = t.replace(/={1,2}$/, '');
  if (body.length % 4 === 1) return null;
  if (t.length !== body.length && t.length % 4 !== 0) return null;
  if (!/^[A-Za-z0-9+/]*$/.test(body) && !/^[A-Za-z0-9_-]*$/.test(body)) return null;
  return Buffer.from(body, /[-_]/.test(body) ? 'base64url' : 'base64');
}
