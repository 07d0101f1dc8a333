/**
 * The bad-input suite for extract(): no input may crash it or stall it. Each gives either an
 * Extraction or a ThresherError with a code and a clear message, in time linear in the input.
 *
 * Every input is generated here (no fixture files). Large and hostile inputs run in a worker
 * thread with a main-thread-sized stack (1 MB), so a stall is killed and reported instead of
 * hanging the suite. "Linear time" is a ratio, never an absolute time: the same generator at
 * size N and k·N (k = 10 unless said), and the k·N run must take less than 3k times the N run
 * (min of runs, after a warm-up, a GC before each). A quadratic step shows as ~k²×.
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { extract } from '../src/index.js';
import { ThresherError, type ErrorCode } from '../src/errors.js';
import type { Extraction, ExtractOptions } from '../src/types.js';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Run extract in-process; a result or a ThresherError (returned), anything else fails the test with its stack. */
function attempt(input: string | Uint8Array, opts?: ExtractOptions): Extraction | ThresherError {
  let r: Extraction;
  try {
    r = extract(input, opts);
  } catch (e) {
    if (e instanceof ThresherError) {
      assert.ok(e.code.startsWith('E_'), `a ThresherError has a code: ${e.code}`);
      assert.ok(e.message.length >= 10, `a ThresherError says what was wrong: "${e.message}"`);
      return e;
    }
    assert.fail(`extract threw something other than a ThresherError:\n${e instanceof Error ? e.stack : String(e)}`);
  }
  assert.equal(typeof r.text, 'string');
  assert.ok(Array.isArray(r.diagnostics));
  if (r.text === '') assert.ok(r.diagnostics.length > 0, 'an empty text comes with a diagnostic saying why (never a silent empty string)');
  return r;
}

function expectResult(input: string | Uint8Array, opts?: ExtractOptions): Extraction {
  const r = attempt(input, opts);
  if (r instanceof ThresherError) assert.fail(`expected a result, got ${r.code}: ${r.message}\n${r.stack}`);
  return r;
}

function expectError(input: string | Uint8Array, code: ErrorCode, opts?: ExtractOptions): ThresherError {
  const r = attempt(input, opts);
  if (!(r instanceof ThresherError)) assert.fail(`expected ${code}, got a result with ${r.text.length} chars of text`);
  assert.equal(r.code, code, r.message);
  return r;
}

