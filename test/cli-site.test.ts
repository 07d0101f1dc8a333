/** The site commands of the built CLI (learn, extract --site, clean-text) on temporary folders. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { synthSite } from '../src/synth/index.js';
import { extract } from '../src/index.js';

const extractText = (html: string) => extract(html).text;

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

function run(args: string[], cwd: string, input?: string) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function corpus() {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-site-cli-'));
  const news = synthSite({ seed: 71, pages: 7, template: 'news', lang: 'en' });
  const docs = synthSite({ seed: 72, pages: 4, template: 'docs', lang: 'en' });
  const lone = synthSite({ seed: 73, pages: 1, template: 'shop', lang: 'en' });
  const all = [...news, ...docs, ...lone];
  mkdirSync(join(dir, 'pages'));
  all.forEach((p, i) => writeFileSync(join(dir, 'pages', `p${i}.html`), p.html));
  writeFileSync(join(dir, 'pages', 'manifest.jsonl'), all.map((p, i) => JSON.stringify({ id: `p${i}`, url: p.url })).join('\n') + '\n');
  writeFileSync(join(dir, 'pages.jsonl'), all.map((p) => JSON.stringify({ url: p.url, html: p.html })).join('\n') + '\n');
  return { dir, news, docs, lone, all };
}

test('cli learn: one model per host from a folder with a manifest, hosts with one page listed and skipped', () => {
  const c = corpus();
  try {
    const r = run(['learn', 'pages', '--out', 'models'], c.dir);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(readdirSync(join(c.dir, 'models')).sort(), ['docs-72.example.json', 'news-71.example.json']);
    assert.match(r.out, /2 site model\(s\) from 12 pages/);
    assert.match(r.out, /news-71\.example {2}7 pages/);
    assert.match(r.out, /skipped shop-73\.example \(1 page\)/);
    const model = JSON.parse(readFileSync(join(c.dir, 'models', 'news-71.example.json'), 'utf8'));
    assert.equal(model.kind, 'thresher.site-model');
    assert.equal(model.learnedFrom.pages, 7);
    // the same models from the same pages as JSON Lines
    const j = run(['learn', 'pages.jsonl', '--out', 'models2', '--json'], c.dir);
    assert.equal(j.code, 0, j.err);
    const summary = JSON.parse(j.out);
    assert.deepEqual(summary.models.map((m: { host: string }) => m.host), ['docs-72.example', 'news-71.example']);
    assert.equal(readFileSync(join(c.dir, 'models2', 'news-71.example.json'), 'utf8'), readFileSync(join(c.dir, 'models', 'news-71.example.json'), 'utf8'));
  } finally { rmSync(c.dir, { recursive: true, force: true }); }
});

test('cli learn: hosts from paths when there is no URL; --host for the rest; nothing learnable is exit 1', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-site-cli-'));
  try {
    const news = synthSite({ seed: 74, pages: 3, template: 'news', lang: 'en' });
    mkdirSync(join(dir, 'in', 'www.paper.example'), { recursive: true });
    news.forEach((p, i) => writeFileSync(join(dir, 'in', 'www.paper.example', `a${i}.html`), p.html));
    const blog = synthSite({ seed: 75, pages: 3, template: 'blog', lang: 'en' });
    blog.forEach((p, i) => writeFileSync(join(dir, 'in', `blog.example__b${i}.html`), p.html));
    const r = run(['learn', 'in', '--out', 'm'], dir);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(readdirSync(join(dir, 'm')).sort(), ['blog.example.json', 'paper.example.json']);
    mkdirSync(join(dir, 'flat'));
    news.forEach((p, i) => writeFileSync(join(dir, 'flat', `x${i}.html`), p.html));
    const none = run(['learn', 'flat', '--out', 'm2'], dir);
    assert.equal(none.code, 1);
    assert.match(none.out, /3 page\(s\) with no host/);
    assert.equal(run(['learn', 'flat', '--out', 'm3', '--host', 'flat.example'], dir).code, 0);
    assert.deepEqual(readdirSync(join(dir, 'm3')), ['flat.example.json']);
    assert.equal(run(['learn', 'nowhere', '--out', 'm4'], dir).code, 1);
    assert.equal(run(['learn', 'flat'], dir).code, 2);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});

test('cli extract --site: each page gets its host\'s model; template text goes, truth stays', () => {
  const c = corpus();
  try {
    assert.equal(run(['learn', 'pages', '--out', 'models'], c.dir).code, 0);
    const plain = run(['extract', 'pages', '--format', 'json'], c.dir);
    const withSite = run(['extract', 'pages', '--site', 'models'], c.dir);
    assert.equal(withSite.code, 0, withSite.err);
    const recs = withSite.out.trim().split('\n').map((l) => JSON.parse(l));
    const before = plain.out.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(recs.length, 12);
    const byUrl = new Map(c.all.map((p) => [p.url, p]));
    for (const [i, r] of recs.entries()) {
      const page = byUrl.get(r.url)!;
      assert.ok(page, r.file);
      assert.ok(r.text.length <= before[i].text.length);
      if (page.host === 'shop-73.example') assert.ok(r.diagnostics.some((d: { code: string }) => d.code === 'W_SITE_NONE'));
      if (page.host === 'news-71.example') assert.doesNotMatch(r.text, /Updated \d+ (hours|minutes) ago/);
    }
    // a single page: the model is picked by --url
    const one = c.news[0];
    // The synthetic truth starts with the headline: --title puts it there.
    const single = run(['extract', 'pages/p0.html', '--site', 'models', '--url', one.url, '--title'], c.dir);
    assert.equal(single.code, 0, single.err);
    for (const line of one.truth.split('\n')) assert.ok(single.out.includes(line));
    // without a URL and with several models, the model cannot be picked: said on stderr, page level only
    const unknown = run(['extract', 'pages/p0.html', '--site', 'models'], c.dir);
    assert.equal(unknown.code, 0);
    assert.match(unknown.err, /W_SITE_NONE/);
    // a model for another host: page level, with the reason
    const foreign = run(['extract', 'pages/p0.html', '--site', 'models/docs-72.example.json', '--url', one.url], c.dir);
    assert.match(foreign.err, /W_SITE_HOST/);
    // JSON Lines input carries the URLs
    const jl = run(['extract', 'pages.jsonl', '--site', 'models'], c.dir);
    assert.equal(jl.code, 0, jl.err);
    assert.equal(jl.out.trim().split('\n').length, 12);
  } finally { rmSync(c.dir, { recursive: true, force: true }); }
});

test('cli clean-text: the text templates applied to plain text; a damaged model is E_SITE_MODEL', () => {
  const c = corpus();
  try {
    assert.equal(run(['learn', 'pages', '--out', 'models'], c.dir).code, 0);
    const page = c.news[0];
    const flat = ['Home World Politics', 'We use cookies to improve your experience and to show you personalised ads. By continuing to browse you agree to our cookie policy.', page.truth, '© 2024 Example Media Ltd. All rights reserved.'].join('\n');
    writeFileSync(join(c.dir, 'flat.txt'), flat);
    const r = run(['clean-text', '--site', 'models/news-71.example.json', 'flat.txt'], c.dir);
    assert.equal(r.code, 0, r.err);
    assert.doesNotMatch(r.out, /cookies|All rights reserved/);
    for (const line of page.truth.split('\n')) assert.ok(r.out.includes(line), line);
    const stdin = run(['clean-text', '--site', 'models', '--host', 'news-71.example', '--json'], c.dir, flat);
    assert.equal(stdin.code, 0, stdin.err);
    const j = JSON.parse(stdin.out);
    assert.equal(j.host, 'news-71.example');
    assert.ok(j.removed.length >= 2);
    assert.equal(run(['clean-text', '--site', 'models', 'flat.txt'], c.dir).code, 1); // two models, no --host
    writeFileSync(join(c.dir, 'broken.json'), '{"kind":"thresher.site-model","version":1,');
    const bad = run(['clean-text', '--site', 'broken.json', 'flat.txt'], c.dir);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /E_SITE_MODEL: broken\.json: site model: the file is not valid JSON/);
    writeFileSync(join(c.dir, 'v2.json'), JSON.stringify({ ...JSON.parse(readFileSync(join(c.dir, 'models', 'news-71.example.json'), 'utf8')), version: 2 }));
    assert.match(run(['clean-text', '--site', 'v2.json', 'flat.txt'], c.dir).err, /version 2 is not the supported version 1/);
  } finally { rmSync(c.dir, { recursive: true, force: true }); }
});

test('cli learn and extract --site read a WARC file: hosts from the records\' target URIs', async () => {
  const { WarcWriter } = await import('../src/io/warc.js');
  const c = corpus();
  try {
    const w = await WarcWriter.open(join(c.dir, 'crawl.warc.gz'));
    for (const p of c.all) {
      await w.writeExchange({
        url: p.url,
        request: { method: 'GET', headers: [['User-Agent', 'test']] },
        response: { status: 200, headers: [['Content-Type', 'text/html; charset=utf-8']], body: new TextEncoder().encode(p.html) },
      });
    }
    await w.close();
    const r = run(['learn', 'crawl.warc.gz', '--out', 'wm'], c.dir);
    assert.equal(r.code, 0, r.err);
    assert.deepEqual(readdirSync(join(c.dir, 'wm')).sort(), ['docs-72.example.json', 'news-71.example.json']);
    assert.equal(readFileSync(join(c.dir, 'wm', 'news-71.example.json'), 'utf8').length > 100, true);
    const x = run(['extract', 'crawl.warc.gz', '--site', 'wm'], c.dir);
    assert.equal(x.code, 0, x.err);
    const recs = x.out.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(recs.length, 12);
    const news = recs.find((rec) => rec.url === c.news[0].url);
    assert.doesNotMatch(news.text, /Updated \d+ (hours|minutes) ago/);
  } finally { rmSync(c.dir, { recursive: true, force: true }); }
});

test('cli bad input: one page, identical pages, mixed hosts, a huge page, a model for another host, a corrupted model file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-site-cli-bad-'));
  try {
    const news = synthSite({ seed: 81, pages: 4, template: 'news', lang: 'en' });
    const lone = synthSite({ seed: 82, pages: 1, template: 'shop', lang: 'en' })[0];
    const same = synthSite({ seed: 83, pages: 1, template: 'blog', lang: 'en' })[0];
    // one folder, three hosts mixed together; a fourth host whose three pages are one page
    const rows: { id: string; url: string; html: string }[] = [
      ...news.map((p, i) => ({ id: `n${i}`, url: p.url, html: p.html })),
      { id: 'lone', url: lone.url, html: lone.html },
      ...[0, 1, 2].map((i) => ({ id: `same${i}`, url: same.url.replace(/[^/]*$/, `copy-${i}`), html: same.html })),
    ];
    // a huge page of the news host: over learn's 8 MB page budget, skipped and counted
    const huge = `<html><body><article>${'<p>Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor.</p>\n'.repeat(110_000)}</article></body></html>`;
    rows.push({ id: 'huge', url: news[0].url.replace(/[^/]*$/, 'huge'), html: huge });
    mkdirSync(join(dir, 'pages'));
    for (const r of rows) writeFileSync(join(dir, 'pages', `${r.id}.html`), r.html);
    writeFileSync(join(dir, 'pages', 'manifest.jsonl'), rows.map((r) => JSON.stringify({ id: r.id, url: r.url })).join('\n') + '\n');

    const learned = run(['learn', 'pages', '--out', 'models', '--json'], dir);
    assert.equal(learned.code, 0, learned.err);
    const summary = JSON.parse(learned.out);
    assert.deepEqual(summary.models.map((m: { host: string }) => m.host), ['news-81.example']);
    assert.equal(summary.models[0].pages, 5);
    assert.equal(summary.models[0].skipped, 1); // the huge page
    const skipped = Object.fromEntries(summary.skippedHosts.map((s: { host: string; reason: string }) => [s.host, s.reason]));
    assert.match(skipped['shop-82.example'], /one page of shop-82\.example shows none/);
    assert.match(skipped['blog-83.example'], /all 3 pages of blog-83\.example are the same page/);

    // the huge page through extract --site: a result, not a crash or a hang
    const big = run(['extract', 'pages/huge.html', '--site', 'models', '--url', rows.at(-1)!.url, '--format', 'json'], dir);
    assert.equal(big.code, 0, big.err);
    assert.ok(JSON.parse(big.out).text.length > 1000);

    // a model for another host: page level, with the reason; --strict is not needed to see it
    const foreign = run(['extract', 'pages/lone.html', '--site', 'models/news-81.example.json', '--url', lone.url, '--format', 'json'], dir);
    assert.equal(foreign.code, 0, foreign.err);
    assert.ok(JSON.parse(foreign.out).diagnostics.some((d: { code: string; message: string }) => d.code === 'W_SITE_HOST' && /shop-82\.example/.test(d.message)));

    // a corrupted model file: a clear E_SITE_MODEL naming the file, for extract and clean-text alike
    const text = readFileSync(join(dir, 'models', 'news-81.example.json'), 'utf8');
    mkdirSync(join(dir, 'broken'));
    writeFileSync(join(dir, 'broken', 'news-81.example.json'), text.slice(0, Math.floor(text.length / 2)));
    const bad = run(['extract', 'pages/n0.html', '--site', 'broken', '--url', news[0].url], dir);
    assert.equal(bad.code, 1);
    assert.match(bad.err, /E_SITE_MODEL: .*news-81\.example\.json: site model: the file is not valid JSON/);
    writeFileSync(join(dir, 'broken', 'news-81.example.json'), JSON.stringify({ ...JSON.parse(text), textTemplates: { kind: 'thresher.text-templates', version: 1 } }));
    const bad2 = run(['clean-text', '--site', 'broken/news-81.example.json', 'pages/n0.html'], dir);
    assert.equal(bad2.code, 1);
    assert.match(bad2.err, /E_SITE_MODEL: .*textTemplates/);
    // raw HTML through clean-text --html: the chrome goes, and what stays still parses to the article
    // (a template learned from 4 pages may also take a recurring phrase out of a sentence)
    const html = run(['clean-text', '--site', 'models/news-81.example.json', '--html', 'pages/n3.html'], dir);
    assert.equal(html.code, 0, html.err);
    assert.ok(html.out.length < news[3].html.length);
    assert.doesNotMatch(html.out, /All rights reserved/);
    const kept = new Set(extractText(html.out).split(/\s+/)), truth = news[3].truth.split(/\s+/);
    assert.ok(truth.filter((w) => kept.has(w)).length >= 0.95 * truth.length);
  } finally { rmSync(dir, { recursive: true, force: true }); }
});
