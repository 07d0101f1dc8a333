// A hand-made documentation page (test/fixtures/docs-pages/sphinx.html, Sphinx's markup), as a
// new user tried one: the headings' hover-only permalink anchors ("¶") are no text, and a table
// row keeps its values with its key.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { extract } from '../src/index.js';
import { parseHtml } from '../src/dom/parse.js';
import { computeFeatures } from '../src/dom/features.js';

const FIXTURES = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, '..', '..', 'test', 'fixtures');
const html = readFileSync(join(FIXTURES, 'docs-pages', 'sphinx.html'), 'utf8');

test('docs page: the title and the headings hold no permalink anchor', () => {
  const r = extract(html, { url: 'https://docs.tidewater.example/2.4/cache.html', formats: ['markdown', 'html'] });
  assert.equal(r.title, 'Configuring the cache');
  assert.ok(!r.text.includes('¶') && !r.markdown!.includes('¶') && !r.html!.includes('¶'), r.markdown);
  assert.match(r.markdown!, /^## Memory cache$/m);
  // An anchor the theme also marks aria-hidden (Hugo's "#") is no part of the title either.
  const hugo = extract(html.replace('<a class="headerlink" href="#configuring-the-cache" title="Permalink to this heading">¶</a>', '<a class="anchor" aria-hidden="true" href="#configuring-the-cache">#</a>'));
  assert.equal(hugo.title, 'Configuring the cache');
});

test('docs page: every row of a data table keeps its values', () => {
  const r = extract(html, { formats: ['markdown'] });
  assert.match(r.text, /^max_entries\t1000\tpages kept in memory$/m);
  assert.match(r.text, /^ttl\t5m\thow long an entry stays fresh$/m);
  assert.match(r.markdown!, /^\| `ttl` \| 5m \| how long an entry stays fresh \|$/m);
});

test('permalink anchors: a same-page link whose whole text is ¶, §, # or a link symbol is hidden; other links are not', () => {
  const doc = parseHtml('<body><h2 id="a">Setup<a class="headerlink" href="#a">¶</a></h2><h2 id="b">Use <a href="#b">§</a></h2>' +
    '<p>See <a href="#a">setup</a> and <a href="/c">¶</a>.</p><p><a href="#n1">1</a></p></body>');
  computeFeatures(doc);
  const hidden = doc.elements.filter((e) => e.tag === 'a').map((a) => a.hidden);
  assert.deepEqual(hidden, [true, true, false, false, false]);
});
