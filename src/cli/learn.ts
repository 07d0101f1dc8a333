/** `thresher learn <dir|pages.jsonl|crawl.warc(.gz)> --out models/`: one site model per host found. */
import { parseArgs } from 'node:util';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ThresherError } from '../errors.js';
import { openCorpus } from '../pipeline/input.js';
import { filterIdiomsAcross, hostOf, normalizeHost, SiteSample, type SiteModel } from '../site/model.js';
import { Progress } from './progress.js';
import { hostFromPath, modelFileName, readManifest } from './site-models.js';

export const LEARN_USAGE = `usage: thresher learn <dir|pages.jsonl|crawl.warc(.gz)> --out DIR [--host H] [--idioms | --no-idioms] [--date ISO] [--json]
  Learns one site model per host (DIR/<host>.json). A page's host comes from its URL (the WARC
  record's target URI, the .jsonl record's url, or a manifest.jsonl beside the pages with url or
  host per page), else from its
  path (<dir>/<host>/… or <host>__name.html), else --host. Hosts with fewer than 2 distinct pages
  are listed and skipped; so is a page whose manifest host is no host name, with the reason.
  --idioms filters paper 004's cross-site idioms (default: from 10 hosts).`;

interface HostLine { host: string; pages: number; distinct: number; skipped: number; templates: number; fit: number; file: string }

export async function learnCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true,
    options: {
      out: { type: 'string', short: 'o' },
      host: { type: 'string' },
      idioms: { type: 'boolean' },
      'no-idioms': { type: 'boolean' },
      date: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) { process.stdout.write(LEARN_USAGE + '\n'); return 0; }
  if (positionals.length !== 1 || !values.out) { process.stderr.write(LEARN_USAGE + '\n'); return 2; }
  const input = positionals[0];
  const source = await openCorpus(input);
  const manifest = source.kind === 'dir' ? readManifest(input) : new Map<string, { url?: string; host?: string }>();
  const total = await source.count();
  const progress = new Progress(total, process.stderr);
  const samples = new Map<string, SiteSample>();
  const failures: { id: string; code: string; message: string }[] = [];
  // Pages left out of every model, and why (one page never stops the others: issue 25).
  const skippedPages: { id: string; reason: string }[] = [];
  let noHost = 0;
  for await (const item of source.items()) {
    progress.tick(item.id);
    if (item.error || !item.bytes) { failures.push({ id: item.id, code: item.error?.code ?? 'E_INPUT_READ', message: item.error?.message ?? 'no bytes' }); continue; }
    const origin = source.kind === 'dir' ? originOf(input, item.id, manifest) : {};
    const url = item.url ?? origin.url;
    const found = pageHost(url, origin.host, values.host);
    if ('reason' in found) { skippedPages.push({ id: item.id, reason: found.reason }); continue; }
    const host = found.host;
    if (!host) { noHost++; continue; }
    try {
      let sample = samples.get(host);
      if (!sample) { sample = new SiteSample({ host, date: values.date }); samples.set(host, sample); }
      sample.add({ url: hostOf(url) === host ? url : undefined, html: item.bytes });
    } catch (e) {
      if (!(e instanceof ThresherError)) throw e;
      failures.push({ id: item.id, code: e.code, message: e.message });
    }
  }
  progress.done(`${total} pages read`);

  const models: SiteModel[] = [];
  const skipped: { host: string; pages: number; reason: string }[] = [];
  for (const host of [...samples.keys()].sort()) {
    const s = samples.get(host)!;
    try {
      models.push(s.model());
    } catch (e) {
      if (!(e instanceof ThresherError) || e.code !== 'E_SITE_SAMPLE') throw e;
      skipped.push({ host, pages: s.pages, reason: e.message.replace(/^learnSite: /, '') });
    }
  }
  const idioms = filterIdiomsAcross(models, { crossSiteIdioms: values['no-idioms'] ? false : values.idioms });
  mkdirSync(values.out, { recursive: true });
  const lines: HostLine[] = models.map((m) => {
    const file = join(values.out!, modelFileName(m.host));
    writeFileSync(file, JSON.stringify(m) + '\n');
    return { host: m.host, pages: m.learnedFrom.pages, distinct: m.learnedFrom.distinct, skipped: m.learnedFrom.skipped, templates: m.textTemplates.templates.length, fit: m.fit.coverage.median, file };
  });
  const summary = {
    input, out: values.out, pages: total, models: lines, skippedHosts: skipped, idioms: idioms.length, noHost,
    skippedPages: skippedPages.length, skippedPageSamples: skippedPages.slice(0, 5), failures: failures.length, failureSamples: failures.slice(0, 5),
  };
  if (values.json) process.stdout.write(JSON.stringify(summary) + '\n');
  else process.stdout.write(formatSummary(summary));
  return models.length > 0 ? 0 : 1;
}

/**
 * A page's host: its URL's, else the manifest's or its path's, else --host; undefined when none
 * says. A manifest host with nothing left once normalized ("..", "www.") is no host: the page is
 * skipped with the reason, rather than given --host or stopping the run.
 */
function pageHost(url: string | undefined, originHost: string | undefined, flagHost: string | undefined): { host?: string } | { reason: string } {
  const fromUrl = hostOf(url);
  if (fromUrl) return { host: fromUrl };
  if (originHost !== undefined) {
    const h = normalizeHost(originHost);
    return h ? { host: h } : { reason: `the manifest's host ${JSON.stringify(originHost)} is no host name${url ? ` (nor is its URL's, ${JSON.stringify(url)})` : ''}` };
  }
  return { host: flagHost ? normalizeHost(flagHost) || undefined : undefined };
}

function originOf(dir: string, id: string, manifest: Map<string, { url?: string; host?: string }>): { url?: string; host?: string } {
  // openCorpus names a page without a URL by its path relative to the folder
  const stem = id.split('/').pop()!.replace(/\.(x?html?)(\.gz)?$/i, '');
  const m = manifest.get(id) ?? manifest.get(stem);
  return { url: m?.url, host: m?.host ?? hostFromPath(dir, join(dir, id)) };
}

interface Summary {
  input: string; out: string; pages: number; models: HostLine[]; skippedHosts: { host: string; pages: number; reason: string }[];
  idioms: number; noHost: number; skippedPages: number; skippedPageSamples: { id: string; reason: string }[];
  failures: number; failureSamples: { id: string; code: string; message: string }[];
}

function formatSummary(s: Summary): string {
  const out = [`${s.input} → ${s.out}: ${s.models.length} site model(s) from ${s.pages} pages`];
  for (const m of s.models) out.push(`  ${m.host}  ${m.pages} pages (${m.distinct} distinct${m.skipped ? `, ${m.skipped} over the size budget` : ''}), ${m.templates} templates, ${Math.round(m.fit * 100)}% of a page is template (median)`);
  if (s.idioms) out.push(`  ${s.idioms} cross-site idioms dropped`);
  for (const k of s.skippedHosts) out.push(`  skipped ${k.host} (${k.pages} page${k.pages === 1 ? '' : 's'}): ${k.reason}`);
  if (s.noHost) out.push(`  ${s.noHost} page(s) with no host (no URL, manifest host or host-named path; --host gives one)`);
  if (s.skippedPages) out.push(`  ${s.skippedPages} page(s) skipped`, ...s.skippedPageSamples.map((k) => `    ${k.id}: ${k.reason}`));
  if (s.failures) out.push(`  ${s.failures} page(s) could not be read`, ...s.failureSamples.map((f) => `    ${f.code} ${f.id}: ${f.message}`));
  return out.join('\n') + '\n';
}