/** Deterministic pseudo-random bytes. */
function noise(n: number, seed = 7): Uint8Array {
  const out = new Uint8Array(n);
  let s = seed >>> 0;
  for (let i = 0; i < n; i++) { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; out[i] = s >>> 24; }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Hand-made pages.

const PROSE = [
  'The harvest came in late that year, and the threshing floor was busy from dawn until the light failed over the fields.',
  'Every sheaf was beaten until the grain fell free, and the chaff was carried off by the evening wind toward the river.',
  'Farmers compared their yields at the market and argued about the weather, the price of seed and the state of the roads.',
  'By the end of the month the barns were full, and the village held its customary supper in the long hall by the church.',
];
const [P1, P2, P3, P4] = PROSE;
const RUSSIAN = 'Урожай в тот год собрали поздно, и на току работали от рассвета до темноты. Каждый сноп обмолачивали, ' +
  'пока зерно не отделялось от соломы, а вечерний ветер уносил мякину к реке. На рынке крестьяне сравнивали урожаи ' +
  'и спорили о погоде, о цене семян и о состоянии дорог. К концу месяца амбары были полны.';

/** windows-1251 by hand: А–я are 0xC0–0xFF in order, Ё/ё are 0xA8/0xB8, ASCII is ASCII. */
function cp1251(s: string): Uint8Array {
  return Uint8Array.from(s, (ch) => {
    const c = ch.charCodeAt(0);
    if (c < 0x80) return c;
    if (c >= 0x410 && c <= 0x44f) return c - 0x410 + 0xc0;
    if (c === 0x401) return 0xa8;
    if (c === 0x451) return 0xb8;
    throw new Error(`not in this little windows-1251 table: ${ch}`);
  });
}
/** windows-1252 by hand for Latin-1 letters (U+00A0–U+00FF are the same bytes). */
const cp1252 = (s: string): Uint8Array => Uint8Array.from(s, (ch) => ch.charCodeAt(0));

function assertKeepsProse(r: Extraction, paras: string[] = PROSE): void {
  const text = norm(r.text);
  for (const p of paras) assert.ok(text.includes(p), `lost "${p.slice(0, 40)}..." — text was: ${JSON.stringify(text.slice(0, 300))}`);
}

describe('bad input: nothing there', () => {
  test('an empty string and empty bytes → E_INPUT_EMPTY', () => {
    expectError('', 'E_INPUT_EMPTY');
    expectError(new Uint8Array(0), 'E_INPUT_EMPTY');
  });

  test('only whitespace, only a BOM, only a comment, only a doctype: a result or a typed error', () => {
    for (const input of [' \n\t\r\n ', enc('\uFEFF'), '<!-- nothing -->', '<!doctype html>', enc('\n\n'), '\u0000']) attempt(input);
  });
});

describe('bad input: binary garbage', () => {
  test('random bytes → E_INPUT_BINARY', () => {
    const e = expectError(noise(64 * 1024), 'E_INPUT_BINARY');
    assert.match(e.message, /binary/i);
  });

  test('an image → E_INPUT_BINARY', () => {
    const png = new Uint8Array(2048);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    png.set(noise(1024, 3), 512);
    expectError(png, 'E_INPUT_BINARY');
  });

  test('short random byte strings, and random characters as a string: a result or a typed error', () => {
    for (let seed = 1; seed <= 50; seed++) attempt(noise(seed * 7, seed));
    attempt(new TextDecoder('windows-1252').decode(noise(64 * 1024, 9)));
  });
});

describe('bad input: broken markup', () => {
  const cases: [string, string][] = [
    ['unclosed p and div', `<body><div id=main><p>${P1}<p>${P2}<div><p>${P3}<p>${P4}`],
    ['misnested inline and block', `<div><p><b>${P1}<i>${P2}</b>${P3}</i></p><span><div>${P4}</span></div>`],
    ['stray end tags', `</p></div></body></html><p>${P1}</td></tr></table><p>${P2}</li>${P3}</ul><p>${P4}`],
    ['table misnesting (foster parenting)', `<table><tr><td>${P1}</div><p>${P2}</td><div>${P3}</div></table><p>${P4}`],
    ['an unclosed comment at the end', `<p>${P1}</p><p>${P2}</p><p>${P3}</p><p>${P4}</p><!-- never closed <p>x`],
    ['formatting across paragraphs', `<b><p>${P1}</b>${P2}<p>${P3}</i>${P4}`],
    ['no html, head or body tags', `<title>Bare</title><p>${P1}<p>${P2}<p>${P3}<p>${P4}`],
    ['plain text, no tags at all', PROSE.join('\n\n')],
  ];
  for (const [name, html] of cases) {
    test(`${name}: a result`, () => { expectResult(html); });
  }
  for (const [name, html] of cases) {
    test(`${name}: the article text is kept`, () => { assertKeepsProse(expectResult(html)); });
  }

  test('markup that swallows the rest: a result or a typed error', () => {
    const swallowers = ['<div class="unterminated><p>', '<title>', '<textarea>', '<script>', '<style>', '<xmp>',
      '<plaintext>', '<!--', '<![CDATA[', '<svg><![CDATA[', '<math><mi>', '<template>', '<noscript>', '<iframe>', '<select>'];
    for (const s of swallowers) attempt(`<html><body><p>${P1}</p>${s}<p>${P2}</p><p>${P3}</p>`);
  });

  test('NUL, lone surrogates, CR-only line ends and odd entities in a string', () => {
    attempt(`<p>${P1}\u0000${P2}\ud800${P3}\udfff</p>`);
    attempt(`<p>${P1}\r${P2}\r\r<p>${P3}\r`);
    attempt(`<p>&#0;&#x110000;&#xD800;&bogus;&amp&lt&#;&#x;&${'a'.repeat(1000)};${P1}</p>`);
  });
});

describe('bad input: wrong or absent charset', () => {
  test('windows-1251 bytes declared utf-8 by <meta>: a result, with U+FFFD where bytes do not decode', () => {
    const r = expectResult(new Uint8Array([...enc(`<meta charset="utf-8"><p>${P1}</p><p>`), ...cp1251(RUSSIAN), ...enc('</p>')]));
    assert.deepEqual(r.encoding, { name: 'utf-8', source: 'meta' });
    assert.ok(r.text.includes('\uFFFD') || !r.text.includes('Урожай'));
  });

  test('the right charset from Content-Type beats a wrong <meta>', () => {
    const page = new Uint8Array([...enc(`<meta charset="utf-8"><title>t</title><body><article><p>`), ...cp1251(RUSSIAN), ...enc('</p></article>')]);
    const r = expectResult(page, { contentType: 'text/html; charset=windows-1251' });
    assert.deepEqual(r.encoding, { name: 'windows-1251', source: 'transport' });
    assert.ok(norm(r.text).includes(norm(RUSSIAN)), r.text.slice(0, 200));
  });

  test('no charset anywhere, windows-1252 bytes: decoded as windows-1252', () => {
    const text = `${P1} Café society, naïve façades and the crème brûlée at the fête were all the talk of the season.`;
    const r = expectResult(new Uint8Array([...enc('<html><body><article><p>'), ...cp1252(text), ...enc('</p></article>')]));
    assert.deepEqual(r.encoding, { name: 'windows-1252', source: 'fallback' });
    assert.ok(norm(r.text).includes(text), r.text.slice(0, 300));
  });

  test('an unknown, a replacement and a utf-16 label in <meta>; a wrong Content-Type: results or typed errors', () => {
    for (const label of ['no-such-charset', 'iso-2022-kr', 'utf-16', 'x-user-defined', '', '"']) {
      attempt(enc(`<meta charset="${label}"><p>${P1}</p>`));
    }
    attempt(enc(`<p>${P1} 日本語</p>`), { contentType: 'text/html; charset=shift_jis' });
    attempt(enc(`<p>${P1}</p>`), { contentType: 'text/html; charset=utf-16be' });
    attempt(enc(`<p>${P1}</p>`), { contentType: ';;;===' });
  });
});

describe('bad input: no <body>, frameset pages', () => {
  test('a page with only a head', () => {
    const r = expectResult('<html><head><title>Only a head</title><meta name="description" content="x"></head></html>');
    assert.equal(r.title, 'Only a head');
  });

  test('a frameset page: a result with the title and no text (its content is in the frames), said so', () => {
    const r = expectResult('<html><head><title>Frames</title></head><frameset cols="20%,80%"><frame src="nav.html">' +
      `<frameset rows="50%,50%"><frame src="a.html"><frame src="b.html"></frameset><noframes><body><p>${P1}</p></body></noframes></frameset></html>`);
    assert.equal(r.title, 'Frames');
    assert.equal(r.text, '');
    assert.ok(r.diagnostics.some((d) => d.code === 'W_NO_CONTENT'), JSON.stringify(r.diagnostics));
  });

  test('a frameset after body content is ignored, the content kept', () => {
    assertKeepsProse(expectResult(`<p>${P1}</p><p>${P2}</p><frameset><frame src=a></frameset><p>${P3}</p><p>${P4}</p>`));
  });
});

describe('bad input: options', () => {
  test('over budget.maxBytes → E_INPUT_TOO_LARGE; an unknown algorithm → E_BAD_OPTION', () => {
    expectError(`<p>${P1}</p>`, 'E_INPUT_TOO_LARGE', { budget: { maxBytes: 10 } });
    expectError(enc(`<p>${P1}</p>`), 'E_INPUT_TOO_LARGE', { budget: { maxBytes: 10 } });
    expectError(`<p>${P1}</p>`, 'E_BAD_OPTION', { algorithm: 'nope' as never });
  });

  test('a node budget cuts the tree and says so', () => {
    const r = expectResult('<p>word</p>'.repeat(5000), { budget: { maxNodes: 100 } });
    assert.ok(r.diagnostics.length > 0);
  });
});

// ---------------------------------------------------------------------------------------------
// Large and hostile inputs, in a worker.

interface RunOutcome {
  n: number; ms: number; ok: boolean; textLen?: number; diagnostics?: string[];
  thresher?: boolean; code?: string; message?: string; stack?: string;
}

const INDEX_URL = new URL('../src/index.js', import.meta.url).href;
const WORKER_SRC = `
const { parentPort, workerData } = require('node:worker_threads');
require('node:v8').setFlagsFromString('--expose-gc');
const collect = typeof globalThis.gc === 'function' ? globalThis.gc : require('node:vm').runInNewContext('gc');
(async () => {
  const { extract, ThresherError } = await import(workerData.indexUrl);
  const gen = (0, eval)('(' + workerData.gen + ')');
  parentPort.on('message', (n) => {
    let input = gen(n);
    if (workerData.bytes) input = new TextEncoder().encode(input);
    collect();
    const t0 = performance.now();
    let out;
    try {
      const r = extract(input, workerData.opts);
      out = { ok: true, textLen: r.text.length, diagnostics: r.diagnostics.map((d) => d.code) };
    } catch (e) {
      out = { ok: false, thresher: e instanceof ThresherError, code: e && e.code, message: String(e && e.message), stack: String(e && e.stack) };
    }
    out.ms = performance.now() - t0;
    out.n = n;
    input = null;
    parentPort.postMessage(out);
  });
  parentPort.postMessage('ready');
})();
`;

type Killed = { killed: true; after: number };

/** One worker holding one generator; run(n) extracts gen(n) there, killing the worker past a deadline. */
class Isolate {
  private constructor(private readonly worker: Worker, private failure: Error | null) {}

  static async start(gen: (n: number) => string, bytes: boolean, opts: ExtractOptions): Promise<Isolate> {
    const worker = new Worker(WORKER_SRC, {
      eval: true,
      workerData: { indexUrl: INDEX_URL, gen: gen.toString(), bytes, opts },
      resourceLimits: { stackSizeMb: 1, maxOldGenerationSizeMb: 8192 },
    });
    const iso = new Isolate(worker, null);
    worker.on('error', (e) => { iso.failure = e; });
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve());
      worker.once('error', reject);
    });
    return iso;
  }

  run(n: number, deadlineMs: number): Promise<RunOutcome | Killed> {
    return new Promise((resolve, reject) => {
      const t0 = performance.now();
      const timer = setTimeout(() => {
        cleanup();
        void this.worker.terminate().then(() => resolve({ killed: true, after: performance.now() - t0 }));
      }, deadlineMs);
      const onMessage = (m: RunOutcome): void => { cleanup(); resolve(m); };
      const onError = (e: Error): void => { cleanup(); reject(new Error(`the worker died at n=${n}: ${e.stack ?? e.message}`)); };
      const onExit = (code: number): void => { cleanup(); reject(new Error(`the worker exited (${code}) at n=${n}${this.failure ? `: ${this.failure.stack}` : ''}`)); };
      const cleanup = (): void => {
        clearTimeout(timer);
        this.worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      };
      this.worker.on('message', onMessage).on('error', onError).on('exit', onExit);
      this.worker.postMessage(n);
    });
  }

  async close(): Promise<void> { await this.worker.terminate(); }
}

