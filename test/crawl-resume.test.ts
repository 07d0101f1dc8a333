/**
 * A crawl killed outright (SIGKILL, no chance to clean up) resumes to the same final set as an
 * uninterrupted crawl: the `thresher crawl` CLI runs as a child process against a loopback site
 * of the test's own, is killed twice mid-way, and is run again until it finishes.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readWarc } from '../src/io/warc.js';
import { startSite, type TestSite } from './crawl-site.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'thresher-resume-'));
after(() => rmSync(dir, { recursive: true, force: true }));

function runCli(args: string[]): { child: ChildProcess; done: Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }> } {
  const child = spawn(process.execPath, [CLI, 'crawl', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '', stderr = '';
  child.stdout!.on('data', (d) => { stdout += d; });
  child.stderr!.on('data', (d) => { stderr += d; });
  const done = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

/** Run the CLI and SIGKILL it once the site has seen `after` more requests. */
async function runAndKill(site: TestSite, args: string[], afterRequests: number): Promise<void> {
  const start = site.log.length;
  const { child, done } = runCli(args);
  await new Promise<void>((resolve) => {
    const t = setInterval(() => {
      if (site.log.length - start >= afterRequests || child.exitCode !== null) { clearInterval(t); resolve(); }
    }, 2);
  });
  child.kill('SIGKILL');
  const r = await done;
  assert.equal(r.signal, 'SIGKILL', `the crawl was still running when killed (${r.stderr})`);
}

async function storedPages(path: string): Promise<string[]> {
  const urls: string[] = [];
  for await (const it of readWarc(path)) {
    assert.ok(it.ok, it.ok ? '' : `the resumed WARC has a bad record: ${it.reason}`);
    if (it.record.type === 'response' && it.record.http?.status === 200) urls.push(it.record.url!);
  }
  return urls;
}

test('killed twice with SIGKILL, the crawl resumes to the same final set, nothing stored twice', async () => {
  const site = await startSite({ faults: false, trap: false, pages: 24 });
  try {
    const out = join(dir, 'killed.warc.gz');
    const args = [`${site.origin}/`, '--out', out, '--delay', '15', '--json'];
    await runAndKill(site, args, 6);
    const firstRun = site.log.length;
    await runAndKill(site, args, 8);
    const r = await runCli(args).done;
    assert.equal(r.code, 0, r.stderr);
    const summary = JSON.parse(r.stdout) as { resumed: boolean; total: { queued: number } };
    assert.equal(summary.resumed, true);
    assert.equal(summary.total.queued, 0);
    assert.ok(firstRun < site.log.length);

    // The same site crawled without interruption.
    const ref = join(dir, 'reference.warc.gz');
    const before = site.log.length;
    const r2 = await runCli([`${site.origin}/`, '--out', ref, '--delay', '15']).done;
    assert.equal(r2.code, 0, r2.stderr);
    const refPaths = site.log.slice(before).map((x) => x.path);

    const killed = await storedPages(out);
    const reference = await storedPages(ref);
    assert.equal(new Set(killed).size, killed.length, 'no page stored twice');
    assert.deepEqual([...killed].sort(), [...reference].sort());
    for (const u of site.expectedPages) assert.ok(killed.includes(u), u);

    // Requests: each run at most re-fetches the one request in flight when it was killed
    // (one host, one request at a time).
    const resumedPaths = site.log.slice(0, before).map((x) => x.path);
    const dups = resumedPaths.length - new Set(resumedPaths).size;
    assert.ok(dups <= 2, `${dups} URLs fetched twice across two kills: ${resumedPaths.join(' ')}`);
    assert.equal(new Set(refPaths).size, refPaths.length);
  } finally {
    await site.close();
  }
});

test('--then run feeds the finished crawl to the corpus pipeline; another --then is refused before crawling', async () => {
  const site = await startSite({ faults: false, trap: false, pages: 3 });
  try {
    const bad = await runCli([`${site.origin}/`, '--out', join(dir, 'bad.warc.gz'), '--then', 'index']).done;
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /E_BAD_OPTION: --then takes "run"/);
    assert.equal(site.log.length, 0);
    const r = await runCli([`${site.origin}/`, '--out', join(dir, 'then.warc.gz'), '--delay', '0', '--then', 'run', '--run-out', join(dir, 'then-run')]).done;
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /records\s+[1-9]/);
    assert.ok(existsSync(join(dir, 'then-run', 'thresher.db')));
  } finally {
    await site.close();
  }
});

test('Ctrl-C (SIGINT) stops gracefully with a summary; the same command resumes', async () => {
  const site = await startSite({ faults: false, trap: false, pages: 10 });
  try {
    const out = join(dir, 'sigint.warc.gz');
    const args = [`${site.origin}/`, '--out', out, '--delay', '20'];
    const { child, done } = runCli(args);
    await new Promise<void>((resolve) => { const t = setInterval(() => { if (site.log.length >= 4) { clearInterval(t); resolve(); } }, 2); });
    child.kill('SIGINT');
    const r = await done;
    assert.equal(r.code, 130, r.stderr);
    assert.match(r.stderr, /stopping: \d+ requests in flight finish/);
    assert.match(r.stderr, /crawl stopped in .*\n.*statuses: 200 \d+/);
    assert.match(r.stderr, /run the same command again to resume/);
    const r2 = await runCli(args).done;
    assert.equal(r2.code, 0, r2.stderr);
    assert.match(r2.stderr, /crawl finished \(resumed\)/);
    const p = site.log.map((x) => x.path);
    assert.equal(new Set(p).size, p.length, 'a graceful stop refetches nothing');
    const pages = await storedPages(out);
    for (const u of site.expectedPages) assert.ok(pages.includes(u), u);
  } finally {
    await site.close();
  }
});
