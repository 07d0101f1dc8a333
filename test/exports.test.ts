import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as thresher from '../src/index.js';

test('the public exports are pinned', () => {
  assert.deepEqual(Object.keys(thresher).sort(), [
    'AGGRESSIVE_DEFAULTS', 'ALGORITHMS', 'CLASSIFIER_KIND', 'CLASSIFIER_VERSION', 'CorpusStats', 'DEFAULT_BUDGET',
    'DOCVIEW_DEFAULTS', 'ExactIndex', 'HammingTable', 'KeywordFingerprintIndex', 'MinHashIndex', 'PAPER_FINGERPRINT',
    'REPLICA_DEFAULTS', 'REPLICA_METHODS', 'STOP_WORDS', 'SimHashIndex', 'TEXT_TEMPLATES_KIND', 'TEXT_TEMPLATES_VERSION',
    'TRAIN_DEFAULTS', 'ThresherError', 'candidateProbability', 'classificationReport', 'classifierTerms', 'classify', 'cleanText',
    'createReplicaIndex', 'crossSiteIdioms', 'decodeHtml', 'detectBySort', 'exactKey', 'extract', 'extractPage',
    'fingerprintKeywords', 'hammingDistance', 'integrate', 'isStopWord', 'isThresherError', 'keywordFingerprint',
    'learnSitesTextTemplates', 'learnTextTemplates', 'lshParameters', 'md5Hex', 'normalizeText', 'normalizeUrl',
    'pageVisibleText', 'parseClassifierModel', 'parseHtml', 'selectFeatures', 'sniffEncoding', 'splitSentences', 'stopWordsFor',
    'termFrequencies', 'terms', 'trainClassifier', 'validateClassifierModel', 'validateTextTemplates', 'withoutIdioms',
  ]);
});