/** A run's outcome must be a result or a ThresherError; anything else fails with the worker's stack. */
function checkOutcome(name: string, r: RunOutcome): RunOutcome {
  if (r.ok) {
    if (r.textLen === 0) assert.ok((r.diagnostics ?? []).length > 0, `${name} n=${r.n}: empty text without a diagnostic`);
    return r;
  }
  if (!r.thresher) assert.fail(`${name} n=${r.n}: extract threw something other than a ThresherError after ${r.ms.toFixed(0)} ms:\n${r.stack}`);
  assert.ok(r.code && r.message && r.message.length >= 10, `${name} n=${r.n}: a ThresherError with a code and a message`);
  return r;
}

const RATIO_SLACK = 3;
/** Base times below this count as this, so a 2 ms base does not make the bound tiny. */
const FLOOR_MS = 10;

interface HostileCase {
  name: string;
  gen: (n: number) => string;
  /** The small size N; the suite runs N and k·N (10N is the size the issue names). */
  n: number;
  /** The size ratio, 10 unless said. */
  k?: number;
  bytes?: boolean;
  opts?: ExtractOptions;
}

async function checkLinear(c: HostileCase, note: (msg: string) => void): Promise<void> {
  const k = c.k ?? 10;
  const iso = await Isolate.start(c.gen, c.bytes ?? false, c.opts ?? {});
  try {
    const once = async (n: number, deadline: number): Promise<number> => {
      const r = await iso.run(n, deadline);
      if ('killed' in r) {
        assert.fail(`${c.name}: extract at n=${n} did not return within ${(r.after / 1000).toFixed(1)} s (stalled or superlinear); killed`);
      }
      return checkOutcome(c.name, r).ms;
    };
    await once(c.n, 120_000); // warm-up
    let small = await once(c.n, 120_000);
    let bound = RATIO_SLACK * k * Math.max(small, FLOOR_MS);
    let big = await once(k * c.n, bound * 1.5 + 5000);
    if (big > bound) { // one more round before calling it: the first may have met a GC or a busy machine
      small = Math.min(small, await once(c.n, 120_000));
      bound = RATIO_SLACK * k * Math.max(small, FLOOR_MS);
      big = Math.min(big, await once(k * c.n, bound * 1.5 + 5000));
    }
    note(`n=${c.n}: ${small.toFixed(0)} ms; n=${k * c.n}: ${big.toFixed(0)} ms; ${(big / Math.max(small, FLOOR_MS)).toFixed(1)}× (allowed ${RATIO_SLACK * k}×)`);
    assert.ok(big <= bound, `${c.name}: n=${c.n} took ${small.toFixed(0)} ms, n=${k * c.n} took ${big.toFixed(0)} ms: ` +
      `${(big / Math.max(small, FLOOR_MS)).toFixed(1)}× for ${k}× the input (allowed ${RATIO_SLACK * k}×)`);
  } finally {
    await iso.close();
  }
}

