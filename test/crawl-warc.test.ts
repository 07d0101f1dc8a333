/**
 * WARC writing and reading (src/io/warc.ts, src/io/warc-framing.ts): round trips through files
 * (gzip per record and plain), and damaged input — truncation anywhere, corrupt bytes anywhere,
 * garbage, a record half-written before whole ones — reported per record while every record the
 * damage did not touch is still read intact.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { readWarc, WarcWriter, type HttpExchange, type WarcReadItem } from '../src/io/warc.js';
import { ThresherError } from '../src/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-warc-'));
after(() => rmSync(dir, { recursive: true, force: true }));
const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
let fileNo = 0;

async function writeFile(exchanges: HttpExchange[], gzip: boolean): Promise<{ path: string; spans: Array<{ offset: number; length: number }> }> {
  const path = join(dir, `w${fileNo++}.warc${gzip ? '.gz' : ''}`);
  const w = await WarcWriter.open(path);
  const spans = [];
  for (const ex of exchanges) spans.push(await w.writeExchange(ex));
  await w.close();
  return { path, spans };
}

async function readAll(source: string | Uint8Array): Promise<WarcReadItem[]> {
  const src = typeof source === 'string' ? source : (async function* () { yield source; })();
  const out: WarcReadItem[] = [];
  for await (const it of readWarc(src)) out.push(it);
  return out;
}

const exchange = (i: number, body: Uint8Array, extra: Partial<HttpExchange['response']> = {}): HttpExchange => ({
  url: `http://site${i % 3}.test/page/${i}?x=${i}`,
  date: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
  ip: '127.0.0.1',
  request: { method: 'GET', headers: [['User-Agent', 'thresher-test'], ['Accept', 'text/html']] },
  response: { status: 200, statusText: 'OK', headers: [['Content-Type', 'text/html; charset=utf-8'], ['X-N', String(i)]], body, ...extra },
});

function checkRoundTrip(items: WarcReadItem[], exchanges: HttpExchange[]): void {
  const recs = items.map((it) => { assert.ok(it.ok, it.ok ? '' : it.reason); return it.record; });
  assert.equal(recs[0].type, 'warcinfo');
  assert.equal(recs.length, 1 + 2 * exchanges.length);
  exchanges.forEach((ex, i) => {
    const req = recs[1 + 2 * i], res = recs[2 + 2 * i];
    assert.equal(req.type, 'request');
    assert.equal(res.type, 'response');
    assert.equal(req.url, new URL(ex.url).href);
    assert.equal(res.url, new URL(ex.url).href);
    assert.equal(req.http?.method, 'GET');
    assert.deepEqual(req.http?.headers, ex.request.headers);
    assert.equal(res.http?.status, ex.response.status);
    assert.deepEqual(res.http?.headers, ex.response.headers);
    assert.deepEqual(Buffer.from(res.payload), Buffer.from(ex.response.body));
    assert.equal(res.date, ex.date!.toISOString());
    const h = new Map(res.headers.map(([k, v]) => [k.toLowerCase(), v]));
    assert.equal(h.get('warc-ip-address'), '127.0.0.1');
    assert.match(h.get('warc-payload-digest') ?? '', /^sha256:[0-9a-f]{64}$/);
    const rh = new Map(req.headers.map(([k, v]) => [k.toLowerCase(), v]));
    assert.equal(rh.get('warc-concurrent-to'), res.recordId, 'the request names its response');
    if (ex.response.truncated) assert.equal(h.get('warc-truncated'), ex.response.truncated);
  });
}

describe('WARC round trip', () => {
  for (const gzip of [true, false]) {
    test(`${gzip ? '.warc.gz (one member per record)' : '.warc'}: what is written reads back the same`, async () => {
      const exchanges = [
        exchange(0, enc('<p>one</p>')),
        exchange(1, new Uint8Array(0)),
        exchange(2, Uint8Array.from({ length: 70_000 }, (_, k) => (k * 7919) & 255)),
        exchange(3, enc('cut'), { truncated: 'length' }),
        exchange(4, enc('\r\n\r\nWARC/1.1\r\n\r\n'), { status: 404, statusText: 'Not Found' }),
      ];
      const { path, spans } = await writeFile(exchanges, gzip);
      const bytes = readFileSync(path);
      if (gzip) assert.deepEqual([bytes[0], bytes[1]], [0x1f, 0x8b]);
      const items = await readAll(path);
      checkRoundTrip(items, exchanges);
      const responses = items.filter((it) => it.ok && it.record.type === 'response');
      assert.deepEqual(responses.map((it) => it.ok && [it.record.offset, it.record.length]), spans.map((s) => [s.offset, s.length]));
    });
  }

  test('property: any exchanges round-trip, gzip or not', async () => {
    const arbEx = fc.record({
      path: fc.webPath(),
      status: fc.integer({ min: 100, max: 599 }),
      body: fc.uint8Array({ maxLength: 3000 }),
      header: fc.stringMatching(/^[A-Za-z0-9 ;=\/.-]{0,40}$/),
    });
    await fc.assert(fc.asyncProperty(fc.array(arbEx, { minLength: 1, maxLength: 5 }), fc.boolean(), async (xs, gzip) => {
      const exchanges = xs.map((x, i): HttpExchange => ({
        url: `http://p.test${x.path.startsWith('/') ? '' : '/'}${x.path}`,
        date: new Date(Date.UTC(2026, 1, 1, 0, i)),
        ip: '127.0.0.1',
        request: { method: 'GET', headers: [['Accept', '*/*']] },
        response: { status: x.status, statusText: 'S', headers: [['X-H', x.header.trim() || 'v']], body: x.body },
      }));
      const { path } = await writeFile(exchanges, gzip);
      checkRoundTrip(await readAll(path), exchanges);
    }), { numRuns: 25 });
  });

  test('WARC-Block-Digest and WARC-Payload-Digest are the sha256 of the block and of the payload', async () => {
    const { path } = await writeFile([exchange(0, enc('<p>digest me</p>')), exchange(1, new Uint8Array(0))], false);
    const raw = readFileSync(path);
    let pos = 0, checked = 0;
    while (pos < raw.length) {
      const headEnd = raw.indexOf('\r\n\r\n', pos);
      const head = raw.subarray(pos, headEnd).toString('latin1');
      const len = Number(/Content-Length: (\d+)/.exec(head)![1]);
      const block = raw.subarray(headEnd + 4, headEnd + 4 + len);
      pos = headEnd + 4 + len + 4;
      const blockDigest = /WARC-Block-Digest: sha256:(\w+)/.exec(head);
      if (!blockDigest) { assert.match(head, /WARC-Type: warcinfo/); continue; }
      assert.equal(blockDigest[1], createHash('sha256').update(block).digest('hex'));
      const payload = block.subarray(block.indexOf('\r\n\r\n') + 4);
      assert.equal(/WARC-Payload-Digest: sha256:(\w+)/.exec(head)![1], createHash('sha256').update(payload).digest('hex'));
      checked++;
    }
    assert.equal(checked, 4);
  });

  test('append with truncateAt drops a half-written record and continues the file', async () => {
    const path = join(dir, 'append.warc.gz');
    const w = await WarcWriter.open(path);
    await w.writeExchange(exchange(0, enc('a')));
    const good = w.offset;
    await w.writeExchange(exchange(1, enc('b')));
    await w.close();
    const full = readFileSync(path);
    writeFileSync(path, full.subarray(0, good + 50)); // a crash mid-record
    const w2 = await WarcWriter.open(path, { append: true, truncateAt: good });
    await w2.writeExchange(exchange(2, enc('c')));
    await w2.close();
    checkRoundTrip(await readAll(path), [exchange(0, enc('a')), exchange(2, enc('c'))]);
  });

  test('a missing file is a ThresherError', async () => {
    await assert.rejects(readAll(join(dir, 'nope.warc.gz')), (e: unknown) => e instanceof ThresherError && e.code === 'E_INPUT_NOT_FOUND');
  });
});

