// Public surface: re-exports only.
export * from './types.js';
export * from './errors.js';
export { extract } from './page/extract.js';
