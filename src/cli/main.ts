#!/usr/bin/env node
/** thresher command-line entry: dispatches to one file per command. Only cli/ talks to the terminal. */
import { extractCommand } from './extract.js';
import { evalCommand } from './eval.js';
import { runCommand } from './run.js';
import { searchCommand } from './search.js';
import { crawlCommand, CRAWL_USAGE } from './crawl.js';
import { learnCommand } from './learn.js';
import { cleanTextCommand } from './clean-text.js';
import { trainCommand } from './train.js';
import { serveCommand } from './serve.js';
import { segmentCommand } from './segment.js';
import { terminalText } from './terminal-text.js';
import { exitQuietlyOnClosedPipe, isClosedPipe } from './output.js';

const USAGE = `thresher — turn raw web pages into clean, structured records

usage:
  thresher extract <file|dir|pages.jsonl|crawl.warc|-|url> [--format text|markdown|html|json] [--algorithm default|tagtree|satisfiable] [--title] [--images] [--comments] [--precision|--recall] [--debug] [--no-model] [--keep-mojibake] [--site MODELS [--url URL]] [--render [--chromium PATH] [--render-timeout MS] [--allow-live] [--warc FILE]] [--out FILE]
  thresher eval (--dataset DIR | --all [--data ROOT]) [--algorithm A] [--limit N] [--gate FILE] [--json]
  thresher run <dir|pages.jsonl|crawl.warc[.gz]> --out DIR [--workers N] [--page-timeout MS] [--batch N] [--replicas M] [--site-min N] [--site-sample N] [--no-sites] [--stats-pages N] [--classifier MODEL] [--warc] [--fresh] [--json]
  thresher search "query" [--store DIR] [--limit N] [--json]
  ${CRAWL_USAGE.split('\n').join('\n  ')}
  thresher learn <dir|pages.jsonl|crawl.warc> --out MODELS [--host H] [--idioms|--no-idioms] [--date ISO] [--json]
  thresher clean-text --site MODEL [--host H] [--html] [file|-] [--out FILE] [--json]
  thresher train --labels labels.jsonl|csv --out model.json [--algorithm knn|nb] [--pages DIR|pages.jsonl] [--text content|raw]
  thresher serve [--host H] [--port N] [--workers N] [--max-body BYTES] [--timeout MS] [--max-queue N] [--allow-fetch [--allow-private]] [--store DIR] [--models DIR]
  thresher segment <page.html> --png OUT.png [--json OUT.json] [--url URL] [--baseline] [--chromium PATH]
  thresher help

A directory argument extracts every .html/.htm(.gz) file below it and writes JSON Lines.
learn writes one site model per host (MODELS/<host>.json); extract --site MODELS applies the
model of each page's host.
`;

async function main(argv: string[]): Promise<number> {
  const [cmd, ...rest] = argv;
  switch (cmd) {
    case 'extract': return extractCommand(rest);
    case 'eval': return evalCommand(rest);
    case 'run': return runCommand(rest);
    case 'search': return searchCommand(rest);
    case 'crawl': return crawlCommand(rest);
    case 'learn': return learnCommand(rest);
    case 'clean-text': return cleanTextCommand(rest);
    case 'train': return trainCommand(rest);
    case 'serve': return serveCommand(rest);
    case 'segment': return segmentCommand(rest);
    case undefined: case 'help': case '--help': case '-h':
      process.stdout.write(USAGE);
      return cmd === undefined ? 2 : 0;
    default:
      process.stderr.write(`thresher: unknown command "${cmd}"\n\n${USAGE}`);
      return 2;
  }
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
