// Public surface: re-exports only.
export * from './types.js';
export * from './errors.js';
export { extract, DEFAULT_BUDGET } from './page/extract.js';
export { parseHtml } from './dom/parse.js';
export { decodeHtml, sniffEncoding } from './dom/decode.js';
