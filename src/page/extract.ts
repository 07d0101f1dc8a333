// TEMPORARY placeholder so that eval/bench/input work can start; replaced by the real extractor.
import { parse } from 'parse5';
import type { ExtractOptions, Extraction } from '../types.js';

export function extract(input: string | Uint8Array, options: ExtractOptions = {}): Extraction {
  const html = typeof input === 'string' ? input : new TextDecoder().decode(input);
  const doc = parse(html);
  const parts: string[] = [];
  const walk = (n: any): void => {
    if (n.nodeName === '#text') parts.push(n.value);
    if (n.nodeName === 'script' || n.nodeName === 'style') return;
    for (const c of n.childNodes ?? []) walk(c);
  };
  walk(doc);
  return {
    url: options.url, title: '', pageType: 'topic', algorithm: options.algorithm ?? 'default',
    text: parts.join(' ').replace(/\s+/g, ' ').trim(), attempts: [], diagnostics: [],
    timings: { parseMs: 0, labelMs: 0, renderMs: 0 },
  };
}
