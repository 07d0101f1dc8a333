/**
 * Mutated real pages for the fuzz campaign (src/fuzz/): pages of the dev sets (shared/datasets,
 * read in place, never copied) with bytes flipped, cut short, spliced with another page, tag
 * spans duplicated or deleted, and hostile snippets inserted.
 */
import { existsSync } from 'node:fs';
import { devSetDirs, loadDataset, readHtml, type ManifestRow } from '../eval/dataset.js';
import type { ExtractCase } from './cases.js';
import { HOSTILE_SNIPPETS, randomOptions } from './html-gen.js';
import type { Rng } from './rng.js';

export interface PagePool {
  /** A random page: its HTML and where it came from. */
  page(r: Rng): { html: string; url?: string; label: string };
}

/** The dev sets under `root` as a pool of pages; null when the datasets are not there. */
export function datasetPool(root: string): PagePool | null {
  if (!existsSync(root)) return null;
  let dirs: string[];
  try { dirs = devSetDirs(root); } catch { return null; }
  const sets: { name: string; dir: string; rows: ManifestRow[] }[] = [];
  for (const d of dirs) {
    try {
      const ds = loadDataset(d);
      if (ds.rows.length) sets.push({ name: ds.name, dir: ds.dir, rows: ds.rows });
    } catch { /* a set that does not load is left out */ }
  }
  if (!sets.length) return null;
  return {
    page(r) {
      for (;;) {
        const s = r.pick(sets);
        const row = r.pick(s.rows);
        try {
          return { html: readHtml(s.dir, row), url: row.url ?? undefined, label: `${s.name}/${row.id}` };
        } catch { /* unreadable page: another one */ }
      }
    },
  };
}

/** An index of a "<" in s (a tag boundary), near a random position; -1 when none. */
function tagStart(r: Rng, s: string): number {
  if (!s.length) return -1;
  const from = r.int(s.length);
  const i = s.indexOf('<', from);
  return i >= 0 ? i : s.lastIndexOf('<', from);
}

/** A span from a tag start to the end of a later tag: [start, end). */
function tagSpan(r: Rng, s: string): [number, number] | null {
  const a = tagStart(r, s);
  if (a < 0) return null;
  const maxLen = r.size(10, 20000);
  let b = s.indexOf('>', a + 1 + r.int(maxLen));
  if (b < 0) b = s.indexOf('>', a + 1);
  return b < 0 ? null : [a, b + 1];
}

const enc = new TextEncoder();

export function mutatePage(r: Rng, pool: PagePool): ExtractCase {
  const a = pool.page(r);
  let s = a.html;
  const ops: string[] = [];
  let flip = false;
  for (let k = r.range(1, 4); k > 0; k--) {
    const op = r.weighted(['flip', 'truncate', 'splice', 'dup-span', 'del-span', 'insert'], [2, 1, 1, 2, 2, 3]);
    ops.push(op);
    switch (op) {
      case 'flip': flip = true; break;
      case 'truncate': s = s.slice(0, r.int(s.length + 1)); break;
      case 'splice': {
        const b = pool.page(r);
        const i = Math.max(0, tagStart(r, s)), j = Math.max(0, tagStart(r, b.html));
        s = s.slice(0, i) + b.html.slice(j);
        ops[ops.length - 1] += `(${b.label})`;
        break;
      }
      case 'dup-span': {
        const sp = tagSpan(r, s);
        if (!sp) break;
        const piece = s.slice(sp[0], sp[1]);
        const times = r.chance(0.2) ? r.range(2, 50) : 1;
        const at = r.chance(0.5) ? sp[1] : Math.max(0, tagStart(r, s));
        s = s.slice(0, at) + piece.repeat(times) + s.slice(at);
        break;
      }
      case 'del-span': {
        const sp = tagSpan(r, s);
        if (sp) s = s.slice(0, sp[0]) + s.slice(sp[1]);
        break;
      }
      default: {
        for (let n = r.range(1, 5); n > 0; n--) {
          const at = Math.max(0, r.chance(0.7) ? tagStart(r, s) : r.int(s.length + 1));
          s = s.slice(0, at) + r.pick(HOSTILE_SNIPPETS) + s.slice(at);
        }
      }
    }
  }
  const options = randomOptions(r);
  if (a.url && r.chance(0.5)) options.url = a.url;
  const label = `${a.label} ${ops.join(',')}`;
  if (!flip) return { kind: 'extract', label, input: s.length ? s : ' ', options };
  // Byte flips, on the UTF-8 bytes: single bits, random bytes, or markup bytes.
  const b = enc.encode(s.length ? s : ' ');
  for (let n = r.size(1, 64); n > 0; n--) {
    const i = r.int(b.length);
    b[i] = r.chance(0.4) ? b[i] ^ (1 << r.int(8)) : r.chance(0.5) ? r.int(256) : r.pick([0x3c, 0x3e, 0x26, 0x22, 0x2f, 0x00, 0x0a]);
  }
  return { kind: 'extract', label, input: b, options };
}
