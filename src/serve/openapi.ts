/**
 * The OpenAPI 3.1 description of `thresher serve`, written by hand: it is the contract a client
 * reads, so it says in words what each route takes and answers, and a test checks that every
 * route the server answers is described here. Schemas describe the envelope; the Extraction
 * fields are README.md's "The result".
 */
import { EXTRACT_MODES } from '../types.js';
import { WIRE_ALGORITHMS, WIRE_FORMATS } from './wire-options.js';

const error = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
const json = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } });

const ERRORS = {
  400: error('Bad input: E_BAD_REQUEST (body not as documented), E_BAD_OPTION (an option out of range), E_GZIP (a body that does not decode), E_INPUT_EMPTY.'),
  403: error('E_FETCH_DISABLED (fetching is off) or E_FETCH_REFUSED (not http(s), or an address that is not public, redirects included).'),
  413: error('E_INPUT_TOO_LARGE: the body, decoded, or a fetched page is over the --max-body limit.'),
  415: error('E_UNSUPPORTED_MEDIA: a Content-Type or Content-Encoding not taken, or a fetched URL that is not a page.'),
  422: error('The page cannot be extracted: E_INPUT_BINARY, E_BUDGET_NODES, E_SITE_SAMPLE.'),
  429: { ...error('E_BUSY: every worker is busy and the queue is full.'), headers: { 'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait.' } } },
  502: error('E_FETCH: the page could not be fetched (DNS, connection, a non-2xx answer, too many redirects).'),
  504: error('E_PAGE_TIMEOUT, E_FETCH_TIMEOUT or E_RENDER_TIMEOUT: the request ran past its time budget (--timeout); a worker stuck on it was replaced.'),
  500: error('E_INTERNAL, E_WORKER, or E_RENDER (the browser failed the page).'),
  501: error('E_NO_BROWSER: render: true, and this server renders no pages (no Chromium, or --no-render).'),
};

const OPTIONS = {
  type: 'object', additionalProperties: false,
  properties: {
    algorithm: { enum: [...WIRE_ALGORITHMS], default: 'default' },
    formats: { type: 'array', items: { enum: [...WIRE_FORMATS] }, description: 'Renderings besides text.' },
    title: { type: 'boolean', default: false }, images: { type: 'boolean', default: false }, byline: { type: 'boolean', default: false },
    comments: { type: 'boolean', default: false }, debug: { type: 'boolean', default: false },
    mode: { enum: [...EXTRACT_MODES], default: 'balanced' },
    url: { type: 'string', format: 'uri', description: 'The page URL: links resolve against it.' },
    site: { type: 'boolean', default: false, description: "Apply the server's site model of the URL's host." },
    render: { type: 'boolean', default: false, description: "Run the page's scripts in the server's Chromium first (offline: nothing the page asks for is fetched), then extract the DOM after them. GET /v1/capabilities says whether this server renders." },
  },
};

const PAGE_BODY = {
  required: true,
  content: {
    'text/html': { schema: { type: 'string', format: 'binary' } },
    'application/xhtml+xml': { schema: { type: 'string', format: 'binary' } },
    'application/json': {
      schema: {
        type: 'object', additionalProperties: false,
        properties: { html: { type: 'string' }, url: { type: 'string', format: 'uri' }, options: OPTIONS },
        oneOf: [{ required: ['html'] }, { required: ['url'] }],
      },
    },
  },
};

/** The CSP-guarded inspector files. */
const INSPECTOR_FILE = (description: string, type: string) => ({
  description: `${description} Sent with a strict Content-Security-Policy (scripts from this origin only, Trusted Types), X-Content-Type-Options: nosniff, Referrer-Policy: no-referrer.`,
  content: { [type]: { schema: { type: 'string' } } },
});

const queryOption = (name: string, schema: object, description: string) => ({ name, in: 'query', required: false, schema, description });

