/**
 * The public extract(): synchronous, as page/extract.ts is, unless `render` asks for a browser;
 * then a Promise (render-browser/extract-rendered.ts, imported only then, so that thresher works
 * where no browser or driver is installed and the sync path never loads one).
 */
import { extract as extractSync } from './page/extract.js';
import type { Extraction, ExtractOptions } from './types.js';

export type RenderedExtractOptions = ExtractOptions & { render: NonNullable<ExtractOptions['render']> };

export function extract(input: string | Uint8Array, options: RenderedExtractOptions): Promise<Extraction>;
export function extract(input: string | Uint8Array, options?: ExtractOptions): Extraction;
export function extract(input: string | Uint8Array, options: ExtractOptions = {}): Extraction | Promise<Extraction> {
  if (options !== null && typeof options === 'object' && options.render) {
    return import('./render-browser/extract-rendered.js').then((m) => m.extractRendered(input, options));
  }
  return extractSync(input, options);
}
