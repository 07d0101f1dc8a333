/**
 * `thresher serve`: runs the HTTP service (src/serve/) until SIGTERM or SIGINT, then drains it:
 * no new connections, requests in flight answered, workers closed, exit status 0. The signal
 * handlers live here, not in the library, and are removed once the server has stopped; a second
 * signal while draining stops at once (status 1).
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ThresherError } from '../errors.js';
import { SERVE_DEFAULTS } from '../serve/options.js';
import { startServer } from '../serve/server.js';
import type { SiteModel } from '../site/model.js';
import { loadModels } from './site-models.js';
import { terminalText } from './terminal-text.js';

export const SERVE_USAGE = `usage: thresher serve [--host H] [--port N] [--workers N] [--max-body BYTES] [--timeout MS] [--max-queue N]
                      [--allow-fetch [--allow-private]] [--store DIR] [--models DIR]
                      [--render | --no-render] [--chromium PATH] [--no-inspector]
  The library as an HTTP API (GET /openapi.json describes it): POST /v1/extract, POST /v1/inspect,
  POST /v1/site-models, GET /v1/site-models/:host, GET /v1/search?q=, GET /v1/records/:id,
  GET /v1/capabilities, GET /healthz, GET /metrics; and the inspector, a page for people, at GET /.
  --host, --port      where to listen (default ${SERVE_DEFAULTS.host}:${SERVE_DEFAULTS.port}; --port 0 picks a free port)
  --workers N         extraction worker threads (default: the core count)
  --max-body BYTES    largest request body and fetched page, decoded (default 10m; k and m suffixes)
  --timeout MS        time budget per request, queue wait included (default ${SERVE_DEFAULTS.timeoutMs}); a worker past it is replaced
  --max-queue N       requests that may wait for a worker; past that the answer is 429 (default ${SERVE_DEFAULTS.maxQueue})
  --allow-fetch       fetch the url of a JSON request (off by default); only public addresses, checked
                      after DNS resolution and on every redirect (at most 5)
  --allow-private     with --allow-fetch: loopback, private, link-local and metadata addresses too
  --store DIR         a folder written by thresher run, for /v1/search and /v1/records (and its site models)
  --models DIR        site models to load (thresher learn's files), and where POST /v1/site-models writes
  --render            require Chromium for requests with render: true (by default they are taken when one
                      is found); --no-render: never render. Rendering is offline: nothing the page asks for is fetched
  --chromium PATH     the Chromium to render with (default: THRESHER_CHROMIUM, else chromium on PATH)
  --no-inspector      serve the API only, no inspector at /
  SIGTERM or SIGINT drains: in-flight requests finish, then the process exits 0.`;

/** A byte count: digits with an optional k or m suffix (1024-based). */
function bytes(text: string): number {
  const m = /^(\d+)([km]?)b?$/i.exec(text.trim());
  if (!m) throw new ThresherError('E_BAD_OPTION', `--max-body must be a number of bytes (with k or m), got ${JSON.stringify(text)}`);
  return Number(m[1]) * (m[2].toLowerCase() === 'k' ? 1024 : m[2].toLowerCase() === 'm' ? 1024 * 1024 : 1);
}

function num(flag: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!text.trim() || !Number.isInteger(n)) throw new ThresherError('E_BAD_OPTION', `${flag} must be an integer, got ${JSON.stringify(text)}`);
  return n;
}

function initialModels(dir: string | undefined): SiteModel[] {
  if (dir === undefined || !existsSync(dir)) return [];
  try {
    return [...loadModels(dir).values()];
  } catch (e) {
    // An empty folder is where learned models will go, not an error.
    if (e instanceof ThresherError && e.code === 'E_INPUT_NOT_FOUND') return [];
    throw e;
  }
}

export async function serveCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, strict: true,
    options: {
      host: { type: 'string' }, port: { type: 'string' }, workers: { type: 'string' }, 'max-body': { type: 'string' },
      timeout: { type: 'string' }, 'max-queue': { type: 'string' }, 'allow-fetch': { type: 'boolean', default: false },
      'allow-private': { type: 'boolean', default: false }, store: { type: 'string' }, models: { type: 'string' },
      render: { type: 'boolean', default: false }, 'no-render': { type: 'boolean', default: false }, chromium: { type: 'string' },
      'no-inspector': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) { process.stdout.write(SERVE_USAGE + '\n'); return 0; }
  if (positionals.length) { process.stderr.write(`thresher serve: unexpected argument ${positionals[0]}\n${SERVE_USAGE}\n`); return 2; }
  if (values['allow-private'] && !values['allow-fetch']) throw new ThresherError('E_BAD_OPTION', '--allow-private only applies with --allow-fetch');
  if (values.render && values['no-render']) throw new ThresherError('E_BAD_OPTION', '--render and --no-render contradict each other');
  if (values.chromium !== undefined && values['no-render']) throw new ThresherError('E_BAD_OPTION', '--chromium only applies when rendering (not with --no-render)');
  const server = await startServer({
    host: values.host, port: num('--port', values.port), workers: num('--workers', values.workers),
    maxBody: values['max-body'] !== undefined ? bytes(values['max-body']) : undefined, timeoutMs: num('--timeout', values.timeout),
    maxQueue: num('--max-queue', values['max-queue']), allowFetch: values['allow-fetch'], allowPrivate: values['allow-private'],
    store: values.store, modelsDir: values.models, siteModels: initialModels(values.models),
    render: values.render ? true : values['no-render'] ? false : 'auto', chromium: values.chromium, inspector: !values['no-inspector'],
  }, {
    onInternalError: (e) => process.stderr.write(`thresher serve: internal error: ${terminalText((e as Error)?.stack ?? String(e))}\n`),
  });
  const s = server.context.settings;
  const fetching = s.allowFetch ? (s.allowPrivate ? 'fetching on, private addresses too' : 'fetching public URLs') : 'fetching off';
  const rendering = server.context.renderer ? 'rendering with a browser' : 'no rendering';
  process.stderr.write(`thresher serve: listening on ${server.url} (${s.workers} worker(s), ${fetching}, ${rendering}${s.store ? `, store ${s.store}` : ''})\n`);
  if (server.context.inspector) process.stderr.write(`thresher serve: the inspector is at ${server.url}/\n`);
  return new Promise<number>((resolve) => {
    let stopping = false;
    const stop = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stderr.write(`thresher serve: ${signal} again, stopping now\n`);
        process.exit(1);
      }
      stopping = true;
      process.stderr.write(`thresher serve: ${signal}, draining (${server.context.metrics.inFlight} request(s) in flight)\n`);
      void server.close().then(() => {
        process.off('SIGTERM', stop);
        process.off('SIGINT', stop);
        process.stderr.write('thresher serve: stopped\n');
        resolve(0);
      });
    };
    process.on('SIGTERM', stop);
    process.on('SIGINT', stop);
  });
}
