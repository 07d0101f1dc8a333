/**
 * The inspector's routes (issue 27, part 2): GET / is its page, GET /inspector/:file its script
 * modules and style sheet, and GET /v1/capabilities tells the page (and any client) what this
 * server does: fetch URLs, render with a browser, read a store.
 *
 * Why plain files in the package's `inspector/` folder rather than TypeScript string constants:
 * they are HTML, CSS and ES modules a person edits and a browser's devtools show with their own
 * names and lines; no build step touches them (tsc never sees them) and package.json's "files"
 * ships them. They are read once at start into memory, so no request path ever reaches the file
 * system (nothing to traverse), and a missing folder only turns the inspector off.
 *
 * Page content must never run script in this origin. Every inspector answer carries a strict
 * Content-Security-Policy: scripts from this origin only (no inline script, no eval), and
 * Trusted Types, so the one place the page's HTML enters the DOM (the iframe's srcdoc) goes
 * through one named policy; the annotated page itself is shown in an iframe sandboxed without
 * allow-scripts and without allow-same-origin, and, being an about:srcdoc document, inherits this
 * policy too: the only inline style it may apply is the outline style, allowed by its hash.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { ThresherError } from '../errors.js';
import { EXTRACT_MODES } from '../types.js';
import { INSPECTOR_FRAME_STYLE_HASH } from './annotate.js';
import type { ServeContext } from './context.js';
import { WIRE_ALGORITHMS, WIRE_FORMATS, WIRE_OPTION_NAMES } from './wire-options.js';

/** The Trusted Types policy the inspector's script creates for the iframe's srcdoc. */
export const SRCDOC_POLICY = 'thresher-srcdoc';

export const INSPECTOR_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  `style-src 'self' ${INSPECTOR_FRAME_STYLE_HASH}`,
  // The annotated page inherits this policy: its images load from nowhere but data: URLs (nothing
  // the page names leaves the machine while a person looks at it).
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "frame-src 'self'",
  "child-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
  "require-trusted-types-for 'script'",
  `trusted-types ${SRCDOC_POLICY}`,
].join('; ');

const MEDIA: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png',
};
const ASSET_NAME = /^[a-z0-9][a-z0-9.-]*$/;

export interface InspectorAssets { dir: string; files: Map<string, { body: Uint8Array; type: string }> }

/**
 * The package's `inspector/` folder: looked for from this module's folder upwards (src/serve/ in
 * the sources, dist/src/serve/ once built), at most four levels, so any build folder one level
 * below the package root finds it.
 */
export function findInspectorDir(from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = from;
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'inspector', 'index.html')) && existsSync(join(dir, 'package.json'))) return join(dir, 'inspector');
    dir = dirname(dir);
  }
  return undefined;
}

/** Reads the inspector's files (names of lower-case letters, digits, dots and dashes, of known types). */
export function loadInspector(dir: string): InspectorAssets {
  const files = new Map<string, { body: Uint8Array; type: string }>();
  for (const name of readdirSync(dir)) {
    const type = MEDIA[extname(name)];
    if (type && ASSET_NAME.test(name)) files.set(name, { body: readFileSync(join(dir, name)), type });
  }
  if (!files.has('index.html')) throw new ThresherError('E_INPUT_NOT_FOUND', `no index.html in the inspector folder ${dir}`);
  return { dir, files };
}

/** The headers every inspector file is sent with. */
function inspectorHeaders(type: string): Record<string, string> {
  return {
    'content-type': type,
    'content-security-policy': INSPECTOR_CSP,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'cache-control': 'no-cache',
  };
}

function asset(c: Context, assets: InspectorAssets | undefined, name: string): Response {
  if (!assets) throw new ThresherError('E_NOT_FOUND', 'this server does not serve the inspector (started with --no-inspector, or its files are not installed)');
  const f = ASSET_NAME.test(name) ? assets.files.get(name) : undefined;
  if (!f) throw new ThresherError('E_NOT_FOUND', `no inspector file ${JSON.stringify(name.slice(0, 100))}`);
  return c.body(f.body as Uint8Array<ArrayBuffer>, 200, inspectorHeaders(f.type));
}

/** What this server does, for the inspector to show only what works. */
export function capabilities(ctx: ServeContext): Record<string, unknown> {
  const s = ctx.settings;
  return {
    fetch: s.allowFetch, fetchPrivate: s.allowFetch && s.allowPrivate, render: ctx.renderer !== undefined, store: ctx.store !== undefined,
    inspector: ctx.inspector !== undefined, algorithms: [...WIRE_ALGORITHMS], modes: [...EXTRACT_MODES], formats: [...WIRE_FORMATS],
    options: [...WIRE_OPTION_NAMES], maxBody: s.maxBody, timeoutMs: s.timeoutMs,
  };
}

/** GET /, GET /inspector/:file and GET /v1/capabilities on `app`. */
export function inspectorRoutes(app: Hono, ctx: ServeContext): void {
  app.get('/', (c) => asset(c, ctx.inspector, 'index.html'));
  app.get('/inspector/:file', (c) => asset(c, ctx.inspector, c.req.param('file') ?? ''));
  app.get('/v1/capabilities', (c) => c.json(capabilities(ctx)));
}
