/**
 * readInput / listInputFiles (src/io/read-input.ts): files, gzip, stdin, and http(s) against a
 * local server on 127.0.0.1 (loopback only) with slow, oversized and failing routes.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { ThresherError } from '../src/errors.js';
import { listInputFiles, readInput } from '../src/io/read-input.js';

const PAGE = '<!doctype html><html><head><title>t</title></head><body><p>Hello, reader.</p></body></html>';
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const text = (b: Uint8Array): string => new TextDecoder().decode(b);

/** Assert that the promise rejects with a ThresherError of this code, and return it. */
async function rejectsWith(p: Promise<unknown>, code: string): Promise<ThresherError> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof ThresherError, `expected a ThresherError, got ${String(e)}`);
    assert.equal(e.code, code, e.message);
    assert.ok(e.message.length > 10, 'the message says what went wrong');
    return e;
  }
  assert.fail(`expected ${code}, but it resolved`);
}

const dir = mkdtempSync(join(tmpdir(), 'thresher-read-input-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string, data: string | Uint8Array): string => {
  const p = join(dir, name);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, data);
  return p;
};

describe('readInput: files', () => {
  test('a plain file: its bytes, named by its path', async () => {
    const p = file('plain.html', PAGE);
    const r = await readInput(p);
    assert.equal(text(r.bytes), PAGE);
    assert.equal(r.name, p);
    assert.equal(r.url, undefined);
    assert.equal(r.contentType, undefined);
    assert.equal(Object.getPrototypeOf(r.bytes), Uint8Array.prototype);
  });

  test('a file: URL', async () => {
    const p = file('by-url.html', PAGE);
    assert.equal(text((await readInput(pathToFileURL(p).href)).bytes), PAGE);
  });

  test('.html.gz is gunzipped, and so is gzip data under any name', async () => {
    assert.equal(text((await readInput(file('page.html.gz', gzipSync(PAGE)))).bytes), PAGE);
    assert.equal(text((await readInput(file('misnamed.html', gzipSync(PAGE)))).bytes), PAGE);
  });

  test('truncated gzip → E_GZIP saying it is truncated', async () => {
    const gz = gzipSync(PAGE.repeat(50));
    const e = await rejectsWith(readInput(file('cut.html.gz', gz.subarray(0, gz.length >> 1))), 'E_GZIP');
    assert.match(e.message, /truncated/);
  });

  test('corrupt gzip → E_GZIP', async () => {
    const gz = gzipSync(PAGE);
    const bad = Buffer.concat([gz.subarray(0, 10), Buffer.alloc(40, 0xff)]);
    await rejectsWith(readInput(file('corrupt.html.gz', bad)), 'E_GZIP');
  });

  test('a gzip bomb stops at maxBytes → E_INPUT_TOO_LARGE', async () => {
    const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20)); // 32 MiB of spaces, ~32 KB compressed
    assert.ok(bomb.length < 100_000);
    await rejectsWith(readInput(file('bomb.html.gz', bomb), { maxBytes: 1024 * 1024 }), 'E_INPUT_TOO_LARGE');
  });

  test('a file over maxBytes → E_INPUT_TOO_LARGE', async () => {
    await rejectsWith(readInput(file('big.html', 'x'.repeat(5000)), { maxBytes: 4096 }), 'E_INPUT_TOO_LARGE');
    assert.equal((await readInput(file('fits.html', 'x'.repeat(4096)), { maxBytes: 4096 })).bytes.length, 4096);
  });

  test('a missing file → E_INPUT_NOT_FOUND; a directory → E_INPUT_READ', async () => {
    await rejectsWith(readInput(join(dir, 'no-such-file.html')), 'E_INPUT_NOT_FOUND');
    await rejectsWith(readInput(join(dir, 'plain.html', 'below-a-file.html')), 'E_INPUT_NOT_FOUND');
    mkdirSync(join(dir, 'a-dir'), { recursive: true });
    await rejectsWith(readInput(join(dir, 'a-dir')), 'E_INPUT_READ');
  });

  test('impossible limits → E_BAD_OPTION', async () => {
    await rejectsWith(readInput(file('opt.html', PAGE), { maxBytes: -1 }), 'E_BAD_OPTION');
    await rejectsWith(readInput(file('opt.html', PAGE), { timeoutMs: Number.NaN }), 'E_BAD_OPTION');
  });
});

describe('readInput: stdin', () => {
  const moduleUrl = new URL('../src/io/read-input.js', import.meta.url).href;
  const run = (input: Uint8Array, opts = '{}') => {
    const script = `import { readInput } from ${JSON.stringify(moduleUrl)};
      try { const r = await readInput('-', ${opts}); process.stdout.write(JSON.stringify({ name: r.name, text: new TextDecoder().decode(r.bytes) })); }
      catch (e) { process.stdout.write(JSON.stringify({ code: e.code, message: e.message })); }`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { input, timeout: 20_000 });
    assert.equal(child.status, 0, String(child.stderr));
    return JSON.parse(String(child.stdout)) as { name?: string; text?: string; code?: string };
  };

  test('"-" reads stdin, gunzipping gzip data', () => {
    assert.deepEqual(run(enc(PAGE)), { name: '-', text: PAGE });
    assert.deepEqual(run(gzipSync(PAGE)), { name: '-', text: PAGE });
  });

  test('stdin over maxBytes → E_INPUT_TOO_LARGE', () => {
    assert.equal(run(new Uint8Array(200_000).fill(0x61), '{ maxBytes: 100000 }').code, 'E_INPUT_TOO_LARGE');
  });
});

