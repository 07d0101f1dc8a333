/**
 * The browser renderer's parts that need no browser (src/render-browser/): finding Chromium and
 * the E_NO_BROWSER error, the CDP capture → LayoutSnapshot conversion on a hand-written capture
 * (node order, nth among same-tag siblings, pseudo-elements and shadow trees left out, no layout
 * object → zero box, 'none' or ''), and the WARC index that answers subresources.
 */
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ThresherError } from '../src/errors.js';
import { findChromium, CHROMIUM_ENV } from '../src/render-browser/find-browser.js';
import { RenderPool } from '../src/render-browser/pool.js';
import { toLayoutSnapshot, type CdpSnapshot } from '../src/render-browser/snapshot.js';
import { WarcIndex, headerObject } from '../src/render-browser/warc-source.js';
import { WarcWriter } from '../src/io/warc.js';
import { validateLayout } from '../src/visual/layout.js';

const dir = mkdtempSync(join(tmpdir(), 'thresher-render-core-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function fakeExe(path: string): string {
  writeFileSync(path, '#!/bin/sh\nexit 0\n');
  chmodSync(path, 0o755);
  return path;
}

function noBrowser(fn: () => unknown, pattern: RegExp): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof ThresherError);
    assert.equal(e.code, 'E_NO_BROWSER');
    assert.match(e.message, pattern);
    // The message says how to get one, whichever way it failed.
    assert.match(e.message, /apt-get install -y chromium/);
    assert.match(e.message, /THRESHER_CHROMIUM/);
    assert.match(e.message, /--chromium/);
    return true;
  });
}

describe('finding Chromium', () => {
  const bin1 = join(dir, 'bin1'), bin2 = join(dir, 'bin2');
  mkdirSync(bin1); mkdirSync(bin2);
  const chromium = fakeExe(join(bin2, 'chromium'));
  const chrome = fakeExe(join(bin1, 'google-chrome'));
  writeFileSync(join(bin1, 'chromium-browser'), 'not executable');

  test('nothing on PATH: E_NO_BROWSER, saying how to install one', () => {
    noBrowser(() => findChromium({ env: { PATH: join(dir, 'nowhere') } }), /none was found on PATH/);
  });
  test('PATH: chromium before google-chrome, wherever they are; a file without x permission is no browser', () => {
    assert.equal(findChromium({ env: { PATH: `${bin1}:${bin2}` } }), chromium);
    assert.equal(findChromium({ env: { PATH: bin1 } }), chrome);
  });
  test('THRESHER_CHROMIUM beats PATH; executablePath beats both', () => {
    assert.equal(findChromium({ env: { PATH: bin2, [CHROMIUM_ENV]: chrome } }), chrome);
    assert.equal(findChromium({ executablePath: chromium, env: { PATH: bin1, [CHROMIUM_ENV]: chrome } }), chromium);
  });
  test('a named browser that is not there is an error, not a reason to look elsewhere', () => {
    noBrowser(() => findChromium({ executablePath: join(dir, 'missing'), env: { PATH: bin2 } }), /no executable Chromium at .*missing.*executablePath/);
    noBrowser(() => findChromium({ env: { PATH: bin2, [CHROMIUM_ENV]: join(dir, 'missing') } }), /from THRESHER_CHROMIUM/);
  });
  test('a RenderPool without a browser fails at once, before any page', () => {
    noBrowser(() => new RenderPool({ executablePath: join(dir, 'missing') }), /no executable Chromium/);
  });
});

/** A capture as CDP gives it: strings interned, nodes in document order, layout objects by node index. */
function capture(): CdpSnapshot {
  const strings: string[] = [];
  const s = (v: string): number => { const i = strings.indexOf(v); return i >= 0 ? i : strings.push(v) - 1; };
  // #document, doctype, html, head, style, body, div, p, #text, ::before, div(display:none), span, div(contents), p, host, #shadow, b, p
  const nodes: Array<[number, number, string]> = [
    [-1, 9, '#document'], [0, 10, 'html'], [0, 1, 'HTML'], [2, 1, 'HEAD'], [3, 1, 'STYLE'], [2, 1, 'BODY'],
    [5, 1, 'DIV'], [6, 1, 'P'], [7, 3, '#text'], [6, 1, '::before'], [5, 1, 'DIV'], [10, 1, 'SPAN'],
    [5, 1, 'DIV'], [12, 1, 'P'], [5, 1, 'MY-WIDGET'], [14, 11, '#document-fragment'], [15, 1, 'B'], [5, 1, 'P'],
  ];
  const style = (display: string, bg = 'rgba(0, 0, 0, 0)', size = '16px', weight = '400'): number[] =>
    [display, 'visible', bg, size, weight, '1', 'static'].map(s);
  const layout = { nodeIndex: [] as number[], styles: [] as number[][], bounds: [] as number[][] };
  const lay = (node: number, b: number[], st: number[]): void => { layout.nodeIndex.push(node); layout.bounds.push(b); layout.styles.push(st); };
  lay(0, [0, 0, 1280, 800], []);
  lay(2, [0, 0, 1280, 900], style('block'));
  lay(5, [0, 0, 1280, 900], style('block', 'rgb(255, 255, 255)'));
  lay(6, [10, 20, 300, 40], style('block', 'rgb(255, 0, 0)', '20px', 'bold'));
  lay(7, [10, 20, 300, 20], style('block', 'rgba(0, 0, 0, 0)', '20px', '700'));
  lay(8, [10, 20, 50, 20], []);
  lay(9, [10, 20, 5, 5], style('inline'));
  lay(13, [0, 100, 100, 20], style('block'));
  lay(14, [0, 200, 100, 10], style('inline'));
  lay(16, [0, 200, 10, 10], style('inline'));
  lay(17, [0, 300, 100, 20], style('block'));
  lay(17, [0, 330, 120, 20], style('block')); // a second layout object for the same node
  return {
    documents: [{
      nodes: { parentIndex: nodes.map((n) => n[0]), nodeType: nodes.map((n) => n[1]), nodeName: nodes.map((n) => s(n[2])), pseudoType: { index: [9] } },
      layout, contentWidth: 1280, contentHeight: 900,
    }],
    strings,
  };
}