describe('damaged WARC input: reported per record, never thrown', () => {
  const exchanges = [0, 1, 2, 3].map((i) => exchange(i, enc(`<p>page ${i} `.repeat(20 + i))));

  for (const gzip of [true, false]) {
    const kind = gzip ? '.warc.gz' : '.warc';

    test(`${kind}: truncation anywhere keeps every record before the cut and reports the cut one`, async () => {
      const { path } = await writeFile(exchanges, gzip);
      const full = readFileSync(path);
      const intact = await readAll(path);
      const ends = intact.map((it) => it.ok && it.record.offset + it.record.length);
      await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: full.length - 1 }), async (cut) => {
        const items = await readAll(full.subarray(0, cut));
        const whole = ends.filter((e) => (e as number) <= cut).length;
        const oks = items.filter((it) => it.ok);
        assert.equal(oks.length, whole, `records wholly before byte ${cut}`);
        const bad = items.filter((it) => !it.ok);
        const cutInside = !ends.includes(cut);
        assert.equal(bad.length, cutInside ? 1 : 0);
        if (bad.length) assert.match((bad[0] as { reason: string }).reason, /truncated/);
      }), { numRuns: 60 });
    });

    test(`${kind}: corrupt bytes inside one record spare all the others`, async () => {
      const { path } = await writeFile(exchanges, gzip);
      const full = readFileSync(path);
      const intact = (await readAll(path)).map((it) => (it.ok ? it.record : assert.fail('intact file')));
      await fc.assert(fc.asyncProperty(
        fc.integer({ min: 1, max: intact.length - 1 }), fc.integer({ min: 0, max: 10_000 }), fc.integer({ min: 1, max: 255 }),
        async (victim, at, mask) => {
          const r = intact[victim];
          // Damage the record's body (plain) or its compressed bytes past the gzip header.
          const from = r.offset + (gzip ? 10 : r.length - 4 - r.payload.length - 1);
          const span = r.offset + r.length - (gzip ? 8 : 4) - from;
          const bad = Buffer.from(full);
          bad[from + (at % span)] ^= mask;
          const items = await readAll(bad);
          for (const [i, rec] of intact.entries()) {
            if (i === victim) continue;
            const found = items.find((it) => it.ok && it.record.offset === rec.offset);
            assert.ok(found && found.ok, `record ${i} at ${rec.offset} survives`);
            assert.deepEqual(Buffer.from(found.record.payload), Buffer.from(rec.payload));
          }
        }), { numRuns: 60 });
    });
  }

  test('.warc.gz: a corrupt member is reported with its offset and reason', async () => {
    const { path } = await writeFile(exchanges, true);
    const full = readFileSync(path);
    const intact = (await readAll(path)).map((it) => (it.ok ? it.record : assert.fail('intact')));
    const victim = intact[4];
    const bad = Buffer.from(full);
    for (let k = victim.offset + 20; k < victim.offset + 30; k++) bad[k] ^= 0xa5;
    const items = await readAll(bad);
    const errors = items.filter((it) => !it.ok);
    assert.equal(errors.length, 1);
    assert.equal((errors[0] as { offset: number }).offset, victim.offset);
    assert.match((errors[0] as { reason: string }).reason, /gzip member does not inflate/);
    assert.equal(items.filter((it) => it.ok).length, intact.length - 1);
  });

  test('.warc: garbage between records, a bad Content-Length and a missing field are each reported', async () => {
    const { path } = await writeFile(exchanges, false);
    const text = readFileSync(path).toString('latin1');
    const parts = text.split(/(?=WARC\/1\.1\r\n)/);
    assert.equal(parts.length, 9);
    parts[2] = 'this is not a record\r\n' + parts[2];
    parts[4] = parts[4].replace(/Content-Length: (\d+)/, (_m, n) => `Content-Length: ${Number(n) + 7}`);
    parts[6] = parts[6].replace('WARC-Record-ID', 'X-Record-ID');
    const items = await readAll(Buffer.from(parts.join(''), 'latin1'));
    const reasons = items.filter((it) => !it.ok).map((it) => (it as { reason: string }).reason);
    assert.equal(reasons.length, 3, reasons.join('; '));
    assert.match(reasons[0], /no WARC record starts here/);
    assert.match(reasons[1], /not followed by CRLFCRLF/);
    assert.match(reasons[2], /mandatory field WARC-Record-ID/);
    assert.equal(items.filter((it) => it.ok).length, 9 - 2);
  });

  test('a half-written record followed by whole ones (a crashed writer appended to)', async () => {
    for (const gzip of [true, false]) {
      const { path, spans } = await writeFile(exchanges, gzip);
      const full = readFileSync(path);
      const s = spans[1];
      const spliced = Buffer.concat([full.subarray(0, s.offset + Math.floor(s.length / 2)), full.subarray(s.offset)]);
      const items = await readAll(spliced);
      assert.equal(items.filter((it) => !it.ok).length, 1);
      assert.equal(items.filter((it) => it.ok).length, 9);
    }
  });

  test('random bytes never make the reader throw', async () => {
    await fc.assert(fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), async (bytes, gz) => {
      const input = gz ? Uint8Array.from([0x1f, 0x8b, 8, ...bytes]) : bytes;
      for await (const it of readWarc((async function* () { yield input; })())) void it;
    }), { numRuns: 200 });
  });
});
