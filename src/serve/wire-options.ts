/**
 * The extraction options a client may set over the wire, checked: the JSON body's `options`
 * object or, for a raw page body, the query string (`?formats=markdown,html&title=true`). What
 * the library takes besides (budgets, block models, layouts, keepTree) is the server's business,
 * so an unknown or server-only option is refused by name rather than ignored.
 */
import { ThresherError } from '../errors.js';
import { EXTRACT_MODES, type ExtractMode } from '../types.js';
import type { WorkerExtractOptions } from '../pipeline/pool.js';

/** Labelers a client may ask for; 'dvps' needs a browser's layout, which the service does not take. */
export const WIRE_ALGORITHMS = ['default', 'tagtree', 'satisfiable'] as const;
export const WIRE_FORMATS = ['text', 'markdown', 'html'] as const;
const BOOLEANS = ['title', 'images', 'byline', 'comments', 'debug', 'site', 'render'] as const;
export const WIRE_OPTION_NAMES = ['algorithm', 'formats', 'mode', 'url', ...BOOLEANS] as const;
const MAX_URL = 8192;

/**
 * Checked wire options: the library's, `site` (apply the server's model of the url's host) and
 * `render` (run the page's scripts in the server's Chromium first, offline: serve/render.ts).
 */
export interface WireOptions { extract: WorkerExtractOptions; site: boolean; render: boolean }

function bad(message: string): ThresherError {
  return new ThresherError('E_BAD_OPTION', message);
}

/**
 * An absolute URL of at most MAX_URL characters, or E_BAD_OPTION. `fetchable`: http or https only
 * (a URL the server fetches); a page's own URL (options.url) only labels the page, so any scheme.
 */
export function checkUrl(name: string, v: unknown, fetchable = false): string {
  if (typeof v !== 'string' || !v || v.length > MAX_URL) throw bad(`${name} must be an absolute URL of at most ${MAX_URL} characters`);
  let u: URL;
  try { u = new URL(v); } catch { throw bad(`${name} is not an absolute URL: ${JSON.stringify(v.slice(0, 200))}`); }
  if (fetchable && u.protocol !== 'http:' && u.protocol !== 'https:') throw bad(`${name} must be http or https, not ${u.protocol}`);
  return v;
}

function oneOf<T extends string>(name: string, v: unknown, allowed: readonly T[]): T {
  if (typeof v !== 'string' || !(allowed as readonly string[]).includes(v)) {
    throw bad(`${name} must be one of ${allowed.join(', ')}; got ${JSON.stringify(v)}${name === 'algorithm' && v === 'dvps' ? ' (dvps needs a rendered layout, which the service does not take)' : ''}`);
  }
  return v as T;
}

/** Options from a JSON object (undefined: none). */
export function wireOptions(x: unknown): WireOptions {
  const out: WireOptions = { extract: {}, site: false, render: false };
  if (x === undefined || x === null) return out;
  if (typeof x !== 'object' || Array.isArray(x)) throw bad('options must be a JSON object');
  const o = x as Record<string, unknown>;
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined) continue;
    switch (k) {
      case 'algorithm': out.extract.algorithm = oneOf(k, v, WIRE_ALGORITHMS); break;
      case 'mode': out.extract.mode = oneOf<ExtractMode>(k, v, EXTRACT_MODES); break;
      case 'url': out.extract.url = checkUrl('options.url', v); break;
      case 'formats': {
        if (!Array.isArray(v)) throw bad(`formats must be an array of ${WIRE_FORMATS.join(', ')}`);
        const f = v.map((x) => oneOf('formats[]', x, WIRE_FORMATS));
        out.extract.formats = [...new Set(f.filter((x) => x !== 'text'))];
        break;
      }
      case 'title': case 'images': case 'byline': case 'comments': case 'debug': case 'site': case 'render':
        if (typeof v !== 'boolean') throw bad(`${k} must be true or false; got ${JSON.stringify(v)}`);
        if (k === 'site' || k === 'render') out[k] = v; else out.extract[k] = v;
        break;
      default:
        throw bad(`unknown option ${JSON.stringify(k)}; the service takes ${WIRE_OPTION_NAMES.join(', ')}`);
    }
  }
  return out;
}

/** Options from a query string: the same names, booleans as true/false/1/0, formats comma-separated. */
export function queryOptions(query: Record<string, string>): WireOptions {
  const o: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if ((BOOLEANS as readonly string[]).includes(k)) {
      if (v === 'true' || v === '1' || v === '') o[k] = true;
      else if (v === 'false' || v === '0') o[k] = false;
      else throw bad(`${k} must be true or false; got ${JSON.stringify(v)}`);
    } else if (k === 'formats') o[k] = v.split(',').map((s) => s.trim()).filter(Boolean);
    else o[k] = v;
  }
  return wireOptions(o);
}