const HOSTILE: HostileCase[] = [
  // The issue's list.
  { name: '<div> nested 100,000 deep', n: 10_000, gen: (n) => '<div>'.repeat(n) + 'deep text' },
  { name: '<b><i> nested 100,000 deep', n: 10_000, gen: (n) => '<b><i>'.repeat(n) + 'deep text' },
  { name: '<b><i> misnested 100,000 times', n: 10_000, gen: (n) => '<b><i>x</b></i>'.repeat(n) },
  { name: '<table> nested 100,000 deep', n: 10_000, gen: (n) => '<table><tr><td>'.repeat(n) + 'deep text' },
  { name: '<table> opened 100,000 times', n: 10_000, gen: (n) => '<table>'.repeat(n) + 'text' },
  { name: '10^6 sibling paragraphs', n: 100_000, gen: (n) => '<p>x</p>'.repeat(n) },
  { name: '10^6 sibling line breaks', n: 100_000, gen: (n) => 'word<br>'.repeat(n) },
  // More of the same kind: deep trees closed again, adoption agency, lists, hostile tokens.
  { name: '<div> nested 100,000 deep and closed', n: 10_000, gen: (n) => '<div>'.repeat(n) + 'deep' + '</div>'.repeat(n) },
  { name: '<a> nested 100,000 deep (adoption agency)', n: 10_000, gen: (n) => '<a href="#">'.repeat(n) + '<div>x</div>'.repeat(10) },
  { name: '<ul><li> nested 100,000 deep', n: 10_000, gen: (n) => '<ul><li>'.repeat(n) + 'x' },
  // Text and a boilerplate class at every level: a text unit per level, each under every other
  // (walks from a unit to its ancestors, or over each marked subtree, would be quadratic).
  { name: '<div class=menu> with text, nested 100,000 deep', n: 10_000, gen: (n) => '<body>' + '<div class="menu">x '.repeat(n) + '</div>'.repeat(n) },
  { name: '<blockquote> with text, nested 100,000 deep', n: 10_000, gen: (n) => '<blockquote>Some words here. '.repeat(n) },
  { name: '100,000 distinct unclosed <font> then paragraphs', n: 10_000, gen: (n) => '<font size=1>'.repeat(n) + '<p>x</p>'.repeat(100) },
  // Distinct attributes defeat the Noah's Ark clause, so every paragraph re-creates all open
  // formatting elements (HTML spec "reconstruct the active formatting elements"): 4,000 × 4,000 in a 72 KB page.
  { name: 'formatting elements reopened in every paragraph (Noah\'s Ark bypass, 4,000 × 4,000)', n: 200, k: 20,
    gen: (n) => '<p>' + Array.from({ length: n }, (_, i) => `<b id=${i}>`).join('') + '</p><p>x'.repeat(n) },
  { name: 'one 10 MB attribute value', n: 1_000_000, gen: (n) => `<div title="${'x'.repeat(n)}">text</div>` },
  { name: '100,000 attributes on one element', n: 10_000, gen: (n) => '<div ' + Array.from({ length: n }, (_, i) => `a${i}=v`).join(' ') + '>text</div>' },
  { name: 'an unclosed 10 MB comment', n: 1_000_000, gen: (n) => '<p>before</p><!--' + 'x -- > '.repeat(n / 8) },
  { name: 'an unclosed 10 MB <script>', n: 1_000_000, gen: (n) => '<p>before</p><script>' + 'if (a<b) x();'.repeat(n / 13) },
  { name: '10^6 entities', n: 100_000, gen: (n) => '<p>' + '&amp;&lt;&#x41;&nbsp;&bogus;'.repeat(n / 5) + '</p>' },
  // A reply thread found by its shape (page/reply-threads.ts): alike records beside reply forms,
  // each record a comment to list.
  { name: '100,000 alike comment records beside reply forms', n: 10_000, opts: { comments: true },
    gen: (n) => '<h1>Thread</h1><div class="a">' + '<p>The article runs on for longer than its comments do, one paragraph after another.</p>'.repeat(n) +
      '</div><div class="t">' + '<div class="c"><b>Name</b><p>Some words of a comment here.</p></div>'.repeat(n) +
      '<div class="f"><textarea></textarea></div>'.repeat(10) + '</div>' },
  // A frame left open in a <noscript> is closed at its </noscript> and the page parsed again
  // (dom/noscript-raw-text.ts): every <noscript> of the page needs the repair, and none has an </iframe>.
  { name: '100,000 <noscript>s each with a self-closing frame', n: 10_000, gen: (n) => '<body>' + '<noscript><iframe src=a /></noscript><p>x</p>'.repeat(n) },
  { name: 'one 10 MB word', n: 1_000_000, gen: (n) => '<p>' + 'a'.repeat(n) + '</p>' },
  { name: 'a flat 20 MB article (bytes)', n: 20_000, bytes: true,
    gen: (n) => '<html><body><article>' + '<p>The grain is beaten from the straw and the chaff blown away by the wind, sentence after sentence.</p>\n'.repeat(n) + '</article></body></html>' },
];

