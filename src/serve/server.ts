/**
 * `thresher serve`: the library as an HTTP service (Hono on @hono/node-server). startServer()
 * binds, starts the worker pool and answers until close(), which drains: it stops accepting
 * connections, lets the requests in flight finish (each is bounded by its time budget), then ends
 * the workers and the store. The library never installs signal handlers or prints; the CLI
 * (cli/serve.ts) does.
 *
 * The worker pool is pipeline/pool.ts's PagePool, the one `thresher run` cleans pages with: the
 * same terminate-and-replace of a worker stuck past its limit, with a per-request deadline.
 *
 * Besides the API: the inspector at GET / (inspector.ts, inspect-route.ts), and a browser for
 * `render: true` (render.ts), owned by the server and closed when it drains.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { routePath } from 'hono/route';
import { PagePool } from '../pipeline/pool.js';
import { ModelRegistry, StoreReader } from './data.js';
import type { ServeContext } from './context.js';
import { learnRoute, recordRoute, searchRoute, siteModelRoute } from './data-routes.js';
import { extractRoute } from './extract-route.js';
import { wireError } from './http-errors.js';
import { inspectRoute } from './inspect-route.js';
import { findInspectorDir, inspectorRoutes, loadInspector, type InspectorAssets } from './inspector.js';
import { Metrics } from './metrics.js';
import { OPENAPI } from './openapi.js';
import { resolveSettings, type ServeOptions, type ServeSettings } from './options.js';
import { openRenderer } from './render.js';

export interface ThresherServer {
  /** http://host:port of the bound socket (the port chosen when 0 was asked for). */
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly app: Hono;
  readonly context: ServeContext;
  /**
   * Drains and stops: no new connections, requests in flight finished, workers and store closed.
   * Connections still open `graceMs` after the last request (default 5 s) are cut.
   */
  close(graceMs?: number): Promise<void>;
}

/** One error answer: status, `{ error: { code, message } }`, Retry-After for a 429; counted by code. */
function errorResponse(c: Context, ctx: ServeContext, e: unknown): Response {
  const w = wireError(e);
  ctx.metrics.error(w.body.error.code);
  if (w.retryAfter !== undefined) c.header('Retry-After', String(w.retryAfter));
  return c.json(w.body, w.status as 400);
}

/** The routes, on a Hono app; `onInternalError` hears of failures that are not ThresherErrors (a bug). */
export function createApp(ctx: ServeContext, onInternalError?: (e: unknown) => void): Hono {
  const app = new Hono();
  const started = Date.now();
  app.use('*', async (c, next) => {
    const t0 = performance.now();
    ctx.metrics.inFlight++;
    try {
      await next();
    } finally {
      ctx.metrics.inFlight--;
      if (ctx.draining) c.header('Connection', 'close');
      // Every answer is what its Content-Type says: no browser sniffs JSON or text into HTML.
      c.header('X-Content-Type-Options', 'nosniff');
      const route = routePath(c, -1);
      ctx.metrics.request(route === '*' || route === '/*' ? 'unmatched' : route, c.req.method, c.res.status, (performance.now() - t0) / 1000);
    }
  });
  app.onError((e, c) => {
    const res = errorResponse(c, ctx, e);
    if (res.status === 500) onInternalError?.(e);
    return res;
  });
  app.notFound((c) => errorResponse(c, ctx, Object.assign(new Error(), { code: 'E_NOT_FOUND', message: `no route ${c.req.method} ${new URL(c.req.url).pathname}; GET /openapi.json lists them` })));

  app.post('/v1/extract', (c) => extractRoute(c, ctx));
  app.post('/v1/inspect', (c) => inspectRoute(c, ctx));
  inspectorRoutes(app, ctx);
  app.post('/v1/site-models', (c) => learnRoute(c, ctx));
  app.get('/v1/site-models/:host', (c) => siteModelRoute(c, ctx));
  app.get('/v1/search', (c) => searchRoute(c, ctx));
  app.get('/v1/records/:id{.+}', (c) => recordRoute(c, ctx));
  app.get('/healthz', (c) => {
    const s = ctx.pool.stats();
    return c.json({ status: ctx.draining ? 'draining' : 'ok', workers: s.workers, ready: s.ready, busy: s.busy, queued: s.queued, uptimeSeconds: (Date.now() - started) / 1000 }, ctx.draining ? 503 : 200);
  });
  app.get('/metrics', (c) => c.text(ctx.metrics.render(ctx.pool.stats()), 200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }));
  app.get('/openapi.json', (c) => c.json(OPENAPI));
  return app;
}

/** Starts the service; resolves once it listens. E_BAD_OPTION for bad settings, E_STORE/E_INPUT_NOT_FOUND for a bad store. */
export async function startServer(options: ServeOptions = {}, hooks: { onInternalError?: (e: unknown) => void } = {}): Promise<ThresherServer> {
  const settings = resolveSettings(options);
  const inspector = inspectorAssets(settings);
  const renderer = await openRenderer(settings);
  let store: StoreReader | undefined;
  try {
    store = settings.store !== undefined ? new StoreReader(settings.store) : undefined;
  } catch (e) {
    await renderer?.pool.close();
    throw e;
  }
  // The request's deadline bounds every job; the pool's own per-job limit is the same budget.
  const pool = new PagePool({ workers: settings.workers, pageTimeoutMs: settings.timeoutMs });
  const ctx: ServeContext = {
    settings, pool, metrics: new Metrics(), models: new ModelRegistry(options.siteModels ?? [], settings.modelsDir, store), ...(store ? { store } : {}),
    ...(renderer ? { renderer } : {}), ...(inspector ? { inspector } : {}), draining: false,
  };
  const app = createApp(ctx, hooks.onInternalError);
  // overrideGlobalObjects: false: a library must not swap the process's global Request/Response.
  const server = createAdaptorServer({ fetch: app.fetch, overrideGlobalObjects: false }) as Server;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(settings.port, settings.host, () => { server.off('error', reject); resolve(); });
    });
  } catch (e) {
    await pool.close();
    await renderer?.pool.close();
    store?.close();
    throw e;
  }
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${addr.port}`, host: addr.address, port: addr.port, app, context: ctx,
    close(graceMs = 5000) {
      closing ??= drain(server, ctx, graceMs);
      return closing;
    },
  };
}

/** Stops accepting, waits for the requests in flight, cuts what is left after graceMs, closes the pool. */
async function drain(server: Server, ctx: ServeContext, graceMs: number): Promise<void> {
  ctx.draining = true;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Idle keep-alive connections would hold close() open; busy ones end after their answer (Connection: close).
  server.closeIdleConnections();
  const idle = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const cut = new Promise<void>((resolve) => {
    const check = () => {
      if (ctx.metrics.inFlight === 0) { timer = setTimeout(() => { server.closeAllConnections(); resolve(); }, graceMs); return; }
      timer = setTimeout(check, 50);
    };
    check();
  });
  await Promise.race([closed, cut]);
  clearInterval(idle);
  clearTimeout(timer);
  await closed;
  await ctx.pool.close();
  await ctx.renderer?.pool.close();
  ctx.store?.close();
}

/** The inspector's files, when it is served and they are installed (a package without them serves the API only). */
function inspectorAssets(settings: ServeSettings): InspectorAssets | undefined {
  if (!settings.inspector) return undefined;
  const dir = findInspectorDir();
  return dir === undefined ? undefined : loadInspector(dir);
}
