/**
 * thresher serve's SSRF guard (issue 27). With --allow-fetch, a client's URL is fetched only from
 * public addresses, judged after DNS resolution and again at every redirect; the connection goes
 * to the address that was checked. Nothing here reaches the real network: every URL is a
 * loopback fixture, a literal address that is refused before any connection, or a name resolved
 * from /etc/hosts (localhost) or by an injected resolver.
 *
 * The redirect re-check needs a server that passes the first check and then redirects to
 * 127.0.0.1; without the network, that "public" server is itself on loopback. So the test
 * injects an address policy (ServeOptions.addressPolicy) that treats exactly that server's port
 * on loopback as public and judges every other address with the default policy: the redirect's
 * target, 127.0.0.1 on another port, must then be refused, and the fixture behind it never hit.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { defaultAddressPolicy, isLoopback, nonPublicReason, type AddressPolicy } from '../src/serve/address-policy.js';
import { fetchPage } from '../src/serve/fetch-url.js';
import { isThresherError } from '../src/errors.js';
import { articlePage, fixtureServer, postJson, withServer } from './serve-helpers.js';

test('address policy: non-public addresses are refused with their reason, IPv4-mapped IPv6 as its IPv4', () => {
  const refused: [string, RegExp][] = [
    ['127.0.0.1', /loopback/], ['127.255.1.2', /loopback/], ['::1', /loopback/], ['0:0:0:0:0:0:0:1', /loopback/],
    ['10.1.2.3', /private/], ['172.16.0.1', /private/], ['172.31.255.255', /private/], ['192.168.1.1', /private/],
    ['169.254.169.254', /metadata/], ['169.254.1.1', /link-local/], ['fd00:ec2::254', /metadata/],
    ['fe80::1', /link-local/], ['fe80::1%eth0', /link-local/], ['fc00::1', /unique local/], ['fd12:3456::1', /unique local/],
    ['100.64.0.1', /carrier-grade/], ['100.127.255.255', /carrier-grade/], ['0.0.0.0', /this network/], ['0.1.2.3', /this network/],
    ['224.0.0.1', /multicast/], ['239.255.255.250', /multicast/], ['ff02::1', /multicast/], ['255.255.255.255', /reserved/],
    ['::', /unspecified/], ['::ffff:127.0.0.1', /loopback/], ['::ffff:7f00:1', /loopback/], ['::ffff:10.0.0.1', /private/],
    ['::ffff:169.254.169.254', /metadata/], ['::127.0.0.1', /loopback/], ['64:ff9b::a9fe:a9fe', /metadata/], ['2002:7f00:1::', /loopback/],
    ['2001:db8::1', /documentation/], ['not-an-ip', /not an IP/],
  ];
  for (const [address, reason] of refused) assert.match(nonPublicReason(address) ?? 'allowed', reason, address);
  for (const address of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700::1111', '::ffff:8.8.8.8', '2a00:1450::1']) {
    assert.equal(nonPublicReason(address), null, address);
  }
  assert.ok(isLoopback('::ffff:127.0.0.1') && isLoopback('127.0.0.2') && !isLoopback('10.0.0.1'));
  assert.equal(defaultAddressPolicy(true)('127.0.0.1', 4, 80), null, 'allowPrivate allows everything');
});

async function refusal(res: Response): Promise<[number, string, string]> {
  const body = await res.json() as { error: { code: string; message: string } };
  return [res.status, body.error.code, body.error.message];
}

test('serve --allow-fetch: loopback, private, link-local, metadata and mapped addresses are refused, also behind a name and a redirect', async () => {
  const secret = await fixtureServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end(articlePage('Secret', 'vault')); });
  const front = await fixtureServer((req, res) => {
    const location = req.url === '/to-name' ? `http://localhost:${secret.port}/` : req.url === '/to-file' ? 'file:///etc/passwd' : `${secret.base}/internal`;
    res.writeHead(302, { location });
    res.end();
  });
  // The front server stands in for a public host: its port on loopback is allowed, nothing else is.
  const policy: AddressPolicy = (address, family, port) => (isLoopback(address) && port === front.port ? null : defaultAddressPolicy()(address, family, port));
  try {
    await withServer({ allowFetch: true, addressPolicy: policy }, async ({ url }) => {
      const cases: [string, RegExp][] = [
        [`${secret.base}/`, /127\.0\.0\.1, loopback/],
        [`http://[::1]:${secret.port}/`, /::1, loopback/],
        ['http://10.0.0.1/', /private/],
        ['http://169.254.169.254/latest/meta-data/', /cloud metadata/],
        [`http://[::ffff:127.0.0.1]:${secret.port}/`, /loopback/],
        ['http://[fd00:ec2::254]/', /metadata/],
        ['http://100.64.1.1/', /carrier-grade/],
        [`http://localhost:${secret.port}/`, /localhost resolves to .*loopback/],
        [`${front.base}/redirect`, /127\.0\.0\.1, loopback/],
        [`${front.base}/to-name`, /localhost resolves to/],
        [`${front.base}/to-file`, /only http and https/],
        // Other spellings of loopback: the URL parser writes them as 127.0.0.1 (or ::) before the check.
        [`http://2130706433:${secret.port}/`, /127\.0\.0\.1, loopback/],
        [`http://0x7f.0.0.1:${secret.port}/`, /127\.0\.0\.1, loopback/],
        [`http://127.1:${secret.port}/`, /127\.0\.0\.1, loopback/],
        [`http://0.0.0.0:${secret.port}/`, /this network/],
        [`http://[::]:${secret.port}/`, /unspecified/],
      ];
      for (const [target, reason] of cases) {
        const [status, code, message] = await refusal(await postJson(`${url}/v1/extract`, { url: target }));
        assert.deepEqual([status, code], [403, 'E_FETCH_REFUSED'], target);
        assert.match(message, reason, target);
      }
      const [status, code] = await refusal(await postJson(`${url}/v1/extract`, { url: 'file:///etc/passwd' }));
      assert.deepEqual([status, code], [400, 'E_BAD_OPTION'], 'only http(s) URLs');
    });
    assert.equal(secret.hits.size, 0, 'the loopback service behind the refusals was never reached');
    assert.equal(front.hits.get('/redirect'), 1, 'the allowed front server was fetched, and its redirect refused');
    assert.equal(front.hits.get('/to-file'), 1);
  } finally {
    await secret.close();
    await front.close();
  }
});

test('serve --allow-fetch --allow-private: a loopback fixture is fetched, gzip decoded; redirects, size, time and type limits apply', async () => {
  const page = articlePage('Fetched', 'estuary');
  const fixture = await fixtureServer((req, res) => {
    if (req.url === '/page') { res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }); res.end(page); return; }
    if (req.url === '/gz') { res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }); res.end(gzipSync(page)); return; }
    if (req.url === '/hop') { res.writeHead(301, { location: '/page' }); res.end(); return; }
    const loop = /^\/loop(\d+)$/.exec(req.url ?? '');
    if (loop) { res.writeHead(302, { location: `/loop${Number(loop[1]) + 1}` }); res.end(); return; }
    if (req.url === '/big') { res.writeHead(200, { 'content-type': 'text/html' }); res.end(`<p>${'x'.repeat(200_000)}</p>`); return; }
    if (req.url === '/bomb') { res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }); res.end(gzipSync(Buffer.alloc(4 << 20, 0x61))); return; }
    if (req.url === '/png') { res.writeHead(200, { 'content-type': 'image/png' }); res.end(Buffer.alloc(10)); return; }
    if (req.url === '/404') { res.writeHead(404, { 'content-type': 'text/html' }); res.end('gone'); return; }
    if (req.url === '/hang') { res.writeHead(200, { 'content-type': 'text/html' }); res.write('<p>'); return; } // never ends
    res.writeHead(500); res.end();
  });
  try {
    await withServer({ allowFetch: true, allowPrivate: true, maxBody: 100_000, timeoutMs: 3000 }, async ({ url }) => {
      const get = (path: string, options?: object) => postJson(`${url}/v1/extract`, { url: `${fixture.base}${path}`, ...(options ? { options } : {}) });
      for (const path of ['/page', '/gz', '/hop']) {
        const res = await get(path);
        assert.equal(res.status, 200, path);
        const r = await res.json() as { text: string; url: string };
        assert.match(r.text, /estuary researchers/, path);
        assert.equal(r.url, `${fixture.base}${path === '/hop' ? '/page' : path}`, 'the page URL is the one after redirects');
      }
      assert.equal((await (await get('/page', { url: 'https://canonical.example/p' })).json() as { url: string }).url, 'https://canonical.example/p', 'options.url wins');
      const expect: [string, number, string][] = [
        ['/loop0', 502, 'E_FETCH'], ['/big', 413, 'E_INPUT_TOO_LARGE'], ['/bomb', 413, 'E_INPUT_TOO_LARGE'],
        ['/png', 415, 'E_UNSUPPORTED_MEDIA'], ['/404', 502, 'E_FETCH'], ['/hang', 504, 'E_FETCH_TIMEOUT'],
      ];
      for (const [path, status, code] of expect) {
        const [s, c, m] = await refusal(await get(path));
        assert.deepEqual([s, c], [status, code], `${path}: ${m}`);
      }
      assert.equal(fixture.hits.get('/loop5'), 1, 'five redirects were followed');
      assert.equal(fixture.hits.get('/loop6'), undefined, 'and no sixth');
    });
  } finally {
    await fixture.close();
  }
});

test('fetchPage connects to the address it checked, not to what the name resolves to later (DNS rebinding)', async () => {
  const fixture = await fixtureServer((_req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end(articlePage('Pinned', 'reef')); });
  try {
    let lookups = 0;
    // "rebind.test" is no name the system resolver knows: the page can only come through the address checked.
    const resolve = async (host: string) => { lookups++; assert.equal(host, 'rebind.test'); return [{ address: '127.0.0.1', family: 4 }]; };
    const allowFixture: AddressPolicy = (a, _f, port) => (isLoopback(a) && port === fixture.port ? null : 'refused');
    const page = await fetchPage(`http://rebind.test:${fixture.port}/x`, { policy: allowFixture, timeoutMs: 5000, maxBytes: 1 << 20, resolve });
    assert.equal(page.status, 200);
    assert.match(Buffer.from(page.body).toString(), /reef researchers/);
    assert.equal(lookups, 1, 'one resolution per hop');
    // A name with one allowed and one refused address is refused as a whole.
    const mixed = async () => [{ address: '127.0.0.1', family: 4 }, { address: '10.0.0.1', family: 4 }];
    await assert.rejects(fetchPage(`http://two.test:${fixture.port}/`, { policy: allowFixture, timeoutMs: 5000, maxBytes: 1 << 20, resolve: mixed }),
      (e: unknown) => isThresherError(e) && e.code === 'E_FETCH_REFUSED' && /10\.0\.0\.1/.test(e.message));
  } finally {
    await fixture.close();
  }
});
