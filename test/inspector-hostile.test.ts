/**
 * Hostile pages in the inspector, in a real browser (issue 27, part 2: "page content can never
 * run script in the inspector's origin"). The fixture (inspector-fixtures.ts) tries scripts,
 * handlers, javascript: URLs, a meta refresh, a base href, a textarea break-out, SVG script, a
 * srcdoc iframe, an object, a form and hostile metadata; every trick that runs sets top.PWNED and
 * the title. A control shows the tricks are live in an ordinary page; then the page is pasted,
 * sent as a file and rendered by the server's browser, links and blocks in the frame are clicked
 * and hovered, and nothing has run, nothing left loopback, no dialog opened, and the frame is
 * still the annotated page. The inspector's own DOM sinks are guarded by Trusted Types.
 *
 * Needs Chromium (CI installs it: .ci/run); without one it fails with E_NO_BROWSER's message.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { hostilePage } from './inspector-fixtures.js';
import { inspectPasted, noChromiumLeft, openInspector, pageFrame, panelText, rerun, runs, screenshot, settled, type Inspector, type PageWindow } from './inspector-helpers.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What a hostile trick would have left in a window: top.PWNED and the title. */
async function marks(target: Pick<Page, 'evaluate'>): Promise<{ pwned: unknown; title: string }> {
  return target.evaluate(() => {
    const w = globalThis as unknown as PageWindow;
    return { pwned: w.PWNED ?? null, title: w.document.title };
  });
}

