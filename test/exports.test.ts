import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as thresher from '../src/index.js';

test('the public exports are pinned', () => {
  assert.deepEqual(Object.keys(thresher).sort(), [
    'ALGORITHMS', 'DEFAULT_BUDGET', 'DEFAULT_SITE_REFINER_OPTIONS', 'SITE_COMBINES', 'SITE_MODEL_KIND', 'SITE_MODEL_VERSION',
    'STYLE_TREE_KIND', 'STYLE_TREE_VERSION', 'SiteSample', 'TEXT_TEMPLATES_KIND', 'TEXT_TEMPLATES_VERSION', 'ThresherError',
    'cleanText', 'crossSiteIdioms', 'decodeHtml', 'extract', 'isThresherError', 'learnSite', 'learnSites', 'learnSitesTextTemplates',
    'learnStyleTree', 'learnTextTemplates', 'loadSiteModel', 'mapStyleTree', 'parseHtml', 'siteRefiner', 'sniffEncoding',
    'styleTreeLabels', 'validateSiteModel', 'validateStyleTree', 'validateTextTemplates', 'withoutIdioms',
  ]);
});
