/** Shared by the serve tests: a real server on an ephemeral loopback port, pages, and a Prometheus text parser. */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer, type ThresherServer } from '../src/serve/server.js';
import type { ServeOptions } from '../src/serve/options.js';

export async function withServer<T>(options: ServeOptions, fn: (s: ThresherServer) => Promise<T>): Promise<T> {
  const server = await startServer({ host: '127.0.0.1', port: 0, workers: 1, ...options });
  try {
    return await fn(server);
  } finally {
    await server.close(100);
  }
}

/** An article page (about `topic`) long enough to be content. */
export function articlePage(title: string, topic: string, paragraphs = 4): string {
  const ps = Array.from({ length: paragraphs }, (_, k) => `<p>Paragraph ${k + 1} on the ${topic}: the ${topic} was studied by a team of ${topic} researchers, who compared their notes with records kept since ${1900 + k}.</p>`).join('');
  return `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav><article><h1>${title}</h1>${ps}</article><footer>Copyright the site</footer></body></html>`;
}

/**
 * A page that takes a worker seconds to extract (about 2.7 MB, 20,000 blocks, under the node
 * budget): what a test needs to hold a worker busy, with no hook in the server for tests.
 */
export function heavyPage(blocks = 20_000): string {
  const body = Array.from({ length: blocks }, (_, k) => `<div class="c${k % 7}"><p>Paragraph ${k} about the harbour and the boats, with <a href="/l${k}">a link</a> and more words to read.</p></div>`).join('');
  return `<html><head><title>Heavy</title></head><body><article>${body}</article></body></html>`;
}

export interface Sample { name: string; labels: Record<string, string>; value: number }

/** Parses Prometheus text exposition (0.0.4); throws on a line that is neither a comment nor a sample. */
export function parseProm(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) {
      if (line && !/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) throw new Error(`bad comment line: ${line}`);
      continue;
    }
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/.exec(line);
    if (!m) throw new Error(`bad sample line: ${line}`);
    const labels: Record<string, string> = {};
    if (m[3]) {
      const re = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/g;
      let lm: RegExpExecArray | null;
      let seen = 0;
      while ((lm = re.exec(m[3]))) { labels[lm[1]] = lm[2].replace(/\\n/g, '\n').replace(/\\(.)/g, '$1'); seen += lm[0].length; }
      if (seen !== m[3].length) throw new Error(`bad labels: ${line}`);
    }
    out.push({ name: m[1], labels, value: Number(m[4]) });
  }
  return out;
}

/** The value of the sample `name` whose labels include `labels` (0 when absent). */
export function sampleValue(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  const s = samples.find((x) => x.name === name && Object.entries(labels).every(([k, v]) => x.labels[k] === v));
  return s?.value ?? 0;
}

/** Polls `check` every 25 ms until it holds, or fails after `ms`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

export async function health(base: string): Promise<{ status: string; workers: number; ready: number; busy: number; queued: number }> {
  return (await fetch(`${base}/healthz`)).json() as Promise<{ status: string; workers: number; ready: number; busy: number; queued: number }>;
}

/** A plain HTTP server on an ephemeral loopback port; `hits` counts requests by path. */
export async function fixtureServer(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ server: Server; port: number; base: string; hits: Map<string, number>; close(): Promise<void> }> {
  const hits = new Map<string, number>();
  const server = createServer((req, res) => {
    hits.set(req.url ?? '', (hits.get(req.url ?? '') ?? 0) + 1);
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    server, port, base: `http://127.0.0.1:${port}`, hits,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

export async function postJson(url: string, body: unknown): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}
