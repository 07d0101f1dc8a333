/** The synthetic-site generator (test and benchmark data with exact truth): re-exports only. */
export { synthArticles, type SynthArticle, type SynthBlockKind, type SynthArticleOptions } from './articles.js';
export { renderSynthPage, synthSite, SYNTH_TEMPLATES, type SynthPage, type SynthSiteOptions, type RenderOptions } from './site.js';
export { SYNTH_LANGS, type SynthLang } from './lexicon.js';
