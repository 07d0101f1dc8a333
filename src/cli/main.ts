#!/usr/bin/env node
/**
 * thresher command-line entry: `--help`, `--version` and `help <command>` here, every command
 * through the table in commands.ts (its module loaded only when it runs). Only cli/ talks to the
 * terminal.
 */
import { readFileSync } from 'node:fs';
import { COMMANDS, commandNamed, mainUsage } from './commands.js';
import { terminalText } from './terminal-text.js';
import { exitQuietlyOnClosedPipe, isClosedPipe } from './output.js';

/** The package's version, read where the package is installed (dist/src/cli/ → the package root). */
function version(): string {
  try {
    return (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version?: string }).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

const withNewline = (s: string): string => (s.endsWith('\n') ? s : s + '\n');

/** --help or -h among a command's arguments (before a `--` that ends the options). */
function wantsHelp(argv: string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

function unknown(name: string): number {
  process.stderr.write(`thresher: unknown command "${terminalText(name)}"; the commands are ${COMMANDS.map((c) => c.name).join(', ')} (thresher --help says what each does)\n`);
  return 2;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  if (cmd === undefined) { process.stdout.write(await mainUsage()); return 2; }
  if (cmd === '--version' || cmd === '-v' || cmd === '-V' || cmd === 'version') { process.stdout.write(`thresher ${version()}\n`); return 0; }
  if (cmd === 'help' || cmd === '--help' || cmd === '-h') {
    if (!rest.length) { process.stdout.write(await mainUsage()); return 0; }
    const c = commandNamed(rest[0]);
    if (!c) return unknown(rest[0]);
    process.stdout.write(withNewline((await c.load()).usage));
    return 0;
  }
  const c = commandNamed(cmd);
  if (!c) return unknown(cmd);
  const m = await c.load();
  if (wantsHelp(rest)) { process.stdout.write(withNewline(m.usage)); return 0; }
  return m.run(rest);
}

exitQuietlyOnClosedPipe();
main(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => {
  // The reader of our output went away (`| head`): not an error of ours.
  if (isClosedPipe(e)) { process.exitCode = 0; return; }
  const err = e as { code?: string; message?: string };
  // A message may quote a page's URL or text.
  process.stderr.write(`thresher: ${err.code ? err.code + ': ' : ''}${terminalText(err.message ?? String(e))}\n`);
  process.exitCode = 1;
});