describe('bad input: large and hostile pages, in linear time', { concurrency: 1 }, () => {
  for (const c of HOSTILE) {
    test(c.name, { timeout: 600_000 }, async (t) => { await checkLinear(c, (m) => t.diagnostic(m)); });
  }
});

describe('bad input: a 50 MB page', () => {
  test('50 MB of article as bytes: a result or a typed error, not a crash or a stall', { timeout: 600_000 }, async () => {
    const gen = (n: number): string => {
      const parts = ['<!doctype html><html><head><title>Fifty</title></head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav><article>'];
      let size = parts[0].length;
      for (let i = 0; size < n; i++) {
        const p = `<p>Paragraph ${i}. The quick brown fox jumps over the lazy dog, and the thresher parts the grain from the chaff.</p>\n`;
        parts.push(p);
        size += p.length;
      }
      parts.push('</article><footer>Footer</footer></body></html>');
      return parts.join('');
    };
    const iso = await Isolate.start(gen, true, {});
    try {
      const r = await iso.run(50 * 1024 * 1024, 300_000);
      if ('killed' in r) assert.fail(`extract on a 50 MB page did not return within ${(r.after / 1000).toFixed(0)} s`);
      checkOutcome('50 MB page', r);
      if (r.ok) assert.ok((r.textLen ?? 0) > 1_000_000, `a 50 MB article keeps its text (got ${r.textLen} chars)`);
    } finally {
      await iso.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Property tests: no generated input makes extract throw anything but a ThresherError.

const TAGS = ['html', 'head', 'body', 'title', 'div', 'p', 'span', 'b', 'i', 'a', 'table', 'tr', 'td', 'th', 'tbody', 'ul',
  'li', 'ol', 'h1', 'h2', 'article', 'nav', 'header', 'footer', 'aside', 'main', 'section', 'pre', 'br', 'img', 'hr',
  'frameset', 'frame', 'noframes', 'script', 'style', 'template', 'svg', 'math', 'select', 'option', 'textarea', 'form',
  'input', 'iframe', 'noscript', 'plaintext', 'xmp', 'font', 'center', 'marquee', 'object', 'caption', 'colgroup', 'col', 'foreignObject', 'desc'];
const ATTRS = ['class', 'id', 'style', 'hidden', 'aria-hidden', 'href', 'src', 'lang', 'role', 'title', 'alt', 'x', 'data-a', '"', "'", '<', '=', '/'];

const attribute = fc.tuple(fc.constantFrom(...ATTRS), fc.oneof(
  fc.constantFrom('', 'main', 'display:none', 'true', 'nav footer', 'content', '#', 'javascript:x', 'en', '"', "'", '>', '</p>'),
  fc.string({ maxLength: 12 }),
)).map(([name, value]) => `${name}="${value.replace(/"/g, '&quot;')}"`);
const tagSoupToken = fc.oneof(
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...TAGS), fc.array(attribute, { maxLength: 3 }), fc.boolean()).map(([t, a, selfClose]) => `<${t}${a.length ? ' ' + a.join(' ') : ''}${selfClose ? '/' : ''}>`) },
  { weight: 4, arbitrary: fc.constantFrom(...TAGS).map((t) => `</${t}>`) },
  { weight: 5, arbitrary: fc.lorem({ maxCount: 12 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((s) => `<!--${s}${s.length % 3 ? '-->' : ''}`) },
  { weight: 2, arbitrary: fc.constantFrom('&amp;', '&lt;', '&nbsp;', '&#x1F600;', '&#0;', '&#x110000;', '&bogus;', '&', '&#', '<', '>', '</', '<!', '<?x?>', '<!doctype html>', '<![CDATA[x]]>', '\u0000', '\r', '\ud800') },
);
const tagSoup = fc.array(tagSoupToken, { maxLength: 120 }).map((parts) => parts.join(''));

function neverThrowsUntyped(input: string | Uint8Array, opts?: ExtractOptions): void {
  try {
    const r = extract(input, opts);
    if (typeof r.text !== 'string') throw new Error('extract returned no text string');
    if (r.text === '' && r.diagnostics.length === 0) throw new Error('empty text without a diagnostic');
  } catch (e) {
    if (e instanceof ThresherError && e.message.length >= 10) return;
    throw e;
  }
}

describe('property: extract throws nothing but ThresherError', () => {
  test('random strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => neverThrowsUntyped(s)), { numRuns: 300 });
  });

  test('random tag soup (tags, attributes, text, comments, entities)', () => {
    fc.assert(fc.property(tagSoup, fc.constantFrom<ExtractOptions['algorithm']>('default', 'tagtree', 'satisfiable'),
      (html, algorithm) => neverThrowsUntyped(html, { algorithm, formats: ['markdown', 'html'], debug: true })), { numRuns: 400 });
  });

  test('random tag soup as bytes with a random Content-Type', () => {
    fc.assert(fc.property(tagSoup, fc.option(fc.constantFrom('text/html', 'text/html; charset=shift_jis', 'text/html; charset=utf-16le',
      'text/html; charset=iso-2022-kr', 'text/html; charset=bogus', 'x')), (html, contentType) =>
      neverThrowsUntyped(enc(html), { contentType: contentType ?? undefined })), { numRuns: 300 });
  });

  test('random bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 2000 }), (b) => neverThrowsUntyped(b)), { numRuns: 300 });
  });
});
