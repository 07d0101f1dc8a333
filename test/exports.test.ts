import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as thresher from '../src/index.js';

test('the public exports are pinned', () => {
  assert.deepEqual(Object.keys(thresher).sort(), [
    'AGGRESSIVE_DEFAULTS', 'ALGORITHMS', 'CLASSIFIER_KIND', 'CLASSIFIER_VERSION', 'CorpusStats', 'DEFAULT_BUDGET', 'DOCVIEW_DEFAULTS',
    'TEXT_TEMPLATES_KIND', 'TEXT_TEMPLATES_VERSION', 'TRAIN_DEFAULTS', 'ThresherError', 'classificationReport', 'classifierTerms', 'classify',
    'cleanText', 'crossSiteIdioms', 'decodeHtml', 'extract', 'extractPage', 'integrate', 'isThresherError', 'learnSitesTextTemplates',
    'learnTextTemplates', 'normalizeUrl', 'pageVisibleText', 'parseClassifierModel', 'parseHtml', 'selectFeatures', 'sniffEncoding',
    'splitSentences', 'trainClassifier', 'validateClassifierModel', 'validateTextTemplates', 'withoutIdioms',
  ]);
});
