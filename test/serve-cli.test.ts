/**
 * `thresher serve` as a process (issue 27): --help, flag errors, and SIGTERM drain: a request in
 * flight when the signal comes is answered in full, new connections are refused, and the
 * process exits 0.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { health, heavyPage, waitFor } from './serve-helpers.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));

test('serve --help and bad flags', () => {
  const help = spawnSync(process.execPath, [CLI, 'serve', '--help'], { encoding: 'utf8' });
  assert.equal(help.status, 0);
  assert.match(help.stdout, /usage: thresher serve .*--allow-fetch/s);
  const main = spawnSync(process.execPath, [CLI, 'help'], { encoding: 'utf8' });
  assert.match(main.stdout, /thresher serve \[--host H\]/);
  const bad = spawnSync(process.execPath, [CLI, 'serve', '--port', 'eighty'], { encoding: 'utf8' });
  assert.equal(bad.status, 1);
  assert.match(bad.stderr, /E_BAD_OPTION: --port must be an integer/);
  const priv = spawnSync(process.execPath, [CLI, 'serve', '--allow-private'], { encoding: 'utf8' });
  assert.match(priv.stderr, /--allow-private only applies with --allow-fetch/);
  const size = spawnSync(process.execPath, [CLI, 'serve', '--max-body', 'lots'], { encoding: 'utf8' });
  assert.match(size.stderr, /--max-body must be a number of bytes/);
});

test('serve: SIGTERM drains — the request in flight completes, new connections are refused, exit status 0', async () => {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--workers', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (d: string) => { stderr += d; });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await waitFor('the server to listen', () => /listening on (http:\/\/\S+)/.test(stderr));
    const base = /listening on (http:\/\/\S+)/.exec(stderr)![1];
    await waitFor('the worker to start', async () => (await health(base)).ready === 1);
    const inFlight = fetch(`${base}/v1/extract`, { method: 'POST', headers: { 'content-type': 'text/html' }, body: heavyPage() });
    await waitFor('the request to reach the worker', async () => (await health(base)).busy === 1);
    child.kill('SIGTERM');
    await waitFor('the drain to start', () => /SIGTERM, draining \(1 request\(s\) in flight\)/.test(stderr));
    await assert.rejects(fetch(`${base}/healthz`, { headers: { connection: 'close' } }), 'no new connection once draining');
    const res = await inFlight;
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('connection'), 'close');
    assert.match((await res.json() as { text: string }).text, /Paragraph 19999 about the harbour/);
    assert.equal(await exited, 0, stderr);
    assert.match(stderr, /thresher serve: stopped\n$/);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});