export const OPENAPI = {
  openapi: '3.1.0',
  info: { title: 'thresher', version: '1', description: 'Web page → clean records: the thresher library as an HTTP service (thresher serve).' },
  paths: {
    '/v1/extract': {
      post: {
        summary: 'Extract the main content and metadata of one page.',
        description: 'The body is the page (text/html or application/xhtml+xml in any charset; Content-Encoding gzip, deflate or br accepted; options in the query string) or JSON { html | url, options }. A url is fetched only when the server runs with --allow-fetch, and only from public addresses unless --allow-private.',
        parameters: [
          queryOption('algorithm', { enum: [...WIRE_ALGORITHMS] }, 'Raw-body form only.'),
          queryOption('formats', { type: 'string' }, 'Comma-separated: markdown, html.'),
          ...['title', 'images', 'byline', 'comments', 'debug', 'site', 'render'].map((b) => queryOption(b, { type: 'boolean' }, 'Raw-body form only.')),
          queryOption('mode', { enum: [...EXTRACT_MODES] }, 'Raw-body form only.'),
          queryOption('url', { type: 'string', format: 'uri' }, 'The page URL (never fetched in this form).'),
        ],
        requestBody: PAGE_BODY,
        responses: { 200: json('The Extraction (README "The result").', { $ref: '#/components/schemas/Extraction' }), ...ERRORS },
      },
    },
    '/v1/inspect': {
      post: {
        summary: 'What the inspector shows: the extraction with its debug blocks, and the page annotated block by block.',
        description: 'The page and options as for POST /v1/extract (debug is always on and Markdown always among the formats). The annotated page is the tree the extractor read, serialised with every debug block carrying data-thresher-label, data-thresher-reason, data-thresher-block and a title, and outlined by an inline style sheet; scripts, event handlers, inline styles, non-http(s) URLs, meta, base and link are removed. Meant for an iframe sandboxed without allow-scripts.',
        requestBody: PAGE_BODY,
        responses: {
          200: json('The extraction, the annotated page and, with render: true, what the browser did.', {
            type: 'object', required: ['result', 'annotated'],
            properties: {
              result: { $ref: '#/components/schemas/Extraction' },
              annotated: { type: 'object', required: ['html', 'blocks', 'content', 'noise'], properties: { html: { type: 'string' }, blocks: { type: 'integer' }, content: { type: 'integer' }, noise: { type: 'integer' } } },
              render: { type: 'object', properties: { url: { type: 'string' }, ms: { type: 'number' }, blocked: { type: 'integer' }, warnings: { type: 'array', items: { type: 'string' } } } },
            },
          }),
          ...ERRORS,
        },
      },
    },
    '/v1/capabilities': {
      get: {
        summary: 'What this server does: fetch URLs, render with a browser, read a store, serve the inspector; the options, algorithms and modes it takes; its limits.',
        responses: {
          200: json('Capabilities.', {
            type: 'object',
            properties: {
              fetch: { type: 'boolean' }, fetchPrivate: { type: 'boolean' }, render: { type: 'boolean' }, store: { type: 'boolean' }, inspector: { type: 'boolean' },
              algorithms: { type: 'array', items: { type: 'string' } }, modes: { type: 'array', items: { type: 'string' } }, formats: { type: 'array', items: { type: 'string' } },
              options: { type: 'array', items: { type: 'string' } }, maxBody: { type: 'integer' }, timeoutMs: { type: 'integer' },
            },
          }),
        },
      },
    },
    '/': {
      get: { summary: 'The inspector (a page for people): paste a page, see its blocks outlined and its extraction.', responses: { 200: INSPECTOR_FILE('The inspector page.', 'text/html'), 404: error('E_NOT_FOUND: the server runs without the inspector.') } },
    },
    '/inspector/{file}': {
      get: {
        summary: "The inspector's script modules and style sheet.",
        parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$' } }],
        responses: { 200: INSPECTOR_FILE('A file of the inspector.', 'text/javascript'), 404: error('E_NOT_FOUND.') },
      },
    },
    '/v1/site-models': {
      post: {
        summary: 'Learn one site model per host from sample pages.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object', required: ['pages'], additionalProperties: false,
                properties: {
                  pages: { type: 'array', minItems: 1, items: { type: 'object', required: ['html'], properties: { url: { type: 'string' }, html: { type: 'string' } } } },
                  host: { type: 'string', description: 'The host of pages without a URL.' },
                  idioms: { type: 'boolean', description: 'Drop cross-site idioms (default: from 10 hosts).' },
                  date: { type: 'string', description: 'Recorded as learnedFrom.date.' },
                },
              },
            },
          },
        },
        responses: {
          200: json('The models learned (each then at its href) and the hosts skipped.', {
            type: 'object', required: ['models', 'skipped', 'idioms'],
            properties: {
              models: { type: 'array', items: { type: 'object', properties: { host: { type: 'string' }, pages: { type: 'integer' }, distinct: { type: 'integer' }, skipped: { type: 'integer' }, templates: { type: 'integer' }, fit: { type: 'object' }, href: { type: 'string' } } } },
              skipped: { type: 'array', items: { type: 'object', properties: { host: { type: 'string' }, pages: { type: 'integer' }, reason: { type: 'string' } } } },
              idioms: { type: 'integer' },
            },
          }),
          ...ERRORS,
        },
      },
    },
    '/v1/site-models/{host}': {
      get: {
        summary: 'A site model (learned here, given at start, or in the store).',
        parameters: [{ name: 'host', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: json('The model (kind thresher.site-model).', { type: 'object' }), 404: error('E_NOT_FOUND.') },
      },
    },
    '/v1/search': {
      get: {
        summary: 'Full-text search (BM25) over the store given with --store.',
        parameters: [
          { name: 'q', in: 'query', required: true, schema: { type: 'string' }, description: 'Every word is required.' },
          { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
        ],
        responses: {
          200: json('Hits, best first.', { type: 'object', properties: { hits: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, title: { type: 'string' }, url: { type: 'string' }, score: { type: 'number' }, snippet: { type: 'string' } } } }, warnings: { type: 'array', items: { type: 'string' } } } }),
          400: ERRORS[400], 404: error('E_NOT_FOUND: the server has no store.'), 503: error('E_STORE.'),
        },
      },
    },
    '/v1/records/{id}': {
      get: {
        summary: 'A stored record (its DocView) by id; percent-encode the id (it is usually a URL).',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { 200: json('The record.', { type: 'object' }), 404: error('E_NOT_FOUND.') },
      },
    },
    '/healthz': {
      get: {
        summary: 'Liveness and pool state; 503 while draining.',
        responses: {
          200: json('Serving.', { $ref: '#/components/schemas/Health' }),
          503: json('Draining after SIGTERM.', { $ref: '#/components/schemas/Health' }),
        },
      },
    },
    '/metrics': {
      get: {
        summary: 'Prometheus text exposition: requests, latency, pages and bytes, errors by code, pool saturation and queue.',
        responses: { 200: { description: 'text/plain; version=0.0.4', content: { 'text/plain': { schema: { type: 'string' } } } } },
      },
    },
    '/openapi.json': {
      get: { summary: 'This document.', responses: { 200: json('OpenAPI 3.1.', { type: 'object' }) } },
    },
  },
  components: {
    schemas: {
      Error: {
        type: 'object', required: ['error'],
        properties: { error: { type: 'object', required: ['code', 'message'], properties: { code: { type: 'string', pattern: '^E_[A-Z_]+$' }, message: { type: 'string' } } } },
      },
      Health: {
        type: 'object',
        properties: { status: { enum: ['ok', 'draining'] }, workers: { type: 'integer' }, ready: { type: 'integer', description: 'Workers started (a replaced worker takes a moment).' }, busy: { type: 'integer' }, queued: { type: 'integer' }, uptimeSeconds: { type: 'number' } },
      },
      Extraction: {
        type: 'object', required: ['title', 'metadata', 'pageType', 'algorithm', 'text', 'attempts', 'diagnostics', 'timings'],
        properties: {
          url: { type: 'string' }, title: { type: 'string' }, metadata: { type: 'object' }, metadataSources: { type: 'object' },
          comments: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' }, markdown: { type: 'string' }, author: { type: 'string' }, published: { type: 'string', description: 'ISO 8601' } } } },
          pageType: { enum: ['topic', 'hub', 'image'] }, algorithm: { type: 'string' }, lang: { type: 'string' },
          encoding: { type: 'object', properties: { name: { type: 'string' }, source: { type: 'string' } } },
          text: { type: 'string' }, markdown: { type: 'string' }, html: { type: 'string' },
          attempts: { type: 'array', items: { type: 'object' } }, diagnostics: { type: 'array', items: { type: 'object' } },
          blocks: { type: 'array', items: { type: 'object' } }, timings: { type: 'object' },
        },
      },
    },
  },
} as const;
