// Public surface: re-exports only.
export * from './types.js';
export * from './errors.js';
export { DEFAULT_BUDGET } from './page/extract.js';
export { extract, type RenderedExtractOptions } from './public-extract.js';
export { parseHtml } from './dom/parse.js';
export { decodeHtml, sniffEncoding } from './dom/decode.js';
export {
  learnTextTemplates, learnSitesTextTemplates, crossSiteIdioms, withoutIdioms, TEXT_TEMPLATES_KIND, TEXT_TEMPLATES_VERSION,
  type TextTemplates, type TextTemplate, type LearnTextOptions,
} from './site/templates.js';
export { cleanText, validateTextTemplates, type CleanTextOptions, type CleanTextResult } from './site/clean.js';
export {
  learnSite, learnSites, SiteSample, loadSiteModel, validateSiteModel, SITE_MODEL_KIND, SITE_MODEL_VERSION,
  type SiteModel, type SitePage, type LearnSiteOptions, type LearnSitesOptions,
} from './site/model.js';
export {
  siteRefiner, SITE_COMBINES, DEFAULT_SITE_REFINER_OPTIONS,
  type SiteCombine, type SiteRefinerOptions, type SiteReport,
} from './site/refine.js';
export { learnStyleTree, STYLE_TREE_KIND, STYLE_TREE_VERSION, type StyleTree, type StyleTreeOptions } from './site/style-tree.js';
export { mapStyleTree, styleTreeLabels, validateStyleTree, type StyleMapping } from './site/style-map.js';
export { terms, normalizeText, termFrequencies, type TermOptions } from './text/terms.js';
export { STOP_WORDS, stopWordsFor, isStopWord } from './text/stopwords.js';
export {
  createReplicaIndex, REPLICA_METHODS, REPLICA_DEFAULTS, PAPER_FINGERPRINT, ExactIndex, KeywordFingerprintIndex, MinHashIndex, SimHashIndex, HammingTable,
  exactKey, keywordFingerprint, fingerprintKeywords, detectBySort, lshParameters, candidateProbability, hammingDistance, md5Hex,
  type ReplicaIndex, type ReplicaMatch, type ReplicaCluster, type ReplicaIndexOptions, type ReplicaMethod, type ReplicaOptionsByMethod,
  type FingerprintOptions, type MinHashOptions, type SimHashOptions, type SimHash64,
} from './corpus/replicas/index.js';
export { integrate, extractPage, DOCVIEW_DEFAULTS, type IntegrateOptions, type ParsedPage, type DocViewParams } from './corpus/docview.js';
export { CorpusStats, AGGRESSIVE_DEFAULTS, type AggressiveOptions, type CorpusStatsJSON } from './corpus/corpus-stats.js';
export { normalizeUrl, type UrlNormalizeOptions } from './corpus/url.js';
export { pageVisibleText } from './corpus/page-text.js';
export { splitSentences } from './text/sentences.js';
export {
  trainClassifier, classify, classifierTerms, parseClassifierModel, validateClassifierModel, TRAIN_DEFAULTS, CLASSIFIER_KIND, CLASSIFIER_VERSION,
  type ClassifierModel, type ClassifierAlgorithm, type TrainOptions, type TrainingDoc, type Classification,
} from './corpus/classify/model.js';
export { selectFeatures, type ScoredFeature, type ChiSquareOptions } from './corpus/classify/chi-square.js';
export { classificationReport, type ClassificationReport, type ClassScores } from './corpus/classify/metrics.js';
export { dvps, type DvpsResult, type SemanticBlock } from './visual/dvps.js';
export { DVPS_PARAMS, VIPS_BASELINE_PARAMS, type DvpsParams } from './visual/dvps-params.js';
export { validateLayout, LAYOUT_SNAPSHOT_VERSION, type LayoutSnapshot, type ElementLayout } from './visual/layout.js';
export { syntheticLayoutOf } from './visual/synthetic-layout.js';
