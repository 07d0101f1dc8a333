/**
 * What a metadata source hands to the merge: values it found, each labelled with the source it
 * came from, in the order that source trusts them. The merge (merge.ts) takes, per field, the
 * first valid value from the most trusted source.
 */
import type { MetadataSource, PageKind } from './types.js';
import type { DateValue } from './dates.js';

export interface FieldValues {
  authors: string[];
  published: DateValue;
  modified: DateValue;
  siteName: string;
  description: string;
  image: string;
  canonicalUrl: string;
  lang: string;
  tags: string[];
  kind: PageKind;
}

export type Field = keyof FieldValues;

export interface Proposal {
  field: Field;
  value: FieldValues[Field];
  source: MetadataSource;
}

/** The candidates for the title, gathered for title.ts's chooser. */
export interface TitleHints {
  titleTag?: string;
  ogTitle?: string;
  twitterTitle?: string;
  jsonLdHeadline?: string;
  microdataHeadline?: string;
  siteName?: string;
}

/** A growing list of proposals from one source. */
export class Found {
  readonly list: Proposal[] = [];
  add<K extends Field>(field: K, value: FieldValues[K] | undefined | null, source: MetadataSource): void {
    if (value === undefined || value === null) return;
    if (typeof value === 'string' && !value) return;
    if (Array.isArray(value) && !value.length) return;
    this.list.push({ field, value, source });
  }
  has(field: Field): boolean {
    for (const p of this.list) if (p.field === field) return true;
    return false;
  }
}
