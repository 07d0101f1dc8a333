/**
 * The inspector's server side (issue 27, part 2), without a browser: POST /v1/inspect gives the
 * library's debug extraction and the page annotated block by block; the annotated page of a
 * hostile page holds no script, handler, javascript: URL, meta, base or embed, and no label the
 * page wrote itself; GET /v1/capabilities says what the server does; the inspector's files come
 * with a strict CSP whose style hash is the annotated page's style; render: true on a server that
 * renders nothing is a 501 E_NO_BROWSER.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { parse } from 'parse5';
import { extract } from '../src/page/extract.js';
import { annotatePage, blockElements, INSPECTOR_FRAME_STYLE } from '../src/serve/annotate.js';
import { articleWithChrome, hostilePage } from './inspector-fixtures.js';
import { postJson, withServer } from './serve-helpers.js';

type Inspection = { result: Record<string, any>; annotated: { html: string; blocks: number; content: number; noise: number }; render?: unknown };
const URL_ = 'https://gazette.example/harbour';

interface P5 { nodeName: string; attrs?: { name: string; value: string }[]; childNodes?: P5[]; content?: P5 }

/** Every element of `html` as a browser parses it (parse5: the HTML standard's tree builder). */
function elementsOf(html: string): P5[] {
  const out: P5[] = [];
  const stack: P5[] = [parse(html) as unknown as P5];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.attrs) out.push(n);
    stack.push(...(n.childNodes ?? []), ...(n.content ? [n.content] : []));
  }
  return out;
}

/** data-thresher-label values of the annotated HTML, in order. */
function labels(html: string): string[] {
  return [...html.matchAll(/ data-thresher-label="(content|noise)"/g)].map((m) => m[1]);
}

test('inspect: the debug extraction and the page annotated, one outline per block', async () => {
  const html = articleWithChrome();
  await withServer({ render: false }, async ({ url }) => {
    const res = await postJson(`${url}/v1/inspect`, { html, options: { url: URL_, comments: true, mode: 'precision' } });
    assert.equal(res.status, 200, await res.clone().text());
    const r = await res.json() as Inspection;
    const local = extract(html, { url: URL_, comments: true, mode: 'precision', debug: true, formats: ['markdown'] });
    assert.equal(r.result.text, local.text);
    assert.equal(r.result.markdown, local.markdown);
    assert.deepEqual(r.result.comments, local.comments);
    assert.deepEqual(r.result.blocks, local.blocks, 'debug is always on');
    const a = r.annotated;
    assert.equal(a.blocks, local.blocks!.length);
    assert.equal(a.content, local.blocks!.filter((b) => b.label === 'content').length);
    assert.equal(a.noise, a.blocks - a.content);
    assert.deepEqual(labels(a.html), local.blocks!.map((b) => b.label), 'every block, in order, with its label');
    assert.match(a.html, /<nav class="menu" data-thresher-block="\d+" data-thresher-label="noise"/);
    assert.match(a.html, /<p data-thresher-block="\d+" data-thresher-label="content" data-thresher-reason="[^"]+" title="#\d+ kept: [^"]+">The harbour at Ness was rebuilt/);
    assert.match(a.html, /<a href="https:\/\/gazette\.example\/news">News<\/a>/, 'links resolved against the page URL');
    assert.equal(a.html.split(INSPECTOR_FRAME_STYLE).length, 2, 'the outline style, once');

    // The raw-body form, options in the query string.
    const raw = await fetch(`${url}/v1/inspect?url=${encodeURIComponent(URL_)}&algorithm=tagtree`, { method: 'POST', headers: { 'content-type': 'text/html; charset=utf-8' }, body: html });
    assert.equal(raw.status, 200);
    const rr = await raw.json() as Inspection;
    assert.equal(rr.result.algorithm, 'tagtree');
    assert.equal(rr.result.text, extract(html, { url: URL_, algorithm: 'tagtree' }).text);
    assert.equal(labels(rr.annotated.html).length, rr.annotated.blocks);
  });
});

