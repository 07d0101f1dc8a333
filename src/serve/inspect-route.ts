/**
 * `POST /v1/inspect`: what the inspector shows for one page. The page comes as for
 * POST /v1/extract (a raw page body with options in the query string, or JSON `{ html | url,
 * options }`), and the answer is `{ result, annotated, render? }`:
 *  - `result`: the library's Extraction with `debug` on (so `blocks` lists every block with its
 *    label and reason) and Markdown among the formats (the inspector renders it);
 *  - `annotated`: the page as the extractor read it, every block carrying its label and reason
 *    and outlined (serve/annotate.ts), sanitised, for the inspector's sandboxed iframe;
 *  - `render`: what the browser did, when `render: true` asked for it.
 * The annotation runs on the worker that extracted the page (the parsed tree stays there).
 */
import type { Context } from 'hono';
import { ThresherError } from '../errors.js';
import { admit, remaining, type ServeContext } from './context.js';
import { poolOptions, readPage, renderIfAsked, siteJob } from './extract-route.js';

export async function inspectRoute(c: Context, ctx: ServeContext): Promise<Response> {
  const deadline = Date.now() + ctx.settings.timeoutMs;
  admit(ctx);
  const page = await readPage(c, ctx, deadline);
  const site = siteJob(ctx, page.options);
  const render = await renderIfAsked(ctx, page, deadline);
  remaining(deadline, 'before extraction');
  admit(ctx);
  const options = poolOptions(ctx, page);
  options.formats = [...new Set([...(options.formats ?? []), 'markdown' as const])];
  const started = performance.now();
  const out = await ctx.pool.inspect(page.input, options, site, { deadline });
  if (!out.ok) throw new ThresherError(out.code as ThresherError['code'], out.message);
  if (!out.annotated) throw new ThresherError('E_WORKER', 'the worker answered an inspection without its annotated page');
  ctx.metrics.page(page.bytes, (performance.now() - started) / 1000);
  return c.json({ result: out.result, annotated: out.annotated, ...(render ? { render } : {}) });
}
