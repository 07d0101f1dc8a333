/**
 * Every command the CLI dispatches answers --help, -h and `thresher help <command>` with its
 * usage on stdout and exit 0; `thresher --help` lists them all and --version reads package.json.
 * The loop runs over commands.ts's table, which is main.ts's only dispatch, and a check below
 * finds every `…Command` function in src/cli/ in that table: a command added without its usage
 * text fails here.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { COMMANDS } from '../src/cli/commands.js';

const CLI = fileURLToPath(new URL('../src/cli/main.js', import.meta.url));
const CLI_DIR = fileURLToPath(new URL('../src/cli/', import.meta.url));

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

for (const c of COMMANDS) {
  test(`thresher ${c.name} --help / -h / help ${c.name}: its usage on stdout, exit 0`, async () => {
    const { usage } = await c.load();
    assert.match(usage, new RegExp(`thresher ${c.name}\\b`), 'the usage names the command');
    const help = run([c.name, '--help']);
    assert.equal(help.code, 0, help.err);
    assert.equal(help.err, '');
    assert.equal(help.out.trimEnd(), usage.trimEnd());
    assert.equal(run(['help', c.name]).out, help.out);
    // -h anywhere among the arguments, even after values the command would reject
    const short = run([c.name, '--no-such-flag', '-h']);
    assert.equal(short.code, 0, short.err);
    assert.equal(short.out, help.out);
  });
}

test('every …Command function in src/cli/ is a row of the command table', () => {
  const exported = new Set<string>();
  for (const f of readdirSync(CLI_DIR).filter((f) => f.endsWith('.js'))) {
    for (const m of readFileSync(CLI_DIR + f, 'utf8').matchAll(/export (?:async )?function (\w+)Command\(/g)) exported.add(m[1]);
  }
  const camel = (name: string) => name.replace(/-(\w)/g, (_, ch: string) => ch.toUpperCase());
  const table = new Set(COMMANDS.map((c) => camel(c.name)));
  assert.deepEqual([...exported].filter((e) => !table.has(e)), [], 'commands that main.ts cannot dispatch');
});

test('thresher --help lists every command with its usage line; no arguments is the same text with exit 2', () => {
  const r = run(['--help']);
  assert.equal(r.code, 0);
  for (const c of COMMANDS) {
    assert.match(r.out, new RegExp(`^  ${c.name} +\\S`, 'm'), c.name);
    assert.match(r.out, new RegExp(`^  thresher ${c.name}\\b`, 'm'), c.name);
  }
  assert.equal(run(['help']).out, r.out);
  const none = run([]);
  assert.equal(none.code, 2);
  assert.equal(none.out, r.out);
});

test('--version prints the version in package.json', () => {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  for (const flag of ['--version', '-v', 'version']) {
    const r = run([flag]);
    assert.equal(r.code, 0);
    assert.equal(r.out, `thresher ${pkg.version}\n`);
  }
});

test('an unknown command: exit 2, the commands named on stderr', () => {
  const r = run(['extrakt', 'page.html']);
  assert.equal(r.code, 2);
  assert.equal(r.out, '');
  assert.match(r.err, /unknown command "extrakt"; the commands are extract, /);
  assert.equal(run(['help', 'extrakt']).code, 2);
});
