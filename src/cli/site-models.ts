/**
 * Site models on disk, for the CLI: one `<host>.json` per host in a folder (what `thresher learn`
 * writes), and the lookups `extract --site` needs (a page's host from its URL, a manifest, or
 * its path).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join, relative, sep } from 'node:path';
import { ThresherError } from '../errors.js';
import { hostOf, loadSiteModel, normalizeHost, type SiteModel } from '../site/model.js';
import { siteRefiner } from '../site/refine.js';
import type { SiteRefiner } from '../types.js';
import type { SiteJob } from '../pipeline/pool.js';

/** The file a host's model is written to. */
export function modelFileName(host: string): string {
  return `${host.replace(/[^a-z0-9.-]/gi, '_')}.json`;
}

export function readModelFile(path: string): SiteModel {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    throw new ThresherError('E_INPUT_NOT_FOUND', `cannot read the site model ${path}: ${(e as Error).message}`);
  }
  try {
    return loadSiteModel(text);
  } catch (e) {
    throw new ThresherError('E_SITE_MODEL', `${path}: ${(e as Error).message}`);
  }
}

/** The models at `path` (a model file, or a folder of them), by host. A damaged file is an error naming it. */
export function loadModels(path: string): Map<string, SiteModel> {
  let isDir: boolean;
  try {
    isDir = statSync(path).isDirectory();
  } catch {
    throw new ThresherError('E_INPUT_NOT_FOUND', `no such site model file or folder: ${path}`);
  }
  const files = isDir ? readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => join(path, f)) : [path];
  if (files.length === 0) throw new ThresherError('E_INPUT_NOT_FOUND', `${path} holds no site model (*.json); write some with thresher learn`);
  const out = new Map<string, SiteModel>();
  for (const f of files) {
    const m = readModelFile(f);
    if (out.has(m.host)) throw new ThresherError('E_SITE_MODEL', `${f}: a second model for ${m.host}`);
    out.set(m.host, m);
  }
  return out;
}

/** Picks refiners by host; with one model, that model. */
export class ModelPicker {
  private readonly refiners = new Map<string, SiteRefiner>();
  private readonly json = new Map<string, string>();
  constructor(private readonly models: Map<string, SiteModel>) {
    for (const [h, m] of models) this.refiners.set(h, siteRefiner(m));
  }
  /** The refiner for a page's host, or why there is none (a message). */
  pick(url: string | undefined, host: string | undefined): { site?: SiteRefiner; note?: string } {
    const h = this.hostFor(url, host);
    if (h.note !== undefined) return { note: h.note };
    return { site: this.refiners.get(h.host) };
  }
  /** The same choice as pick, as a worker job carries it (the model's JSON; the pool sends it once per worker). */
  pickJob(url: string | undefined, host: string | undefined): { job?: SiteJob; note?: string } {
    const h = this.hostFor(url, host);
    if (h.note !== undefined) return { note: h.note };
    let json = this.json.get(h.host);
    if (json === undefined) this.json.set(h.host, json = JSON.stringify(this.models.get(h.host)));
    return { job: { host: h.host, json } };
  }
  private hostFor(url: string | undefined, host: string | undefined): { host: string; note?: undefined } | { note: string } {
    // One model: the caller chose it; the refiner's own host guard deals with another host's page.
    if (this.models.size === 1) return { host: [...this.models.keys()][0] };
    const h = hostOf(url) ?? (host ? normalizeHost(host) : undefined);
    if (h === undefined) return { note: 'the page has no URL, so no site model could be picked (give --url, or a manifest.jsonl with url per page)' };
    return this.models.has(h) ? { host: h } : { note: `no site model for ${h}` };
  }
}

/** manifest.jsonl beside the pages: each row's url and host, by relative path and by id. */
export function readManifest(dir: string): Map<string, { url?: string; host?: string }> {
  const out = new Map<string, { url?: string; host?: string }>();
  let text: string;
  try { text = readFileSync(join(dir, 'manifest.jsonl'), 'utf8'); } catch { return out; }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    let row: Record<string, unknown>;
    try { row = JSON.parse(line); } catch { continue; }
    const v = { url: typeof row.url === 'string' ? row.url : undefined, host: typeof row.host === 'string' ? row.host : undefined };
    if (!v.url && !v.host) continue;
    if (typeof row.html === 'string') out.set(row.html, v);
    if (typeof row.file === 'string') out.set(row.file, v);
    if (typeof row.id === 'string' || typeof row.id === 'number') out.set(String(row.id), v);
  }
  return out;
}

const HOSTNAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/**
 * A page's host from its place in a folder, when nothing else says: `<dir>/<host>/…/page.html`,
 * or `<dir>/<host>__name.html`.
 */
export function hostFromPath(dir: string, file: string): string | undefined {
  const rel = relative(dir, file).split(sep);
  if (rel.length > 1 && HOSTNAME.test(rel[0])) return normalizeHost(rel[0]);
  const stem = basename(file).replace(/\.(x?html?)(\.gz)?$/i, '');
  const i = stem.indexOf('__');
  if (i > 0 && HOSTNAME.test(stem.slice(0, i))) return normalizeHost(stem.slice(0, i));
  return undefined;
}

/** What manifest rows and file names say about the page at `file` under `dir`. */
export function pageOrigin(dir: string, file: string, manifest: Map<string, { url?: string; host?: string }>): { url?: string; host?: string } {
  const rel = relative(dir, file).split(sep).join('/');
  const stem = basename(file).replace(/\.(x?html?)(\.gz)?$/i, '');
  const m = manifest.get(rel) ?? manifest.get(stem);
  return { url: m?.url, host: m?.host ?? hostFromPath(dir, file) };
}