test('inspect: the annotated page of a hostile page keeps none of its ways in', async () => {
  await withServer({ render: false }, async ({ url }) => {
    const r = await (await postJson(`${url}/v1/inspect`, { html: hostilePage(), options: {} })).json() as Inspection;
    const h = r.annotated.html;
    // Read as a browser reads it: the page's markup that is text (the title, the break-out) stays text.
    const els = elementsOf(h);
    const tags = new Set(els.map((e) => e.nodeName));
    for (const t of ['script', 'meta', 'base', 'link', 'iframe', 'object', 'embed', 'svg', 'textarea', 'button']) assert.ok(!tags.has(t), `no <${t}>`);
    const styles = els.filter((e) => e.nodeName === 'style');
    assert.deepEqual(styles.map((e) => (e.childNodes![0] as unknown as { value: string }).value), [INSPECTOR_FRAME_STYLE], 'the one style is the outline style');
    const attrs = els.flatMap((e) => e.attrs!.map((a) => ({ ...a, on: e.nodeName })));
    assert.deepEqual(attrs.filter((a) => /^on/i.test(a.name)), [], 'no event handler attribute');
    assert.deepEqual(attrs.filter((a) => /^(style|action|formaction|srcdoc|data|srcset|target)$/.test(a.name)), []);
    assert.deepEqual(attrs.filter((a) => /^\s*j\s*a\s*v\s*a\s*s\s*c\s*r\s*i\s*p\s*t\s*:/i.test(a.value.replace(/[\t\n\r]/g, ''))), [], 'no javascript: URL, however written');
    assert.equal(els.find((e) => e.nodeName === 'title')!.childNodes!.length, 1, 'the title is one text node');
    assert.doesNotMatch(h, /spoofed/, 'a label the page wrote is dropped');
    assert.doesNotMatch(h, /evil\.example\/(s\.css)?"/, 'no refresh target, no stylesheet');
    // The page's <base href> still decides where its relative links point, as in a browser (the frame's CSP keeps them from loading).
    assert.match(h, /<img src="https:\/\/evil\.example\/x" alt="a picture">/);
    assert.doesNotMatch(h, /src="(x|data:)/, 'no image source without a base, no data: image the page chose');
    assert.match(h, /&lt;\/textarea&gt;&lt;script&gt;/, 'the break-out text stays text');
    assert.equal(labels(h).length, r.annotated.blocks);
    // The page's own <noscript> is a span: a browser without scripts shows it, as the extractor read it.
    assert.match(h, /<span[^>]*><p[^>]*>Scripts are off/);
  });
});

test('inspect: the annotation follows the debug blocks or refuses', () => {
  const r = extract(articleWithChrome(), { debug: true, keepTree: true });
  assert.equal(annotatePage(r).blocks, r.blocks!.length);
  const els = blockElements(r.tree!, r.blocks!);
  assert.deepEqual(els.map((e) => e.tag), r.blocks!.map((b) => b.tag));
  const shifted = r.blocks!.slice(1);
  assert.throws(() => blockElements(r.tree!, shifted), (e: { code?: string }) => e.code === 'E_WORKER');
  assert.throws(() => annotatePage(extract('<p>x</p>')), /debug and keepTree/);
});

test('capabilities, the inspector files and their headers', async () => {
  await withServer({ render: false }, async ({ url }) => {
    const caps = await (await fetch(`${url}/v1/capabilities`)).json() as Record<string, any>;
    assert.deepEqual([caps.fetch, caps.render, caps.store, caps.inspector], [false, false, false, true]);
    assert.deepEqual(caps.algorithms, ['default', 'tagtree', 'satisfiable']);
    assert.deepEqual(caps.modes, ['precision', 'balanced', 'recall']);
    assert.ok(caps.options.includes('render'));

    const index = await fetch(`${url}/`);
    assert.equal(index.status, 200);
    assert.equal(index.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.equal(index.headers.get('x-content-type-options'), 'nosniff');
    const csp = index.headers.get('content-security-policy')!;
    const directives = new Map(csp.split(/;\s*/).map((d) => { const [k, ...v] = d.split(' '); return [k, v.join(' ')]; }));
    assert.equal(directives.get('script-src'), "'self'");
    assert.equal(directives.get('default-src'), "'none'");
    assert.equal(directives.get('object-src'), "'none'");
    assert.equal(directives.get('base-uri'), "'none'");
    assert.equal(directives.get('require-trusted-types-for'), "'script'");
    assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval/);
    const hash = `'sha256-${createHash('sha256').update(INSPECTOR_FRAME_STYLE).digest('base64')}'`;
    assert.equal(directives.get('style-src'), `'self' ${hash}`, 'the one inline style allowed is the outline style');
    const page = await index.text();
    assert.doesNotMatch(page.replace(/<script type="module" src="\/inspector\/app\.js"><\/script>/, ''), /<script|\son[a-z]+=|style=/i, 'no inline script, handler or style');
    assert.match(page, /<iframe id="page"[^>]* sandbox=""/);

    for (const [file, type] of [['app.js', 'text/javascript'], ['markdown.js', 'text/javascript'], ['inspector.css', 'text/css']]) {
      const res = await fetch(`${url}/inspector/${file}`);
      assert.equal(res.status, 200, file);
      assert.match(res.headers.get('content-type')!, new RegExp(`^${type}`));
      assert.equal(res.headers.get('content-security-policy'), csp);
    }
    for (const bad of ['nope.js', '..%2Fpackage.json', '.hidden', 'APP.JS']) {
      const res = await fetch(`${url}/inspector/${bad}`);
      assert.equal(res.status, 404, bad);
      assert.equal((await res.json() as { error: { code: string } }).error.code, 'E_NOT_FOUND');
    }
    assert.equal((await fetch(`${url}/v1/extract`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: '<p>x' })).headers.get('x-content-type-options'), 'nosniff');
  });
  await withServer({ render: false, inspector: false }, async ({ url }) => {
    const res = await fetch(`${url}/`);
    assert.equal(res.status, 404);
    assert.equal((await (await fetch(`${url}/v1/capabilities`)).json() as { inspector: boolean }).inspector, false);
  });
});

test('render: true on a server that renders nothing is 501 E_NO_BROWSER; a bad value is E_BAD_OPTION', async () => {
  await withServer({ render: false }, async ({ url }) => {
    for (const path of ['/v1/extract', '/v1/inspect']) {
      const res = await postJson(`${url}${path}`, { html: articleWithChrome(), options: { render: true } });
      assert.equal(res.status, 501, path);
      const body = await res.json() as { error: { code: string; message: string } };
      assert.equal(body.error.code, 'E_NO_BROWSER');
      assert.match(body.error.message, /renders no pages/);
    }
    const raw = await fetch(`${url}/v1/extract?render=1`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: '<p>x</p>' });
    assert.equal(raw.status, 501);
    const bad = await postJson(`${url}/v1/inspect`, { html: '<p>x</p>', options: { render: 'yes' } });
    assert.deepEqual([bad.status, (await bad.json() as { error: { code: string } }).error.code], [400, 'E_BAD_OPTION']);
  });
  await assert.rejects(withServer({ render: 'sometimes' as unknown as boolean }, async () => undefined), (e: { code?: string }) => e.code === 'E_BAD_OPTION');
  // A Chromium the settings name that is not there stops the start, 'auto' or not; none found on PATH only turns rendering off.
  for (const render of [true, 'auto'] as const) {
    await assert.rejects(withServer({ render, chromium: '/nonexistent/chromium' }, async () => undefined), (e: { code?: string }) => e.code === 'E_NO_BROWSER');
  }
  const path = process.env.PATH;
  const env = process.env.THRESHER_CHROMIUM;
  process.env.PATH = '/nonexistent';
  delete process.env.THRESHER_CHROMIUM;
  try {
    await withServer({}, async ({ url }) => {
      assert.equal((await (await fetch(`${url}/v1/capabilities`)).json() as { render: boolean }).render, false, 'no Chromium on PATH: no rendering');
    });
    await assert.rejects(withServer({ render: true }, async () => undefined), (e: { code?: string; message?: string }) => e.code === 'E_NO_BROWSER' && /none was found on PATH/.test(e.message ?? ''));
  } finally {
    process.env.PATH = path;
    if (env !== undefined) process.env.THRESHER_CHROMIUM = env;
  }
});
