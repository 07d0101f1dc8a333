/**
 * `thresher segment page.html --png out.png [--json out.json]`: paper 002's DVPS on the page as
 * Chromium lays it out, drawn. The page is rendered (offline, src/render-browser/), segmented
 * (src/visual/dvps.ts), and its screenshot is shown again in a second tab with each semantic
 * block outlined and coloured by its label, and that tab photographed: the browser draws the
 * outlines, so no image library is needed. The JSON holds the same blocks: box, label, reason,
 * Doc, Eq. 5 and Eq. 9, and the start of their text.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ThresherError } from '../errors.js';
import { parseHtml } from '../dom/parse.js';
import { computeFeatures } from '../dom/features.js';
import { dvps, type SemanticBlock } from '../visual/dvps.js';
import { VIPS_BASELINE_PARAMS } from '../visual/dvps-params.js';
import { oneLine } from '../text/whitespace.js';
import { STAND_IN_URL } from '../render-browser/types.js';

export const SEGMENT_USAGE = `usage: thresher segment <page.html> --png OUT.png [--json OUT.json] [--url URL] [--baseline]
                        [--chromium PATH] [--render-timeout MS]
  Renders the page in Chromium (offline: its own requests are blocked), segments it with paper
  002's DVPS, and writes a screenshot with each semantic block outlined: green kept (content),
  red dropped (noise), blue the topic block; and, with --json, the blocks with their boxes,
  labels, reasons, Doc, Eq. 5 and Eq. 9. --baseline segments with the VIPS-style baseline instead.
`;

const COLOURS = { topic: '#1f5fd6', content: '#1a9a3a', noise: '#d62f2f' };

export async function segmentCommand(argv: string[]): Promise<number> {
  const { values: v, positionals } = parseArgs({ args: argv, allowPositionals: true, options: {
    png: { type: 'string' }, json: { type: 'string' }, url: { type: 'string' }, baseline: { type: 'boolean', default: false },
    chromium: { type: 'string' }, 'render-timeout': { type: 'string' }, help: { type: 'boolean', short: 'h', default: false },
  } });
  if (v.help) { process.stdout.write(SEGMENT_USAGE); return 0; }
  if (positionals.length !== 1 || (!v.png && !v.json)) { process.stderr.write(SEGMENT_USAGE); return 2; }
  const timeoutMs = v['render-timeout'] === undefined ? undefined : Number(v['render-timeout']);
  if (timeoutMs !== undefined && !(timeoutMs > 0)) throw new ThresherError('E_BAD_OPTION', '--render-timeout must be a positive number of milliseconds');
  let bytes: Uint8Array;
  try { bytes = readFileSync(positionals[0]); } catch (e) {
    throw new ThresherError('E_INPUT_NOT_FOUND', `cannot read ${positionals[0]}: ${(e as Error).message}`);
  }
  const { RenderPool } = await import('../render-browser/index.js');
  const pool = new RenderPool({ executablePath: v.chromium });
  try {
    const url = v.url ?? STAND_IN_URL;
    const r = await pool.render(bytes, { url, timeoutMs, screenshot: Boolean(v.png) });
    const doc = parseHtml(r.html);
    computeFeatures(doc);
    const seg = dvps(doc, r.layout, v.baseline ? VIPS_BASELINE_PARAMS : {});
    const blocks = seg.blocks.map((b) => describeBlock(b, seg.topic));
    for (const d of seg.diagnostics) process.stderr.write(`thresher segment: ${d.code}: ${d.message}\n`);
    for (const w of r.warnings) process.stderr.write(`thresher segment: ${w}\n`);
    if (v.json) writeFileSync(v.json, JSON.stringify({ url, algorithm: v.baseline ? 'vips-baseline' : 'dvps', page: r.layout.page, topic: seg.topic, blocks }, null, 1) + '\n');
    if (v.png) {
      const page = r.layout.page;
      const shot = await pool.render(outlinedPage(r.screenshot!, page, blocks), {
        url: 'https://segment.invalid/', screenshot: true, viewport: { width: Math.max(1, Math.ceil(page.width)), height: 800 },
      });
      writeFileSync(v.png, shot.screenshot!);
    }
    const kept = blocks.filter((b) => b.label === 'content').length;
    process.stdout.write(`${blocks.length} semantic blocks, ${kept} content${v.png ? ` → ${v.png}` : ''}${v.json ? ` → ${v.json}` : ''}\n`);
    return 0;
  } finally {
    await pool.close();
  }
}

interface BlockOut {
  index: number; label: 'content' | 'noise'; topic: boolean; reason: string; box: { x: number; y: number; width: number; height: number } | null;
  doc: number; spatial: number; semantic: number; importance: number; functionBlock: boolean; text: string;
}

function describeBlock(b: SemanticBlock, topic: number): BlockOut {
  const r3 = (x: number): number => Math.round(x * 1000) / 1000;
  return {
    index: b.index, label: b.label, topic: b.index === topic, reason: b.reason, box: b.box,
    doc: r3(b.doc), spatial: r3(b.spatial), semantic: r3(b.semantic), importance: r3(b.importance), functionBlock: b.functionBlock,
    text: oneLine(b.features.texts.join(' ')).slice(0, 160),
  };
}

const esc = (s: string): string => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The screenshot with one absolutely placed outline per block, labelled with its number and reason. */
function outlinedPage(png: Uint8Array, page: { width: number; height: number }, blocks: BlockOut[]): string {
  const boxes = blocks.filter((b) => b.box && b.box.width > 0 && b.box.height > 0).map((b) => {
    const colour = b.topic ? COLOURS.topic : COLOURS[b.label];
    const { x, y, width, height } = b.box!;
    return `<div title="${esc(b.reason)}" style="position:absolute;left:${x}px;top:${y}px;width:${width}px;height:${height}px;` +
      `box-sizing:border-box;border:3px solid ${colour};background:${colour}1a"><span style="position:absolute;left:0;top:0;` +
      `background:${colour};color:#fff;font:bold 12px sans-serif;padding:1px 4px">${b.index}</span></div>`;
  });
  return `<!doctype html><html><head><style>html,body{margin:0;padding:0}</style></head><body>` +
    `<div style="position:relative;width:${Math.ceil(page.width)}px"><img style="display:block" src="data:image/png;base64,${Buffer.from(png).toString('base64')}">` +
    `${boxes.join('')}</div></body></html>`;
}
