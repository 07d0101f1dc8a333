/** The site fixtures' shared steps: learn from sample/*.html, extract input.html with the model. Helper module: no tests. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from '../src/page/extract.js';
import { learnSite } from '../src/site/model.js';
import { siteRefiner } from '../src/site/refine.js';
import { hostOf } from '../src/site/model.js';

/** test/fixtures/site/<case>/: sample/*.html (the site's other pages), input.html, url.txt, expected.md. */
export function runSiteFixture(dir: string) {
  const url = readFileSync(join(dir, 'url.txt'), 'utf8').trim();
  const sample = readdirSync(join(dir, 'sample')).filter((f) => f.endsWith('.html')).sort()
    .map((f) => ({ html: readFileSync(join(dir, 'sample', f), 'utf8') }));
  const model = learnSite(sample, { host: hostOf(url) });
  const input = readFileSync(join(dir, 'input.html'), 'utf8');
  // byline: true, so that the page level keeps the template's byline line (the contract would cut
  // it by its shape) and the fixture shows the model finding template text by itself.
  return { model, page: extract(input, { url, byline: true }), site: extract(input, { url, byline: true, site: siteRefiner(model) }) };
}
