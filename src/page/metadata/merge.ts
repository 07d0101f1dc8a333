/**
 * The one merge: each field's value is taken from the most trusted source that has a valid one,
 * and the winning source is recorded. Trust follows how a careful reader weighs them: what the
 * publisher wrote for machines (JSON-LD, then OpenGraph, Twitter, Dublin Core, plain meta,
 * microdata) before what the page shows (markup, byline), before what is inferred (URL, text).
 *
 * A modified date never becomes the published one while any source gives a published date.
 */
import type { Found, Field, FieldValues, Proposal } from './found.js';
import type { MetadataSource, PageMetadata } from './types.js';
import { resolveHttpUrl } from './urls.js';

export const TRUST: readonly MetadataSource[] = [
  'json-ld', 'opengraph', 'twitter', 'dublin-core', 'meta', 'microdata', 'app-data', 'markup',
  'title-tag', 'h1', 'byline', 'url', 'text', 'detected',
];

/** Fields whose sources are trusted in another order: the <link rel=canonical> tag ('meta') is the page's own word. */
const FIELD_TRUST: Partial<Record<Field, readonly MetadataSource[]>> = {
  canonicalUrl: ['meta', 'opengraph', 'json-ld', 'twitter', 'microdata'],
  lang: ['markup', 'meta', 'opengraph', 'dublin-core', 'json-ld', 'microdata', 'detected'],
};

const FIELDS: Field[] = ['authors', 'published', 'modified', 'siteName', 'description', 'image', 'canonicalUrl', 'lang', 'tags', 'kind'];

export interface Merged {
  values: Partial<FieldValues>;
  sources: Partial<Record<keyof PageMetadata, MetadataSource>>;
}

/**
 * A proposal's value made final, or undefined when it is not valid: URLs are resolved against the
 * page's URL here (http and https only), for the candidates met in trust order until one is valid.
 */
function finalValue(p: Proposal, base: string | undefined): FieldValues[Field] | undefined {
  if (p.field === 'image') return resolveHttpUrl(p.value as string, base);
  if (p.field === 'canonicalUrl') {
    // A JSON-LD "@id": "#webpage" resolves to the page's URL with a fragment: the page, not a part.
    const u = resolveHttpUrl(p.value as string, base);
    return u?.split('#')[0];
  }
  return p.value;
}

/**
 * Picks each field from the most trusted source among all the proposals; only `fields`, when a
 * caller needs a few (the structured sources' dates, authors and site name): the URL fields'
 * resolution is the dearest step of a merge.
 */
export function merge(found: readonly Found[], base?: string, fields: readonly Field[] = FIELDS): Merged {
  const byField = new Map<Field, Proposal[]>();
  for (const f of found) for (const p of f.list) {
    let l = byField.get(p.field);
    if (!l) byField.set(p.field, (l = []));
    l.push(p);
  }
  const out: Merged = { values: {}, sources: {} };
  for (const field of fields) {
    const list = byField.get(field);
    if (!list?.length) continue;
    const order = FIELD_TRUST[field] ?? TRUST;
    const rank = (s: MetadataSource): number => { const i = order.indexOf(s); return i < 0 ? order.length + TRUST.indexOf(s) : i; };
    // The most trusted valid proposal: the best rank first (within a source, the order it gave);
    // an invalid one (a URL that does not resolve) is set aside and the next best tried.
    const left = list; // built above for this merge only: consumed in place
    while (left.length) {
      let bi = 0;
      for (let i = 1; i < left.length; i++) if (rank(left[i].source) < rank(left[bi].source)) bi = i;
      const p = left[bi];
      const v = finalValue(p, base);
      if (v !== undefined) {
        (out.values as Record<Field, unknown>)[field] = v;
        out.sources[field] = p.source;
        break;
      }
      left.splice(bi, 1);
    }
  }
  return out;
}
