/**
 * `POST /v1/extract`: one page in, the library's Extraction out. The page comes as the body
 * itself (text/html or application/xhtml+xml in any charset, possibly gzip-encoded: the bytes
 * and the Content-Type go to extract(), which sniffs the encoding as a browser would; options in
 * the query string) or as JSON `{ html | url, options }`. The extraction runs on the worker pool
 * under the request's deadline, so a heavy page costs a worker, never the event loop. With
 * `render: true` the page is first rendered in the server's Chromium (serve/render.ts).
 *
 * The inspector's POST /v1/inspect (inspect-route.ts) reads its page the same way.
 */
import type { Context } from 'hono';
import { ThresherError } from '../errors.js';
import type { SiteJob, WorkerExtractOptions } from '../pipeline/pool.js';
import { hostOf } from '../site/model.js';
import { admit, remaining, type ServeContext } from './context.js';
import { fetchPage } from './fetch-url.js';
import { readBody } from './body.js';
import { renderForRequest, type RenderInfo } from './render.js';
import { checkUrl, queryOptions, wireOptions, type WireOptions } from './wire-options.js';

/** Media types taken as a page body. */
export const PAGE_MEDIA = ['text/html', 'application/xhtml+xml'];
const JSON_KEYS = new Set(['html', 'url', 'options']);

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0].trim().toLowerCase();
}

export interface PageIn { input: string | Uint8Array; contentType?: string; options: WireOptions; bytes: number }

/** The page and options from a JSON body; fetches `url` when the server allows it. */
async function fromJson(ctx: ServeContext, body: Uint8Array, deadline: number, signal: AbortSignal): Promise<PageIn> {
  let x: unknown;
  try {
    x = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch (e) {
    throw new ThresherError('E_BAD_REQUEST', `the body is not valid UTF-8 JSON: ${(e as Error).message}`);
  }
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw new ThresherError('E_BAD_REQUEST', 'the body must be a JSON object { html | url, options }');
  const o = x as Record<string, unknown>;
  const extra = Object.keys(o).filter((k) => !JSON_KEYS.has(k));
  if (extra.length) throw new ThresherError('E_BAD_REQUEST', `unknown field(s) ${extra.map((k) => JSON.stringify(k)).join(', ')}; the body is { html | url, options }`);
  if ((o.html === undefined) === (o.url === undefined)) throw new ThresherError('E_BAD_REQUEST', 'give exactly one of html (the page) or url (a page to fetch)');
  const options = wireOptions(o.options);
  if (o.html !== undefined) {
    if (typeof o.html !== 'string') throw new ThresherError('E_BAD_REQUEST', 'html must be a string');
    return { input: o.html, options, bytes: Buffer.byteLength(o.html) };
  }
  const url = checkUrl('url', o.url, true);
  if (!ctx.settings.allowFetch) throw new ThresherError('E_FETCH_DISABLED', 'this server does not fetch URLs (start it with --allow-fetch); send the page as html instead');
  const page = await fetchPage(url, {
    policy: ctx.settings.addressPolicy, timeoutMs: remaining(deadline, 'before the fetch'), maxBytes: ctx.settings.maxBody, signal,
  });
  options.extract.url ??= page.url;
  return { input: page.body, ...(page.contentType ? { contentType: page.contentType } : {}), options, bytes: page.body.byteLength };
}

/** The site model a request asked for with `site: true`: the one of its URL's host. */
export function siteJob(ctx: ServeContext, options: WireOptions): SiteJob | undefined {
  if (!options.site) return undefined;
  const host = hostOf(options.extract.url);
  const json = host ? ctx.models.json(host) : undefined;
  if (!host || json === undefined) {
    throw new ThresherError('E_BAD_OPTION', host ? `site: true, and this server has no site model for ${host} (POST /v1/site-models learns one)` : 'site: true needs the page URL (url or options.url) to find its host');
  }
  return { host, json };
}

/** The page of a POST /v1/extract or /v1/inspect request: its media type checked, its body read (fetching a JSON `url`). */
export async function readPage(c: Context, ctx: ServeContext, deadline: number): Promise<PageIn> {
  const type = mediaType(c.req.header('content-type'));
  const isJson = type === 'application/json';
  if (!isJson && !PAGE_MEDIA.includes(type)) {
    throw new ThresherError('E_UNSUPPORTED_MEDIA', `Content-Type ${JSON.stringify(type || '(none)')} is not taken; send text/html (any charset), application/xhtml+xml or application/json`);
  }
  const body = await readBody(c.req.raw, ctx.settings.maxBody);
  return isJson
    ? fromJson(ctx, body, deadline, c.req.raw.signal)
    : { input: body, contentType: c.req.header('content-type'), options: queryOptions(c.req.query()), bytes: body.byteLength };
}

/** With `render: true`: the page replaced by the DOM after its scripts (serve/render.ts); the render's account. */
export async function renderIfAsked(ctx: ServeContext, page: PageIn, deadline: number): Promise<RenderInfo | undefined> {
  if (!page.options.render) return undefined;
  const r = await renderForRequest(ctx.renderer, ctx.settings.maxQueue, {
    input: page.input, ...(page.contentType ? { contentType: page.contentType } : {}), url: page.options.extract.url, maxBytes: ctx.settings.maxBody,
  }, deadline);
  page.input = r.html;
  delete page.contentType;
  return r.info;
}

/** The options a page goes to the pool with: the request's, its transport Content-Type, the body budget. */
export function poolOptions(ctx: ServeContext, page: PageIn): WorkerExtractOptions {
  return { ...page.options.extract, ...(page.contentType ? { contentType: page.contentType } : {}), budget: { maxBytes: ctx.settings.maxBody } };
}

export async function extractRoute(c: Context, ctx: ServeContext): Promise<Response> {
  const deadline = Date.now() + ctx.settings.timeoutMs;
  admit(ctx);
  const page = await readPage(c, ctx, deadline);
  const site = siteJob(ctx, page.options);
  await renderIfAsked(ctx, page, deadline);
  remaining(deadline, 'before extraction');
  admit(ctx);
  const started = performance.now();
  const out = await ctx.pool.extract(page.input, poolOptions(ctx, page), site, { deadline });
  if (!out.ok) throw new ThresherError(out.code as ThresherError['code'], out.message);
  ctx.metrics.page(page.bytes, (performance.now() - started) / 1000);
  return c.json(out.result);
}
