/**
 * Hostile input to `thresher learn` (issue 25, last bullet of item 15): one manifest host that
 * normalizes to nothing ("..", "www.", a URL whose host is ".") stopped the whole run with
 * E_BAD_OPTION. Such a page is skipped, with its reason in the summary, and the rest is learned.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { hostOf, normalizeHost } from '../../src/site/model.js';

const CLI = fileURLToPath(new URL('../../src/cli/main.js', import.meta.url));

const WORDS = ['harbour', 'lighthouse', 'ferry', 'tide', 'gull', 'anchor'];
const page = (i: number) => `<html><head><title>Story ${WORDS[i]}</title></head><body><div class="nav">Home | World | Contact us</div>` +
  `<h1>Story ${WORDS[i]}</h1><p>The ${WORDS[i]} was seen again this week, and the ${WORDS[i]} keepers wrote about the ${WORDS[i]} at length.</p>` +
  `<div class="footer">Copyright Example Media Group. All rights reserved.</div></body></html>`;

test('hostile learn: a manifest host or URL host that normalizes to nothing skips that page with the reason; the other pages are learned', () => {
  const dir = join(mkdtempSync(join(tmpdir(), 'thresher-hostile-learn-')), 'pages');
  mkdirSync(dir);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < 6; i++) writeFileSync(join(dir, `p${i}.html`), page(i));
  rows.push({ file: 'p0.html', url: 'https://example.org/0' });
  rows.push({ file: 'p1.html', url: 'https://www.example.org/1' });
  rows.push({ file: 'p2.html', url: 'https://example.org./2' }); // a trailing dot is the same host
  rows.push({ file: 'p3.html', host: '..' }); // normalized twice: "." then "" (the abort)
  rows.push({ file: 'p4.html', url: 'http://www../4', host: 'www.' });
  rows.push({ file: 'p5.html', url: 'http://./5' }); // a URL whose host is "."
  writeFileSync(join(dir, 'manifest.jsonl'), rows.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const out = join(dir, '..', 'models');
  const run = spawnSync(process.execPath, [CLI, 'learn', dir, '--out', out, '--json'], { encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  const s = JSON.parse(run.stdout);
  assert.deepEqual(s.models.map((m: { host: string }) => m.host), ['example.org']);
  assert.equal(s.models[0].pages, 3, 'example.org, www.example.org and example.org. are one host');
  assert.equal(s.skippedPages, 2);
  assert.deepEqual(s.skippedPageSamples.map((k: { id: string }) => k.id).sort(), ['p3.html', 'p4.html']);
  assert.match(s.skippedPageSamples.find((k: { id: string }) => k.id === 'p3.html').reason, /manifest's host "\.\." is no host name/);
  assert.equal(s.noHost, 1, 'p5.html: its URL has no host and nothing else gives one');
  const model = JSON.parse(readFileSync(join(out, 'example.org.json'), 'utf8'));
  assert.equal(model.learnedFrom.pages, 3);

  const text = spawnSync(process.execPath, [CLI, 'learn', dir, '--out', out], { encoding: 'utf8' });
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /2 page\(s\) skipped\n +p3\.html: the manifest's host "\.\." is no host name/);
  // --host gives the page without a host one, never the pages whose manifest named a bad one
  const flag = JSON.parse(spawnSync(process.execPath, [CLI, 'learn', dir, '--out', out, '--host', 'example.org', '--json'], { encoding: 'utf8' }).stdout);
  assert.equal(flag.models[0].pages, 4);
  assert.equal(flag.skippedPages, 2);
});

test('normalizeHost is idempotent, so a host once accepted stays non-empty; hostOf agrees with it (property)', () => {
  const part = fc.constantFrom('www.', 'www2.', 'WWW.', '.', ' ', 'a', 'b.', 'ex', '-', '\t');
  fc.assert(fc.property(fc.array(part, { maxLength: 8 }).map((p) => p.join('')), (h) => {
    const once = normalizeHost(h);
    assert.equal(normalizeHost(once), once, JSON.stringify(h));
    assert.ok(!once.endsWith('.') && !/^www\d*\./.test(once));
  }), { numRuns: 500 });
  assert.equal(normalizeHost('..'), '');
  assert.equal(hostOf('http://./x'), undefined);
  assert.equal(hostOf('http://www../x'), undefined);
  assert.equal(hostOf('https://Example.org./a'), 'example.org');
  // a hostile host: the trailing dots are trimmed in linear time
  const long = '.'.repeat(200_000) + 'a' + '.'.repeat(200_000);
  assert.equal(normalizeHost(long), '.'.repeat(200_000) + 'a');
});
