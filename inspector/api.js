/**
 * The inspector's calls to thresher serve: the same JSON API any client uses (GET /openapi.json),
 * from this origin only (the page's CSP allows connect-src 'self'). A failed call rejects with an
 * Error carrying the server's ThresherError code, so the page can show "E_… : message".
 */

/** An error answer as an Error with `code` (the server's) and `status`. */
async function failure(res) {
  let code = `HTTP_${res.status}`;
  let message = res.statusText || 'request failed';
  try {
    const body = await res.json();
    if (body && body.error) ({ code, message } = body.error);
  } catch {
    // Not JSON: keep the status line.
  }
  return Object.assign(new Error(message), { code, status: res.status });
}

async function getJson(path) {
  const res = await fetch(path, { headers: { accept: 'application/json' } });
  if (!res.ok) throw await failure(res);
  return res.json();
}

/** What the server does: { fetch, render, store, algorithms, modes, … }. */
export function capabilities() {
  return getJson('/v1/capabilities');
}

/** Whether the server has a site model for `host`. */
export async function hasSiteModel(host) {
  const res = await fetch(`/v1/site-models/${encodeURIComponent(host)}`, { method: 'GET' });
  if (res.ok) { await res.body?.cancel(); return true; }
  if (res.status === 404) return false;
  throw await failure(res);
}

/**
 * POST /v1/inspect. `source` is { html } or { url } (JSON), or { bytes, contentType } (a dropped
 * file: sent as the page body, options in the query string, so the server sniffs its charset).
 */
export async function inspect(source, options) {
  let res;
  if (source.bytes) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(options)) q.set(k, String(v));
    res = await fetch(`/v1/inspect?${q}`, { method: 'POST', headers: { 'content-type': source.contentType || 'text/html' }, body: source.bytes });
  } else {
    const body = source.url !== undefined ? { url: source.url, options } : { html: source.html, options };
    res = await fetch('/v1/inspect', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }
  if (!res.ok) throw await failure(res);
  return res.json();
}

export function search(q) {
  return getJson(`/v1/search?q=${encodeURIComponent(q)}&limit=20`);
}

export function record(id) {
  return getJson(`/v1/records/${encodeURIComponent(id)}`);
}
