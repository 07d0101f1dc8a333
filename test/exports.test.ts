import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as thresher from '../src/index.js';

test('the public exports are pinned', () => {
  assert.deepEqual(Object.keys(thresher).sort(), [
    'ALGORITHMS', 'DEFAULT_BUDGET', 'TEXT_TEMPLATES_KIND', 'TEXT_TEMPLATES_VERSION', 'ThresherError', 'cleanText', 'crossSiteIdioms',
    'decodeHtml', 'extract', 'isThresherError', 'learnSitesTextTemplates', 'learnTextTemplates', 'parseHtml', 'sniffEncoding',
    'validateTextTemplates', 'withoutIdioms',
  ]);
});
