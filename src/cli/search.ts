/** `thresher search "query" --store DIR`: full-text search over a run's SQLite store. */
import { searchCorpus } from '../pipeline/search.js';
import { terminalJson, terminalLine } from './terminal-text.js';

export const SEARCH_USAGE = `usage: thresher search "query" [--store DIR] [--limit N] [--json]   (DIR defaults to ./thresher-out)
  Every word is required; --json prints one hit per line, its score BM25 made positive (higher is better).`;

export async function searchCommand(argv: string[]): Promise<number> {
  let store = 'thresher-out', limit = 10, json = false;
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--store') store = argv[++i] ?? store;
    else if (a === '--limit') limit = Number(argv[++i]);
    else if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') { process.stdout.write(SEARCH_USAGE + '\n'); return 0; }
    else words.push(a);
  }
  if (!words.length || !Number.isInteger(limit) || limit < 1) { process.stderr.write(SEARCH_USAGE + '\n'); return 2; }
  const { hits, warnings } = searchCorpus(store, words.join(' '), limit);
  for (const w of warnings) process.stderr.write(`thresher search: ${w}\n`);
  if (json) for (const h of hits) process.stdout.write(terminalJson(h) + '\n');
  else {
    if (!hits.length) process.stdout.write('no matches\n');
    // Titles, URLs and snippets come from pages: no escape sequence of theirs reaches the terminal.
    hits.forEach((h, i) => process.stdout.write(`${i + 1}. ${terminalLine(h.title) || '(untitled)'}  ${terminalLine(h.url ?? h.id)}\n   ${terminalLine(h.snippet).replace(/\s+/g, ' ')}\n`));
  }
  return 0;
}
