/**
 * Dates from the page's own JSON payloads (`__NEXT_DATA__`, Nuxt state, any `<script
 * type="application/json">`): single-page apps often print no date in their HTML and keep it
 * only there, under a publish-like key. The payload's shape is the site's own, so it is not
 * parsed: one linear regex finds the first "publishedAt": "…"-style pair in a bounded prefix of
 * each script. Trusted below the page's structured metadata: a payload may list other articles.
 */
import type { DataScript } from '../../dom/node.js';
import { parseDate } from './dates.js';
import { Found } from './found.js';

/** Characters of each payload searched: the page's own record comes early in every framework we know. */
const MAX_SCAN = 512 * 1024;

const PUBLISHED_KEY = /"(?:datePublished|date_published|published_?[aA]t|publishedDate|published_date|publishDate|publish_date|publicationDate|publication_date|firstPublished(?:At|Date)?|first_published_at|pubDate|pub_date)"\s{0,3}:\s{0,3}"([^"\\]{8,40})"/;
const MODIFIED_KEY = /"(?:dateModified|date_modified|updated_?[aA]t|updatedDate|lastModified(?:Date)?|modifiedDate|modified_at|last_updated)"\s{0,3}:\s{0,3}"([^"\\]{8,40})"/;

export function readAppData(scripts: DataScript[] | undefined): Found {
  const found = new Found();
  for (const s of scripts ?? []) {
    if (s.type.includes('ld+json')) continue;
    const text = s.text.length > MAX_SCAN ? s.text.slice(0, MAX_SCAN) : s.text;
    if (!found.has('published')) {
      const m = PUBLISHED_KEY.exec(text);
      if (m) found.add('published', parseDate(m[1]), 'app-data');
    }
    if (!found.has('modified')) {
      const m = MODIFIED_KEY.exec(text);
      if (m) found.add('modified', parseDate(m[1]), 'app-data');
    }
    if (found.has('published') && found.has('modified')) break;
  }
  return found;
}
