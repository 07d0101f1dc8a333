/**
 * The parameters of paper 002's DVPS (Shen, Li, Wang), in one place: the paper's own values
 * (§4.2, §5.1) and, marked as such, the ones this implementation had to choose because the paper
 * gives none. Each choice is explained where it is used.
 */
import { DIV_TAGS } from './div-forest.js';

export interface DvpsParams {
  /** §5.1: the permitted degree of coherence, PDoc = 5.5. Doc is on the paper's 1–10 scale. */
  pDoc: number;
  /** Chosen: the tags that are DIV nodes of the DIV_FOREST (div-forest.ts). */
  divTags: ReadonlySet<string>;
  /** Chosen: Table 1, rule 4's size threshold, as a share of the viewport's area. */
  smallShare: number;
  /** Chosen: a sub-node at least this share of the viewport's area makes a block a layout container (divided). */
  largeShare: number;
  /** Chosen: Table 1, rule 6's T, in words (a CJK character counts one). */
  fewWords: number;
  /** Chosen: the Doc of a basic DIV block a rule marks D (dividable) although it cannot be divided further. */
  dividableDoc: number;
  /** Chosen: the Doc of a block made across a separator of weight w is docScale·(1 − w). */
  docScale: number;
  /** Chosen: a separator's weight is spacingShare·spacing + (1 − spacingShare)·difference. */
  spacingShare: number;
  /** Chosen: a gap of this many times the larger main font size counts as full spacing. */
  spacingEms: number;
  /** §4.2.3: w1–w3 of Eq. 5 (0.5, 0.2, 0.3). */
  spatialWeights: readonly [number, number, number];
  /** §5.1: w4–w6 of Eq. 9 (0.7, 0.2, 0.1). */
  semanticWeights: readonly [number, number, number];
  /** Chosen: a block whose importance is at least this share of the topic block's is content too. */
  contentRatio: number;
  /** Chosen: the function-block thesaurus threshold (thesaurus.ts). */
  thesaurus: ThesaurusThreshold;
  /**
   * §4's semantic half: Eq. 9 (Imp_y) and the function-block thesaurus. On (true) for DVPS; off
   * in the VIPS-style baseline, where a block's importance is where it sits (Eq. 5) alone.
   */
  semantics: boolean;
}

export interface ThesaurusThreshold {
  /** Distinct function concepts (search, print, copyright, ...) a block must name... */
  minConcepts: number;
  /** ...with their words at least this share of the block's words. */
  minShare: number;
  /** A block that is mostly function words (a lone "Print" or "Close") is one whatever its count. */
  soloShare: number;
}

export const DVPS_PARAMS: Readonly<DvpsParams> = Object.freeze({
  pDoc: 5.5,
  divTags: DIV_TAGS,
  smallShare: 0.1,
  largeShare: 0.3,
  fewWords: 12,
  dividableDoc: 5,
  docScale: 10,
  spacingShare: 0.5,
  spacingEms: 3,
  spatialWeights: [0.5, 0.2, 0.3] as const,
  semanticWeights: [0.7, 0.2, 0.1] as const,
  contentRatio: 0.5,
  thesaurus: Object.freeze({ minConcepts: 2, minShare: 0.2, soloShare: 0.5 }),
  semantics: true,
});

/**
 * Block-level elements of HTML: the nodes a VIPS-style segmentation divides (every block box of
 * the DOM, where the DIV_FOREST keeps only the DIV-like containers and reads the rest as content).
 */
export const VIPS_BLOCK_TAGS: ReadonlySet<string> = new Set([
  'div', 'section', 'article', 'main', 'aside', 'nav', 'header', 'footer', 'form', 'fieldset',
  'table', 'tbody', 'thead', 'tfoot', 'tr', 'td', 'th', 'ul', 'ol', 'dl', 'li', 'dd', 'figure',
  'blockquote', 'center', 'details',
]);

/**
 * The plain VIPS-style baseline paper 002 compares DVPS with (§5.1, Table 4: "DVPS is more
 * accurate than VIPS"): the same visual machinery (the division rules, separators, merging until
 * Doc > PDoc, Eq. 5), but over the DOM's block boxes instead of the DIV_FOREST (no property and
 * content tags, no basic DIV blocks), and without §4's semantic half (Eq. 9, the thesaurus) that
 * DVPS adds. It is a baseline for measurement, not a VIPS implementation: VIPS's own rule set
 * (Cai et al. 2003) is not the paper's subject, and what is compared is what DVPS adds.
 */
export const VIPS_BASELINE_PARAMS: Readonly<Partial<DvpsParams>> = Object.freeze({ divTags: VIPS_BLOCK_TAGS, semantics: false });

/** The defaults with `over` on top; throws nothing (dvps.ts checks the values). */
export function dvpsParams(over: Partial<DvpsParams> = {}): DvpsParams {
  return { ...DVPS_PARAMS, ...over, thesaurus: { ...DVPS_PARAMS.thesaurus, ...over.thesaurus } };
}
