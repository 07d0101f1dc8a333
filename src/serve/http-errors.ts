/**
 * How `thresher serve` answers an error: the ThresherError code decides the HTTP status, and the
 * body is always `{ error: { code, message } }`, so a client switches on the same codes as a
 * library caller. Anything that is not a ThresherError is a 500 with code E_INTERNAL and a
 * generic message (a stack or a path of the server's is no business of the client's).
 */
import { ThresherError } from '../errors.js';

/** HTTP status per code; codes not listed are 500. */
const STATUS: Record<string, number> = {
  E_BAD_REQUEST: 400, E_BAD_OPTION: 400, E_INPUT_TYPE: 400, E_INPUT_EMPTY: 400, E_GZIP: 400, E_SITE_MODEL: 400,
  E_FETCH_DISABLED: 403, E_FETCH_REFUSED: 403,
  E_NOT_FOUND: 404, E_INPUT_NOT_FOUND: 404,
  E_INPUT_TOO_LARGE: 413,
  E_UNSUPPORTED_MEDIA: 415,
  E_INPUT_BINARY: 422, E_BUDGET_NODES: 422, E_BUDGET_TIME: 422, E_SITE_SAMPLE: 422, E_SITE_HOST: 422,
  E_BUSY: 429,
  // The page's own server failed us: a gateway's error, not ours.
  E_FETCH: 502,
  E_STORE: 503,
  E_PAGE_TIMEOUT: 504, E_FETCH_TIMEOUT: 504, E_RENDER_TIMEOUT: 504,
  // render: true on a server without a browser: a feature this server does not have.
  E_NO_BROWSER: 501,
};

export function statusOf(code: string): number {
  return STATUS[code] ?? 500;
}

export interface ErrorBody { error: { code: string; message: string } }

/** A failure as the wire carries it: its code, its status, its message. */
export interface WireError { status: number; body: ErrorBody; retryAfter?: number }

export function wireError(e: unknown): WireError {
  if (e instanceof ThresherError) {
    const retry = e.details?.retryAfter;
    return { status: statusOf(e.code), body: { error: { code: e.code, message: e.message } }, ...(typeof retry === 'number' ? { retryAfter: retry } : {}) };
  }
  // A worker's failure outcome: a code and a message, not a thrown error.
  const f = e as { code?: unknown; message?: unknown };
  if (f && typeof f.code === 'string' && /^E_[A-Z_]+$/.test(f.code) && typeof f.message === 'string') {
    return { status: statusOf(f.code), body: { error: { code: f.code, message: f.message } } };
  }
  return { status: 500, body: { error: { code: 'E_INTERNAL', message: 'internal error; the server log has the details' } } };
}
