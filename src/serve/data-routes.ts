/**
 * The routes of `thresher serve` over site models and the corpus store:
 * - POST /v1/site-models learns one model per host from pages `{ pages: [{url?, html}], host?,
 *   idioms?, date? }` (as `thresher learn` does: grouped by host, paper 004's cross-site idiom
 *   filter across the hosts), each host on a worker under the request's deadline;
 * - GET /v1/site-models/:host gives a model's JSON;
 * - GET /v1/search?q=&limit= and GET /v1/records/:id read the store given with --store.
 */
import type { Context } from 'hono';
import { ThresherError } from '../errors.js';
import { searchCorpus } from '../pipeline/search.js';
import { filterIdiomsAcross, hostOf, normalizeHost, type SiteModel, type SitePage } from '../site/model.js';
import { readBody } from './body.js';
import { admit, remaining, type ServeContext } from './context.js';
import { isHostName } from './data.js';
import { mediaType } from './extract-route.js';

const LEARN_KEYS = new Set(['pages', 'host', 'idioms', 'date']);
export const MAX_SEARCH_LIMIT = 100;

function badRequest(message: string): ThresherError {
  return new ThresherError('E_BAD_REQUEST', message);
}

interface LearnRequest { pages: SitePage[]; host?: string; idioms?: boolean; date?: string }

function parseLearn(body: Uint8Array): LearnRequest {
  let x: unknown;
  try { x = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body)); } catch (e) { throw badRequest(`the body is not valid UTF-8 JSON: ${(e as Error).message}`); }
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw badRequest('the body must be a JSON object { pages: [{ url, html }], host?, idioms?, date? }');
  const o = x as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => !LEARN_KEYS.has(k));
  if (extra.length) throw badRequest(`unknown field(s) ${extra.map((k) => JSON.stringify(k)).join(', ')}`);
  if (!Array.isArray(o.pages) || o.pages.length === 0) throw badRequest('pages must be a non-empty array of { url, html }');
  const pages = o.pages.map((p, i): SitePage => {
    const r = p as Record<string, unknown> | null;
    if (typeof r !== 'object' || r === null || typeof r.html !== 'string' || (r.url !== undefined && typeof r.url !== 'string')) throw badRequest(`pages[${i}] must be { url?: string, html: string }`);
    return { html: r.html, ...(typeof r.url === 'string' ? { url: r.url } : {}) };
  });
  if (o.host !== undefined && (typeof o.host !== 'string' || !isHostName(normalizeHost(o.host)))) throw new ThresherError('E_BAD_OPTION', `host must be a host name; got ${JSON.stringify(o.host)}`);
  if (o.idioms !== undefined && typeof o.idioms !== 'boolean') throw new ThresherError('E_BAD_OPTION', 'idioms must be true or false');
  if (o.date !== undefined && (typeof o.date !== 'string' || Number.isNaN(Date.parse(o.date)))) throw new ThresherError('E_BAD_OPTION', 'date must be an ISO 8601 date');
  return { pages, ...(o.host !== undefined ? { host: normalizeHost(o.host as string) } : {}), ...(o.idioms !== undefined ? { idioms: o.idioms as boolean } : {}), ...(o.date !== undefined ? { date: o.date as string } : {}) };
}

/** Pages by host: each page's URL's host, else the request's `host`; a page with neither is refused. */
function byHost(req: LearnRequest): Map<string, SitePage[]> {
  const groups = new Map<string, SitePage[]>();
  req.pages.forEach((p, i) => {
    const host = hostOf(p.url) ?? req.host;
    if (!host) throw badRequest(`pages[${i}] has no absolute URL and the request no host`);
    const list = groups.get(host);
    if (list) list.push(p); else groups.set(host, [p]);
  });
  return groups;
}

export async function learnRoute(c: Context, ctx: ServeContext): Promise<Response> {
  const deadline = Date.now() + ctx.settings.timeoutMs;
  admit(ctx);
  if (mediaType(c.req.header('content-type')) !== 'application/json') throw new ThresherError('E_UNSUPPORTED_MEDIA', 'send the pages as application/json { pages: [{ url, html }] }');
  const req = parseLearn(await readBody(c.req.raw, ctx.settings.maxBody));
  const groups = byHost(req);
  remaining(deadline, 'before learning');
  admit(ctx);
  const hosts = [...groups.keys()].sort();
  const outcomes = await Promise.all(hosts.map((h) => ctx.pool.learn(h, groups.get(h)!, { deadline })));
  const models: SiteModel[] = [];
  const skipped: { host: string; pages: number; reason: string }[] = [];
  outcomes.forEach((o, i) => {
    if (o.ok) models.push(o.model);
    else if (o.code === 'E_SITE_SAMPLE') skipped.push({ host: hosts[i], pages: groups.get(hosts[i])!.length, reason: o.message });
    else throw new ThresherError(o.code as ThresherError['code'], `${hosts[i]}: ${o.message}`);
  });
  if (!models.length) throw new ThresherError('E_SITE_SAMPLE', `no site model could be learned: ${skipped.map((s) => s.reason).join('; ')}`);
  const idioms = filterIdiomsAcross(models, { crossSiteIdioms: req.idioms });
  for (const m of models) {
    if (req.date !== undefined) m.learnedFrom.date = req.date;
    ctx.models.put(m);
  }
  return c.json({
    models: models.map((m) => ({
      host: m.host, pages: m.learnedFrom.pages, distinct: m.learnedFrom.distinct, skipped: m.learnedFrom.skipped,
      templates: m.textTemplates.templates.length, fit: m.fit.coverage, href: `/v1/site-models/${encodeURIComponent(m.host)}`,
    })),
    skipped, idioms: idioms.length,
  });
}

export function siteModelRoute(c: Context, ctx: ServeContext): Response {
  const host = normalizeHost(c.req.param('host') ?? '');
  const json = isHostName(host) ? ctx.models.json(host) : undefined;
  if (json === undefined) throw new ThresherError('E_NOT_FOUND', `no site model for ${JSON.stringify(host)}`);
  return c.body(json, 200, { 'content-type': 'application/json; charset=UTF-8' });
}

function storeOf(ctx: ServeContext): NonNullable<ServeContext['store']> {
  if (!ctx.store) throw new ThresherError('E_NOT_FOUND', 'this server has no store (start it with --store DIR, a folder written by thresher run)');
  return ctx.store;
}

export function searchRoute(c: Context, ctx: ServeContext): Response {
  const store = storeOf(ctx);
  const q = c.req.query('q');
  if (!q || !q.trim()) throw new ThresherError('E_BAD_OPTION', 'q (the query) is required');
  const limitText = c.req.query('limit');
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SEARCH_LIMIT) throw new ThresherError('E_BAD_OPTION', `limit must be an integer from 1 to ${MAX_SEARCH_LIMIT}`);
  return c.json(searchCorpus(store.dir, q, limit));
}

export function recordRoute(c: Context, ctx: ServeContext): Response {
  const id = c.req.param('id') ?? '';
  const record = storeOf(ctx).record(id);
  if (record === undefined) throw new ThresherError('E_NOT_FOUND', `no record ${JSON.stringify(id)} in the store`);
  return c.json(record);
}
