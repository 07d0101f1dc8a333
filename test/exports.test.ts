import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as thresher from '../src/index.js';

test('the public exports are pinned', () => {
  assert.deepEqual(Object.keys(thresher).sort(), [
    'ALGORITHMS', 'DEFAULT_BUDGET', 'ExactIndex', 'HammingTable', 'KeywordFingerprintIndex', 'MinHashIndex', 'PAPER_FINGERPRINT', 'REPLICA_DEFAULTS',
    'REPLICA_METHODS', 'STOP_WORDS', 'SimHashIndex', 'TEXT_TEMPLATES_KIND', 'TEXT_TEMPLATES_VERSION', 'ThresherError',
    'candidateProbability', 'cleanText', 'createReplicaIndex', 'crossSiteIdioms', 'decodeHtml', 'detectBySort', 'exactKey', 'extract',
    'fingerprintKeywords', 'hammingDistance', 'isStopWord', 'isThresherError', 'keywordFingerprint', 'learnSitesTextTemplates',
    'learnTextTemplates', 'lshParameters', 'md5Hex', 'normalizeText', 'parseHtml', 'sniffEncoding', 'stopWordsFor', 'termFrequencies',
    'terms', 'validateTextTemplates', 'withoutIdioms',
  ]);
});
