import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as thresher from '../src/index.js';

test('the public exports are pinned', () => {
  assert.deepEqual(Object.keys(thresher).sort(), [
    'ALGORITHMS', 'DEFAULT_BUDGET', 'DEFAULT_SITE_REFINER_OPTIONS', 'ExactIndex', 'HammingTable', 'KeywordFingerprintIndex',
    'MinHashIndex', 'PAPER_FINGERPRINT', 'REPLICA_DEFAULTS', 'REPLICA_METHODS', 'SITE_COMBINES', 'SITE_MODEL_KIND',
    'SITE_MODEL_VERSION', 'STOP_WORDS', 'STYLE_TREE_KIND', 'STYLE_TREE_VERSION', 'SimHashIndex', 'SiteSample',
    'TEXT_TEMPLATES_KIND', 'TEXT_TEMPLATES_VERSION', 'ThresherError', 'candidateProbability', 'cleanText', 'createReplicaIndex',
    'crossSiteIdioms', 'decodeHtml', 'detectBySort', 'exactKey', 'extract', 'fingerprintKeywords', 'hammingDistance',
    'isStopWord', 'isThresherError', 'keywordFingerprint', 'learnSite', 'learnSites', 'learnSitesTextTemplates',
    'learnStyleTree', 'learnTextTemplates', 'loadSiteModel', 'lshParameters', 'mapStyleTree', 'md5Hex', 'normalizeText',
    'parseHtml', 'siteRefiner', 'sniffEncoding', 'stopWordsFor', 'styleTreeLabels', 'termFrequencies', 'terms',
    'validateSiteModel', 'validateStyleTree', 'validateTextTemplates', 'withoutIdioms',
  ]);
});