describe('CDP capture → LayoutSnapshot', () => {
  const snap = toLayoutSnapshot(capture(), { width: 1280, height: 800 });
  const by = (path: string) => snap.elements.find((_, i) => pathOf(i) === path);
  const pathOf = (i: number): string => {
    const parts: string[] = [];
    for (let j = i; j >= 0; j = snap.elements[j].parent) parts.push(`${snap.elements[j].tag}[${snap.elements[j].nth}]`);
    return '/' + parts.reverse().join('/');
  };

  test('elements of the light tree, in node order, with parents and same-tag nth; pseudo-elements and shadow trees left out', () => {
    validateLayout(snap);
    assert.deepEqual(snap.elements.map((_, i) => pathOf(i)), [
      '/html[1]', '/html[1]/head[1]', '/html[1]/head[1]/style[1]', '/html[1]/body[1]', '/html[1]/body[1]/div[1]', '/html[1]/body[1]/div[1]/p[1]',
      '/html[1]/body[1]/div[2]', '/html[1]/body[1]/div[2]/span[1]', '/html[1]/body[1]/div[3]', '/html[1]/body[1]/div[3]/p[1]',
      '/html[1]/body[1]/my-widget[1]', '/html[1]/body[1]/p[1]',
    ]);
    assert.deepEqual(snap.page, { width: 1280, height: 900 });
    assert.deepEqual(snap.viewport, { width: 1280, height: 800 });
  });
  test('boxes and computed styles from the layout tree; font-weight words as numbers', () => {
    const div = by('/html[1]/body[1]/div[1]')!;
    assert.deepEqual([div.x, div.y, div.width, div.height], [10, 20, 300, 40]);
    assert.equal(div.background, 'rgb(255, 0, 0)');
    assert.equal(div.fontSize, 20);
    assert.equal(div.fontWeight, 700);
    assert.equal(div.display, 'block');
    assert.equal(div.opacity, 1);
    assert.equal(div.position, 'static');
  });
  test('no layout object: zero box; display none when nothing below is laid out, "" when something is (display: contents)', () => {
    const none = by('/html[1]/body[1]/div[2]')!, inNone = by('/html[1]/body[1]/div[2]/span[1]')!, contents = by('/html[1]/body[1]/div[3]')!;
    assert.deepEqual([none.width, none.height, none.display], [0, 0, 'none']);
    assert.equal(inNone.display, 'none');
    assert.deepEqual([contents.width, contents.height, contents.display], [0, 0, '']);
    assert.equal(by('/html[1]/head[1]')!.display, 'none');
    assert.equal(by('/html[1]/body[1]/div[3]/p[1]')!.y, 100);
  });
  test('a node with two layout objects gets the union of their boxes', () => {
    const p = by('/html[1]/body[1]/p[1]')!;
    assert.deepEqual([p.x, p.y, p.width, p.height], [0, 300, 120, 50]);
  });
  test('the page is never smaller than the viewport', () => {
    const c = capture();
    c.documents[0].contentHeight = 10;
    assert.deepEqual(toLayoutSnapshot(c, { width: 1280, height: 800 }).page, { width: 1280, height: 800 });
  });
});

describe('WARC as the network', () => {
  test('response records by target URI; bodies decoded, length and cookie headers dropped; absent URLs and request records answer nothing', async () => {
    const path = join(dir, 'assets.warc.gz');
    const w = await WarcWriter.open(path);
    const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
    await w.writeExchange({
      url: 'https://example.com/app.js', request: { method: 'GET', headers: [] },
      response: { status: 200, headers: [['Content-Type', 'text/javascript'], ['Content-Length', '9'], ['Set-Cookie', 'a=1'], ['Set-Cookie', 'b=2']], body: enc('var x=1;\n') },
    });
    await w.writeExchange({
      url: 'https://example.com/moved', request: { method: 'GET', headers: [] },
      response: { status: 301, headers: [['Location', '/app.js']], body: new Uint8Array(0) },
    });
    await w.close();
    const index = await WarcIndex.open(path);
    assert.equal(index.size, 2);
    assert.equal(index.stats.skipped, 0);
    const js = await index.lookup('https://example.com/app.js#fragment');
    assert.ok(js);
    assert.equal(js.status, 200);
    assert.equal(new TextDecoder().decode(js.body), 'var x=1;\n');
    assert.deepEqual(headerObject(js.headers), { 'content-type': 'text/javascript' });
    assert.equal(headerObject([['Vary', 'a'], ['vary', 'b']]).vary, 'a, b');
    assert.equal((await index.lookup('https://example.com/moved'))?.status, 301);
    assert.equal(await index.lookup('https://example.com/other.js'), undefined);
  });
  test('a WARC that is not there: E_INPUT_NOT_FOUND', async () => {
    await assert.rejects(WarcIndex.open(join(dir, 'none.warc')), (e: unknown) => e instanceof ThresherError && e.code === 'E_INPUT_NOT_FOUND');
  });
});
