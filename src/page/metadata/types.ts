/** What page metadata is: the fields, and where each came from. */

/** What kind of page it is (schema.org types and page shape, folded to a few kinds). */
export type PageKind = 'article' | 'product' | 'listing' | 'forum' | 'docs' | 'homepage' | 'video' | 'recipe' | 'event' | 'profile' | 'other';

export interface PageMetadata {
  /** The headline: the site name removed from either end of <title>, checked against <h1> and og:title. */
  title: string;
  /** People, normalised: no "By", no e-mail, no "and"; never "Staff" or "Admin". Empty when unknown. */
  authors: string[];
  /** ISO 8601: a day (2024-03-05), or a time with its zone (2024-03-05T14:30:00+01:00) when the page gives them. */
  published?: string;
  modified?: string;
  siteName?: string;
  description?: string;
  /** Absolute URL of the page's lead image. */
  image?: string;
  canonicalUrl?: string;
  /** BCP 47, lower case: from the markup, else detected from the text. */
  lang?: string;
  tags: string[];
  kind?: PageKind;
}

/** Where a field's value came from, in the order a careful reader trusts them. */
export type MetadataSource =
  | 'json-ld' | 'opengraph' | 'twitter' | 'dublin-core' | 'microdata' | 'meta' | 'markup'
  | 'title-tag' | 'h1' | 'byline' | 'url' | 'text' | 'detected'
  /** A page's own JSON payload (Next.js, Nuxt, an app's state script): dates under publish-like keys; the article record's headline and authors. */
  | 'app-data';

export interface MetadataResult {
  metadata: PageMetadata;
  /** Per field that has a value: the source that won. */
  sources: Partial<Record<keyof PageMetadata, MetadataSource>>;
  /** The element holding the headline in the body (an <h1>, say), when one matches the title: the body leaves it out. */
  headline: import('../../dom/node.js').DomElement | null;
  /** An element that shows the title's text, found where no headline element could be trusted (title.ts ChosenTitle.shown). */
  shownTitle?: import('../../dom/node.js').DomElement;
  /** JSON-LD `articleBody`, or a Next.js / Nuxt payload's article text, when the page has one. */
  articleBody?: string;
}
