/**
 * A generated web site on 127.0.0.1 (an ephemeral port; never any other address) for the
 * crawler tests, with a log of every request it receives. Not a test file itself.
 *
 * Routes: / and /page/N (links), /robots.txt (Disallow /private/, a Crawl-delay, a Sitemap),
 * /sitemap.xml, /redirect/* (301 to a page), /loop/a ⇄ /loop/b (a redirect loop), /slow (a
 * body that trickles), /flaky (500 twice, then 200), /busy (429 with Retry-After once, then
 * 200), /reset (the connection is destroyed), /huge (a body over the crawler's cap),
 * /data (application/json), /calendar/YYYY/MM (an endless calendar trap), /private/* (only
 * robots.txt keeps the crawler out).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoggedRequest { path: string; t: number; ua: string }

export interface SiteOptions {
  pages?: number;
  /** robots.txt Crawl-delay in seconds (omitted when undefined). */
  crawlDelay?: number;
  /** Serve the fault routes and link to them. Default true. */
  faults?: boolean;
  /** Link to the calendar trap. Default true. */
  trap?: boolean;
  /** Retry-After value of /busy, in seconds. Default 1. */
  retryAfter?: number;
  /** robots.txt status (200 serves the file). Default 200. */
  robotsStatus?: number;
  hugeBytes?: number;
}

export interface TestSite {
  origin: string;
  host: string;
  log: LoggedRequest[];
  /** Every page URL a complete polite crawl should store with status 200. */
  expectedPages: string[];
  close(): Promise<void>;
}

const html = (title: string, body: string): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

export async function startSite(opts: SiteOptions = {}): Promise<TestSite> {
  const pages = opts.pages ?? 12;
  const faults = opts.faults ?? true;
  const trap = opts.trap ?? true;
  const log: LoggedRequest[] = [];
  const hits = new Map<string, number>();
  let origin = '';
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    log.push({ path, t: Date.now(), ua: String(req.headers['user-agent'] ?? '') });
    const n = (hits.get(path) ?? 0) + 1;
    hits.set(path, n);
    const send = (status: number, body: string | Buffer, type = 'text/html; charset=utf-8', extra: Record<string, string> = {}): void => {
      res.writeHead(status, { 'content-type': type, ...extra });
      res.end(body);
    };
    const pageLinks = (i: number): string => {
      const targets = [(i % pages) + 1, ((i * 3) % pages) + 1, 1].map((k) => `<a href="/page/${k}">page ${k}</a>`);
      return `<p>This is page number ${i} of the test site, with some prose to read.</p><nav>${targets.join(' ')}</nav>`;
    };
    if (path === '/robots.txt') {
      if ((opts.robotsStatus ?? 200) !== 200) { send(opts.robotsStatus!, 'no', 'text/plain'); return; }
      const delay = opts.crawlDelay !== undefined ? `Crawl-delay: ${opts.crawlDelay}\n` : '';
      send(200, `User-agent: *\nDisallow: /private/\n${delay}\nUser-agent: otherbot\nDisallow: /\n\nSitemap: ${origin}/sitemap.xml\n`, 'text/plain');
      return;
    }
    if (path === '/sitemap.xml') {
      const urls = [`${origin}/only-in-sitemap`, `${origin}/page/1`, `${origin}/private/from-sitemap`].map((u) => `<url><loc>${u}</loc></url>`).join('');
      send(200, `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`, 'application/xml');
      return;
    }
    if (path === '/') {
      const extra = [
        '<a href="/page/1">first</a>', '<a href="/private/secret">secret</a>', '<a href="/redirect/one">moved</a>',
        '<a href="/missing">missing</a>', '<a href="/image.png">a picture</a>', '<a rel="nofollow" href="/nofollowed">nf</a>',
        '<a href="mailto:someone@example.com">mail</a>', '<a href="/page/2#section">fragment</a>', '<a href="/PAGE/../page/3">dots</a>',
        ...(faults ? ['<a href="/loop/a">loop</a>', '<a href="/slow">slow</a>', '<a href="/flaky">flaky</a>', '<a href="/busy">busy</a>',
          '<a href="/reset">reset</a>', '<a href="/huge">huge</a>', '<a href="/data">data</a>'] : []),
        ...(trap ? ['<a href="/calendar/2026/01">calendar</a>'] : []),
      ];
      send(200, html('Home', `<p>Welcome to the test site.</p>${extra.join(' ')}<script>var s = '<a href="/in-script">no</a>';</script>`));
      return;
    }
    let m = /^\/page\/(\d+)$/.exec(path);
    if (m && Number(m[1]) >= 1 && Number(m[1]) <= pages) { send(200, html(`Page ${m[1]}`, pageLinks(Number(m[1])))); return; }
    if (path === '/only-in-sitemap') { send(200, html('Sitemap only', '<p>Only the sitemap links here.</p>')); return; }
    if (path === '/redirect/one') { send(301, '', 'text/plain', { location: '/page/2' }); return; }
    if (path === '/loop/a') { send(302, '', 'text/plain', { location: `${origin}/loop/b` }); return; }
    if (path === '/loop/b') { send(302, '', 'text/plain', { location: '/loop/a' }); return; }
    if (path === '/flaky') { if (n <= 2) send(500, 'oops'); else send(200, html('Flaky', '<p>Third time lucky.</p>')); return; }
    if (path === '/busy') { if (n === 1) send(429, 'slow down', 'text/plain', { 'retry-after': String(opts.retryAfter ?? 1) }); else send(200, html('Busy', '<p>Now it answers.</p>')); return; }
    if (path === '/reset') { req.socket.destroy(); return; }
    if (path === '/huge') { send(200, Buffer.alloc(opts.hugeBytes ?? 3 * 1024 * 1024, 'a'), 'text/html'); return; }
    if (path === '/data') { send(200, '{"a":1}', 'application/json'); return; }
    if (path === '/slow') {
      res.writeHead(200, { 'content-type': 'text/html' });
      let k = 0;
      const t = setInterval(() => {
        if (res.destroyed || k++ > 100) { clearInterval(t); res.end(); return; }
        res.write('<p>drip</p>');
      }, 100);
      res.on('close', () => clearInterval(t));
      return;
    }
    m = /^\/calendar\/(\d{4})\/(\d{2})$/.exec(path);
    if (m) {
      const y = Number(m[1]), mo = Number(m[2]);
      const next = mo === 12 ? `${y + 1}/01` : `${y}/${String(mo + 1).padStart(2, '0')}`;
      const prev = mo === 1 ? `${y - 1}/12` : `${y}/${String(mo - 1).padStart(2, '0')}`;
      send(200, html(`Calendar ${y}-${m[2]}`, `<p>Nothing happens this month.</p><a href="/calendar/${next}">next</a> <a href="/calendar/${prev}">previous</a>`));
      return;
    }
    send(404, html('Not found', '<p>No such page.</p>'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  const expectedPages = [`${origin}/`, ...Array.from({ length: pages }, (_, i) => `${origin}/page/${i + 1}`), `${origin}/only-in-sitemap`,
    ...(faults ? [`${origin}/flaky`, `${origin}/busy`] : [])];
  return {
    origin, host: `127.0.0.1:${port}`, log, expectedPages,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** Gaps between consecutive requests, in ms, in arrival order. */
export function gaps(log: LoggedRequest[]): number[] {
  const ts = log.map((r) => r.t).sort((a, b) => a - b);
  return ts.slice(1).map((t, i) => t - ts[i]);
}