describe('readInput: http on 127.0.0.1', () => {
  let server: Server;
  let base = '';
  const timers = new Set<NodeJS.Timeout>();
  const gzPage = gzipSync(PAGE);

  const endless = (res: ServerResponse): void => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const pump = (): void => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.writeHead(200, { 'content-type': 'text/html' });
    pump();
  };

  before(async () => {
    server = createServer((req, res) => {
      switch (req.url) {
        case '/page': res.writeHead(200, { 'content-type': 'text/html; charset=windows-1251' }); res.end(PAGE); break;
        case '/redirect': res.writeHead(302, { location: '/page' }); res.end(); break;
        case '/missing': res.writeHead(404, { 'content-type': 'text/plain' }); res.end('not here'); break;
        case '/error': res.writeHead(503); res.end(); break;
        case '/slow-headers': timers.add(setTimeout(() => { res.writeHead(200); res.end(PAGE); }, 10_000)); break;
        case '/slow-body': res.writeHead(200, { 'content-type': 'text/html' }); res.write('<p>first'); timers.add(setTimeout(() => res.end('</p>'), 10_000)); break;
        case '/endless': endless(res); break;
        case '/big-declared': res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) }); res.write('x'.repeat(1000)); break;
        case '/gzip-encoded': res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }); res.end(gzPage); break;
        case '/page.html.gz': res.writeHead(200, { 'content-type': 'application/gzip' }); res.end(gzPage); break;
        default: res.writeHead(500); res.end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  after(async () => {
    for (const t of timers) clearTimeout(t);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  test('200: bytes, final URL and Content-Type', async () => {
    const r = await readInput(`${base}/page`);
    assert.equal(text(r.bytes), PAGE);
    assert.equal(r.url, `${base}/page`);
    assert.equal(r.contentType, 'text/html; charset=windows-1251');
    assert.equal(r.name, `${base}/page`);
  });

  test('redirects are followed; url is where they led', async () => {
    const r = await readInput(`${base}/redirect`);
    assert.equal(r.url, `${base}/page`);
    assert.equal(text(r.bytes), PAGE);
  });

  test('non-2xx → E_FETCH with the status', async () => {
    const e = await rejectsWith(readInput(`${base}/missing`), 'E_FETCH');
    assert.equal(e.details?.status, 404);
    assert.match(e.message, /404/);
    assert.equal((await rejectsWith(readInput(`${base}/error`), 'E_FETCH')).details?.status, 503);
  });

  test('no headers in time → E_FETCH_TIMEOUT', async () => {
    const t0 = performance.now();
    await rejectsWith(readInput(`${base}/slow-headers`, { timeoutMs: 300 }), 'E_FETCH_TIMEOUT');
    assert.ok(performance.now() - t0 < 5000, 'gave up near the deadline');
  });

  test('a body that trickles past the deadline → E_FETCH_TIMEOUT', async () => {
    await rejectsWith(readInput(`${base}/slow-body`, { timeoutMs: 300 }), 'E_FETCH_TIMEOUT');
  });

  test('an endless body stops at maxBytes → E_INPUT_TOO_LARGE', async () => {
    await rejectsWith(readInput(`${base}/endless`, { maxBytes: 1024 * 1024 }), 'E_INPUT_TOO_LARGE');
  });

  test('a declared Content-Length over maxBytes → E_INPUT_TOO_LARGE before reading', async () => {
    await rejectsWith(readInput(`${base}/big-declared`), 'E_INPUT_TOO_LARGE');
  });

  test('Content-Encoding gzip is decoded; a gzip file body is gunzipped', async () => {
    assert.equal(text((await readInput(`${base}/gzip-encoded`)).bytes), PAGE);
    assert.equal(text((await readInput(`${base}/page.html.gz`)).bytes), PAGE);
  });

  test('connection refused → E_FETCH; a malformed URL → E_FETCH', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await rejectsWith(readInput(`http://127.0.0.1:${port}/`, { timeoutMs: 5000 }), 'E_FETCH');
    await rejectsWith(readInput('http://[::1/'), 'E_FETCH');
  });
});

describe('listInputFiles', () => {
  test('page files under a folder, recursively, sorted', async () => {
    const root = join(dir, 'corpus');
    for (const name of ['b.html', 'a.htm', 'sub/z.HTML', 'sub/deeper/c.html.gz', 'sub/d.htm.gz', 'e.xhtml', 'notes.txt',
      'data.gz', 'page.html.bak', 'sub/deeper/f.json']) file(join('corpus', name), PAGE);
    symlinkSync(join(root, 'b.html'), join(root, 'link.html'));
    const got = (await listInputFiles(root)).map((p) => p.slice(root.length + 1));
    assert.deepEqual(got, ['a.htm', 'b.html', 'e.xhtml', 'link.html', 'sub/d.htm.gz', 'sub/deeper/c.html.gz', 'sub/z.HTML']);
  });

  test('a file is listed alone; a missing folder → E_INPUT_NOT_FOUND', async () => {
    const p = file('single.html', PAGE);
    assert.deepEqual(await listInputFiles(p), [p]);
    await rejectsWith(listInputFiles(join(dir, 'no-such-dir')), 'E_INPUT_NOT_FOUND');
  });

  test('an empty folder lists nothing', async () => {
    mkdirSync(join(dir, 'empty'), { recursive: true });
    assert.deepEqual(await listInputFiles(join(dir, 'empty')), []);
  });
});
