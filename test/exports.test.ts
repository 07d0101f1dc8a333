import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as thresher from '../src/index.js';

test('the public exports are pinned', () => {
  assert.deepEqual(Object.keys(thresher).sort(), [
    'AGGRESSIVE_DEFAULTS', 'ALGORITHMS', 'CLASSIFIER_KIND', 'CLASSIFIER_VERSION', 'CorpusStats', 'DEFAULT_BUDGET',
    'DEFAULT_SITE_REFINER_OPTIONS', 'DOCVIEW_DEFAULTS', 'DVPS_PARAMS', 'EXTRACT_MODES', 'ExactIndex', 'HammingTable', 'KeywordFingerprintIndex',
    'LAYOUT_SNAPSHOT_VERSION', 'MinHashIndex', 'OUTPUT_FORMATS', 'PAPER_FINGERPRINT', 'REPLICA_DEFAULTS', 'REPLICA_METHODS', 'SITE_COMBINES', 'SITE_MODEL_KIND',
    'SITE_MODEL_VERSION', 'STOP_WORDS', 'STYLE_TREE_KIND', 'STYLE_TREE_VERSION', 'SimHashIndex', 'SiteSample',
    'TEXT_TEMPLATES_KIND', 'TEXT_TEMPLATES_VERSION', 'TRAIN_DEFAULTS', 'ThresherError', 'VIPS_BASELINE_PARAMS', 'candidateProbability',
    'classificationReport', 'classifierTerms', 'classify', 'cleanText', 'createReplicaIndex', 'crossSiteIdioms',
    'decodeHtml', 'detectBySort', 'dvps', 'exactKey', 'extract', 'extractPage', 'fingerprintKeywords', 'hammingDistance',
    'integrate', 'isStopWord', 'isThresherError', 'keywordFingerprint', 'learnSite', 'learnSites',
    'learnSitesTextTemplates', 'learnStyleTree', 'learnTextTemplates', 'loadSiteModel', 'lshParameters', 'mapStyleTree',
    'md5Hex', 'normalizeText', 'normalizeUrl', 'pageVisibleText', 'parseClassifierModel', 'parseHtml', 'selectFeatures',
    'siteRefiner', 'sniffEncoding', 'splitSentences', 'stopWordsFor', 'styleTreeLabels', 'syntheticLayoutOf', 'termFrequencies', 'terms',
    'trainClassifier', 'validateClassifierModel', 'validateLayout', 'validateSiteModel', 'validateStyleTree', 'validateTextTemplates',
    'withoutIdioms',
  ]);
});