describe('hostile pages in the inspector', () => {
  let ins: Inspector;

  before(async () => {
    ins = await openInspector({ render: true });
  });

  after(async () => {
    await ins?.close();
    assert.deepEqual(await noChromiumLeft(), []);
  });

  /** Nothing ran in the inspector or its frame, nothing loaded from outside, the frame is the annotated page. */
  async function assertClean(what: string): Promise<void> {
    const { page, server } = ins;
    // The page's meta refresh would fire after 1 s: give it the chance.
    await sleep(1_500);
    assert.deepEqual(await marks(page), { pwned: null, title: 'thresher inspector' }, `${what}: the inspector`);
    const frame = await pageFrame(page);
    assert.equal(frame.url(), 'about:srcdoc', `${what}: the frame was not navigated`);
    assert.equal((await marks(frame)).pwned, null, `${what}: the frame`);
    const found = await frame.evaluate(() => {
      const w = globalThis as unknown as { document: { querySelectorAll(s: string): ArrayLike<{ attributes: ArrayLike<{ name: string; value: string }> }> } };
      const all = Array.from(w.document.querySelectorAll('*'));
      const attrs = all.flatMap((e) => Array.from(e.attributes));
      return {
        scripts: w.document.querySelectorAll('script, iframe, object, embed, meta, base, svg').length,
        handlers: attrs.filter((a) => /^on/i.test(a.name)).map((a) => a.name),
        jsUrls: attrs.filter((a) => /javascript:/i.test(a.value.replace(/\s/g, ''))).map((a) => a.name),
      };
    });
    assert.deepEqual(found, { scripts: 0, handlers: [], jsUrls: [] }, what);
    assert.deepEqual(ins.dialogs, [], `${what}: no dialog`);
    // Chromium reports an image the frame's CSP refused as a request that failed with 'csp': it never left.
    const outside = ins.requestObjects.filter((r) => !/^(data|about):/.test(r.url()) && !r.url().startsWith(`${server.url}/`));
    assert.deepEqual(outside.filter((r) => r.failure()?.errorText !== 'csp').map((r) => r.url()), [], `${what}: nothing left loopback`);
  }

  /** Clicks, hovers and toggles what the hostile page offers in the frame. */
  async function poke(): Promise<void> {
    const frame = await pageFrame(ins.page);
    await frame.click('#js-link');
    await frame.hover('text=A block that claims its own label.');
    await frame.click('summary');
    await frame.click('text=the whole story');
    await sleep(300);
  }

  test('control: the tricks are live in an ordinary page', async () => {
    const context = await ins.browser.newContext();
    try {
      const control = await context.newPage();
      await control.route('**/*', (r) => r.abort());
      control.on('dialog', (d) => void d.dismiss());
      await control.setContent(hostilePage(), { waitUntil: 'load' });
      await sleep(200);
      const m = await marks(control);
      assert.ok(Array.isArray(m.pwned) && m.pwned.length >= 3, `tricks that ran: ${JSON.stringify(m.pwned)}`);
      assert.match(m.title, /^PWNED/);
    } finally {
      await context.close();
    }
  });

  test('pasted: nothing runs in the inspector or its frame, and hostile metadata shows as text', async () => {
    const { page } = ins;
    await inspectPasted(page, hostilePage());
    await poke();
    await assertClean('pasted');
    const meta = await page.$$eval('#panel-metadata tbody tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent)));
    assert.match(meta.find((r) => r[0] === 'description')![1]!, /^<script>top\.PWNED=/, 'the description, as text');
    assert.equal(await page.$$eval('#panel-metadata script, #panel-metadata img, #panel-markdown script, #panel-markdown img', (x) => x.length), 0);
    assert.match(await panelText(page, 'text'), /<\/textarea><script>top\.PWNED=\(top\.PWNED\|\|\[\]\)\.concat\(13\)/, 'the break-out, as text');
    const spoofed = await (await pageFrame(page)).getAttribute('text=A block that claims its own label.', 'data-thresher-reason');
    assert.notEqual(spoofed, 'spoofed', 'the label is thresher\'s, not the page\'s');
    await screenshot(page, 'hostile');
  });

  test('as a file, and rendered by the server\'s browser: still nothing runs in the inspector', async () => {
    const { page } = ins;
    const before = await runs(page);
    await page.setInputFiles('#file', { name: 'hostile.html', mimeType: 'text/html', buffer: Buffer.from(hostilePage()) });
    await settled(page, before);
    await poke();
    await assertClean('file');

    // The page's scripts run in the server's (offline) Chromium; what comes back is sanitised again.
    await inspectPasted(page, hostilePage());
    await rerun(page, () => page.check('#render'));
    assert.match((await page.textContent('#status'))!, /rendered in \d+ ms/);
    await poke();
    await assertClean('rendered');
    await screenshot(page, 'hostile-rendered');
    await rerun(page, () => page.uncheck('#render'));
  });

  test('Trusted Types guard the inspector\'s own DOM sinks; the frame is out of its reach', async () => {
    const { page } = ins;
    const tried = await page.evaluate(() => {
      type Doc = { createElement(t: string): Record<string, unknown>; getElementById(id: string): { contentDocument: unknown; contentWindow: { document?: unknown } } };
      const w = globalThis as unknown as { document: Doc; trustedTypes: { createPolicy(n: string, o: object): unknown } };
      const attempt = (f: () => void) => { try { f(); return 'allowed'; } catch (e) { return (e as Error).name; } };
      let readFrame = 'blocked';
      try { if (w.document.getElementById('page').contentWindow.document) readFrame = 'allowed'; } catch { readFrame = 'blocked'; }
      return {
        innerHTML: attempt(() => { w.document.createElement('div').innerHTML = '<img src=x onerror="top.PWNED=97">'; }),
        scriptText: attempt(() => { w.document.createElement('script').textContent = 'top.PWNED=98'; }),
        scriptSrc: attempt(() => { w.document.createElement('script').src = 'data:text/javascript,top.PWNED=99'; }),
        newPolicy: attempt(() => { w.trustedTypes.createPolicy('evil', { createHTML: (s: string) => s }); }),
        frameDocument: w.document.getElementById('page').contentDocument === null ? 'null' : 'reachable',
        readFrame,
      };
    });
    assert.deepEqual(tried, { innerHTML: 'TypeError', scriptText: 'TypeError', scriptSrc: 'TypeError', newPolicy: 'TypeError', frameDocument: 'null', readFrame: 'blocked' });
    await sleep(100);
    assert.equal((await marks(page)).pwned, null);
  });
});
