/**
 * The CLI's commands, one row each: its name, a one-line summary for `thresher --help`, and how to
 * load it. main.ts dispatches through this table only, so a command cannot be added without its
 * usage text, and `thresher <command> --help` / `thresher help <command>` work for every one
 * (test/cli-help.test.ts loops over this table). Modules are imported when their command runs:
 * `thresher extract` does not load the server, SQLite or the crawler.
 */

export interface CommandModule {
  run(argv: string[]): Promise<number>;
  /** Printed on stdout for `--help`, `-h` and `thresher help <command>`. */
  usage: string;
}

export interface Command {
  name: string;
  summary: string;
  load(): Promise<CommandModule>;
}

export const COMMANDS: readonly Command[] = [
  {
    name: 'extract', summary: 'a page, a folder, JSON Lines (also streamed: --jsonl -), a WARC or a URL list → clean text, Markdown, HTML or JSON',
    load: async () => { const m = await import('./extract.js'); return { run: m.extractCommand, usage: m.EXTRACT_USAGE }; },
  },
  {
    name: 'run', summary: 'the corpus pipeline: site models, cleaning, replicas removed, records into SQLite (FTS5) and JSON Lines',
    load: async () => { const m = await import('./run.js'); return { run: m.runCommand, usage: m.RUN_USAGE }; },
  },
  {
    name: 'cluster', summary: 'the corpus pipeline on many machines: jobs on BullMQ over Redis (run, worker, status), the same output as run',
    load: async () => { const m = await import('./cluster.js'); return { run: m.clusterCommand, usage: m.CLUSTER_USAGE }; },
  },
  {
    name: 'search', summary: 'full-text search over the records of a run',
    load: async () => { const m = await import('./search.js'); return { run: m.searchCommand, usage: m.SEARCH_USAGE }; },
  },
  {
    name: 'crawl', summary: 'a polite, resumable crawl into a WARC file (robots.txt, per-host delay)',
    load: async () => { const m = await import('./crawl.js'); return { run: m.crawlCommand, usage: m.CRAWL_USAGE }; },
  },
  {
    name: 'learn', summary: 'one site model per host from sample pages (templates, boilerplate)',
    load: async () => { const m = await import('./learn.js'); return { run: m.learnCommand, usage: m.LEARN_USAGE }; },
  },
  {
    name: 'clean-text', summary: 'a site model applied to plain text',
    load: async () => { const m = await import('./clean-text.js'); return { run: m.cleanTextCommand, usage: m.CLEAN_TEXT_USAGE }; },
  },
  {
    name: 'train', summary: 'a page classifier from labelled pages',
    load: async () => { const m = await import('./train.js'); return { run: m.trainCommand, usage: m.TRAIN_USAGE }; },
  },
  {
    name: 'eval', summary: 'score the extractor on benchmark datasets, and gate on the pinned scores',
    load: async () => { const m = await import('./eval.js'); return { run: m.evalCommand, usage: m.EVAL_USAGE }; },
  },
  {
    name: 'serve', summary: 'extraction as an HTTP service: POST /v1/extract, site models, search, metrics',
    load: async () => { const m = await import('./serve.js'); return { run: m.serveCommand, usage: m.SERVE_USAGE }; },
  },
  {
    name: 'segment', summary: 'visual segmentation (DVPS) of a page rendered in Chromium, drawn on its screenshot',
    load: async () => { const m = await import('./segment.js'); return { run: m.segmentCommand, usage: m.SEGMENT_USAGE }; },
  },
];

export function commandNamed(name: string): Command | undefined {
  return COMMANDS.find((c) => c.name === name);
}

/** A command's usage line: the first line of its usage text, without "usage: ". */
function synopsis(usage: string): string {
  return usage.split('\n')[0].replace(/^usage:\s*/, '').trim();
}

/** `thresher --help`: what each command is for, its usage line, and where to read more. Loads every command's module. */
export async function mainUsage(): Promise<string> {
  const width = Math.max(...COMMANDS.map((c) => c.name.length)) + 2;
  const synopses = await Promise.all(COMMANDS.map(async (c) => synopsis((await c.load()).usage)));
  return `thresher — turn raw web pages into clean, structured records

usage: thresher <command> [options]
       thresher <command> --help      the command's options (also: thresher help <command>)
       thresher --version

commands:
${COMMANDS.map((c) => `  ${c.name.padEnd(width)}${c.summary}`).join('\n')}

synopses:
${synopses.map((s) => `  ${s}`).join('\n')}

examples:
  thresher extract page.html                          the main text of a page
  thresher extract https://example.com/post --format markdown
  thresher extract pages/ -o out/ --format markdown   one .md file per page (a manifest.jsonl gives URLs)
  thresher extract -i urls.txt > records.jsonl        fetched politely, one JSON record per URL
  thresher extract --jsonl - < pages.jsonl            a streaming filter: {url, html} lines in, records out
  thresher run pages/ --out corpus/ && thresher search "harbour" --store corpus/
`;
}
