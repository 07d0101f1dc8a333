/**
 * What one fuzz case is (src/fuzz/): plain data, so that a failing case is written to a file as
 * JSON and replayed from it alone (bytes travel as base64). The generators make cases, the
 * properties (properties.ts) run them.
 */
import type { ExtractOptions } from '../types.js';
import type { LearnSiteOptions } from '../site/model.js';

/**
 * The marker the generators write where a browser never shows text: script and style bodies,
 * event-handler attributes, javascript:/vbscript:/data: URLs, comments, template contents. An
 * output may hold it only where the page shows it as text too (oracle.ts asks parse5).
 */
export const MARK = 'qzmarkq';

export type Input = string | Uint8Array;

/** A string built from parts, the repeated ones n times ("{i}" in a repeated part is its index). */
export type Part = [text: string, repeated: boolean];

/** One page through extract(): every output property, and idempotence on its clean HTML. */
export interface ExtractCase { kind: 'extract'; label?: string; input: Input; options: ExtractOptions }

/**
 * A shape of input built at n and at 10·n: the properties of its target at n, and time linear in
 * the input (the 10·n run may take at most LINEAR_RATIO times the n run).
 */
export interface ShapeCase {
  kind: 'shape';
  label?: string;
  target: 'extract' | 'sitemap' | 'robots' | 'site';
  parts: Part[];
  n: number;
  /** extract target: the options; site target: ignored. */
  options?: ExtractOptions;
}

/** Sitemap bytes through parseSitemap. */
export interface SitemapCase { kind: 'sitemap'; label?: string; input: Uint8Array }

/** A robots.txt body through RobotsCache. */
export interface RobotsCase { kind: 'robots'; label?: string; body: string }

/** Pages through learnSite (and the model through siteRefiner and extract). */
export interface SiteCase { kind: 'site'; label?: string; pages: { url?: string; html: Input }[]; options?: LearnSiteOptions }

export type FuzzCase = ExtractCase | ShapeCase | SitemapCase | RobotsCase | SiteCase;

export interface Failure {
  /** The property that failed (properties.ts: PROPERTIES). */
  property: string;
  message: string;
}

/** A failing case as written to disk: enough to replay it (the case itself) or regenerate it (seed, generator, index). */
export interface CaseRecord {
  generator: string;
  seed: number;
  index: number;
  caseSeed: number;
  case: FuzzCase;
  failures: Failure[];
}

export function buildParts(parts: readonly Part[], n: number): string {
  let s = '';
  for (const [text, repeated] of parts) {
    if (!repeated) { s += text; continue; }
    if (!text.includes('{i}')) { s += text.repeat(n); continue; }
    const pieces = text.split('{i}');
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(pieces.join(String(i)));
    s += out.join('');
  }
  return s;
}

/** JSON with Uint8Array as {"$bytes": base64}. */
export function caseToJson(x: unknown): string {
  return JSON.stringify(x, (_k, v: unknown) => (v instanceof Uint8Array ? { $bytes: Buffer.from(v).toString('base64') } : v), 1);
}

export function caseFromJson(s: string): unknown {
  return JSON.parse(s, (_k, v: unknown) => {
    if (v && typeof v === 'object' && !Array.isArray(v) && typeof (v as { $bytes?: unknown }).$bytes === 'string' && Object.keys(v).length === 1) {
      return new Uint8Array(Buffer.from((v as { $bytes: string }).$bytes, 'base64'));
    }
    return v;
  });
}

/** Size of an input in KB, for the per-KB time limits. */
export function inputKb(x: Input): number {
  return (typeof x === 'string' ? x.length : x.byteLength) / 1024;
}
