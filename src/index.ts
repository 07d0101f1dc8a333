// Public surface: re-exports only.
export * from './types.js';
export * from './errors.js';
export { extract, DEFAULT_BUDGET } from './page/extract.js';
export { parseHtml } from './dom/parse.js';
export { decodeHtml, sniffEncoding } from './dom/decode.js';
export {
  learnTextTemplates, learnSitesTextTemplates, crossSiteIdioms, withoutIdioms, TEXT_TEMPLATES_KIND, TEXT_TEMPLATES_VERSION,
  type TextTemplates, type TextTemplate, type LearnTextOptions,
} from './site/templates.js';
export { cleanText, validateTextTemplates, type CleanTextOptions, type CleanTextResult } from './site/clean.js';
