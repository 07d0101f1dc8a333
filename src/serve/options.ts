/**
 * The settings of `thresher serve`, with their defaults, checked once at start-up so that a bad
 * flag is an E_BAD_OPTION before the port is bound, not a surprise under load.
 */
import { availableParallelism } from 'node:os';
import { ThresherError } from '../errors.js';
import type { SiteModel } from '../site/model.js';
import { defaultAddressPolicy, type AddressPolicy } from './address-policy.js';

export interface ServeOptions {
  /** Interface to bind (default 127.0.0.1: nothing outside the machine reaches it unless asked). */
  host?: string;
  /** Port (default 8080; 0 picks a free one). */
  port?: number;
  /** Worker threads that extract (default: the core count). */
  workers?: number;
  /** Most request body bytes, and most bytes of a fetched page, after decompression (default 10 MB). */
  maxBody?: number;
  /** Time budget per request in ms, waiting for a worker included (default 30,000). */
  timeoutMs?: number;
  /** Extractions that may wait for a worker; past that the answer is 429 (default 64). */
  maxQueue?: number;
  /** Fetch `url`s that clients send (default false). */
  allowFetch?: boolean;
  /** With allowFetch: allow loopback, private, link-local and metadata addresses too (default false). */
  allowPrivate?: boolean;
  /**
   * Decides each address a fetch would connect to (default: public unicast only, or anything with
   * allowPrivate). A test injects one that lets its own loopback fixture through.
   */
  addressPolicy?: AddressPolicy;
  /** A corpus store folder (thresher run --out) for /v1/search and /v1/records. */
  store?: string;
  /** Site models to start with (thresher learn's files, loaded by the caller). */
  siteModels?: SiteModel[];
  /** Folder where models learned through POST /v1/site-models are written (else kept in memory only). */
  modelsDir?: string;
  /**
   * Let requests ask for `render: true` (the page's scripts run in Chromium, offline, before it is
   * extracted): 'auto' (default) when a Chromium is found, true to require one (E_NO_BROWSER at
   * start without it), false never. The browser starts on the first such request.
   */
  render?: boolean | 'auto';
  /** The Chromium to render with (else THRESHER_CHROMIUM, else PATH: render-browser/find-browser.ts). */
  chromium?: string;
  /** Serve the inspector at GET / (default true). */
  inspector?: boolean;
}

export interface ServeSettings {
  host: string;
  port: number;
  workers: number;
  maxBody: number;
  timeoutMs: number;
  maxQueue: number;
  allowFetch: boolean;
  allowPrivate: boolean;
  addressPolicy: AddressPolicy;
  store?: string;
  modelsDir?: string;
  render: boolean | 'auto';
  chromium?: string;
  inspector: boolean;
}

export const SERVE_DEFAULTS = { host: '127.0.0.1', port: 8080, maxBody: 10 * 1024 * 1024, timeoutMs: 30_000, maxQueue: 64 } as const;
/** Most workers per core, as `thresher run` allows. */
const WORKERS_PER_CORE = 4;

function int(name: string, v: number | undefined, fallback: number, min: number, max: number): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < min || v > max) throw new ThresherError('E_BAD_OPTION', `${name} must be an integer from ${min} to ${max}; got ${v}`);
  return v;
}

function checkRender(v: unknown): boolean | 'auto' {
  if (v === undefined) return 'auto';
  if (v !== true && v !== false && v !== 'auto') throw new ThresherError('E_BAD_OPTION', `render must be true, false or 'auto'; got ${JSON.stringify(v)}`);
  return v;
}

/** The settings for `options`, defaults filled in; E_BAD_OPTION for a value out of range. */
export function resolveSettings(options: ServeOptions = {}): ServeSettings {
  const cores = availableParallelism();
  const allowPrivate = options.allowPrivate ?? false;
  const host = options.host ?? SERVE_DEFAULTS.host;
  if (!host) throw new ThresherError('E_BAD_OPTION', 'host must not be empty');
  return {
    host,
    port: int('port', options.port, SERVE_DEFAULTS.port, 0, 65535),
    workers: int('workers', options.workers, cores, 1, cores * WORKERS_PER_CORE),
    maxBody: int('maxBody', options.maxBody, SERVE_DEFAULTS.maxBody, 1, 1024 * 1024 * 1024),
    timeoutMs: int('timeoutMs', options.timeoutMs, SERVE_DEFAULTS.timeoutMs, 1, 2 ** 31 - 1),
    maxQueue: int('maxQueue', options.maxQueue, SERVE_DEFAULTS.maxQueue, 0, 1_000_000),
    allowFetch: options.allowFetch ?? false,
    allowPrivate,
    addressPolicy: options.addressPolicy ?? defaultAddressPolicy(allowPrivate),
    ...(options.store !== undefined ? { store: options.store } : {}),
    ...(options.modelsDir !== undefined ? { modelsDir: options.modelsDir } : {}),
    render: checkRender(options.render),
    ...(options.chromium !== undefined ? { chromium: options.chromium } : {}),
    inspector: options.inspector ?? true,
  };
}
