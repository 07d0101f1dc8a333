/**
 * Applying a site model to a page: the SiteRefiner behind extract(page, { site }).
 *
 * The page-level labeler decides first; the site model then refines its labels (issue 3 §4:
 * "the page-level extractor still decides what the model leaves open"). What the text templates
 * (paper 004) know is which text recurs across the site's pages, so they act on what the page
 * level kept:
 *   - a text unit (a block with text of its own) whose text is mostly template becomes NOISE;
 *   - inside a kept unit, an inline element whose text is all template (a dateline span, a
 *     "Share this" link run) becomes NOISE, unless `combine` is 'units'.
 * Paper 004 cleans flat text and never looks at markup; mapping its removed intervals back onto
 * elements is this file's addition, so the result is still a labels overlay that renders to
 * every format.
 *
 * Guards, so that a model never makes a page much worse than page level alone (each falls back
 * to the page-level labels with a diagnostic):
 *   - host: a page of another host (by its URL) is refused, or throws E_SITE_HOST when `strictHost`;
 *   - fit: a page whose text is far less template than the sample's pages (another page type,
 *     a redesigned template) is not the page the model was learned for;
 *   - loss: when the model would remove more than `maxRemovedShare` of the text the page level
 *     kept, the "template" is more likely the article itself (a replica of a sample page, a site
 *     whose sample is too small to tell template from content).
 * Paper 001's Site Style Tree then acts where the page maps onto it (combine 'style-noise', the
 * default): a part it maps onto a noisy node becomes NOISE over the page level's CONTENT, unless
 * that one part holds most of what the page level kept.
 * The constants were chosen on the synthetic sites of src/synth/ and checked on the real
 * multi-page hosts of dragnet and l3s-gn1 by scripts/eval-site.mjs (docs/site-models.md).
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { ThresherError } from '../errors.js';
import { CONTENT, Labels, NOISE, UNSET } from '../page/labels.js';
import type { Diagnostic, PageType, SiteRefiner } from '../types.js';
import { cleanText } from './clean.js';
import { hostOf, validateSiteModel, type SiteModel } from './model.js';
import { coverUnits, pageUnits, unitLines, type PageUnit, type UnitCover } from './units.js';
import { mapStyleTree } from './style-map.js';
import type { StyleTree } from './style-tree.js';

/**
 * How the site model's verdicts combine with the page level's (named presets of the flags in
 * SiteRefinerOptions; scripts/eval-site.mjs measures them):
 *   - 'text': paper 004's templates only: template units, and all-template inline runs inside
 *     kept units, become NOISE;
 *   - 'text-units': the same with whole units only;
 *   - 'style-noise': 'text', and the parts the Site Style Tree maps onto noisy nodes (and
 *     locally noisy features) become NOISE over the page level's CONTENT;
 *   - 'style': 'style-noise', and units in parts the style tree calls meaningful that the page
 *     level dropped become CONTENT, when their text is not template;
 *   - 'style-agree': 'text', plus style-tree noise only where the text templates agree that the
 *     part holds template text.
 */
export type SiteCombine = 'text' | 'text-units' | 'style-noise' | 'style' | 'style-agree';

export const SITE_COMBINES: readonly SiteCombine[] = ['text', 'text-units', 'style-noise', 'style', 'style-agree'];

export interface SiteRefinerOptions {
  combine?: SiteCombine;
  /** A unit is template when at least this share of its non-space characters is template text. */
  unitShare?: number;
  /** Fit guard: fall back when the page's template share is below this fraction of the sample's lowest. 0 turns it off. */
  minFit?: number;
  /**
   * Loss guard: fall back when the model would remove more than this share of the page-level
   * text, or leave too little of it to stand as content. 1 turns both off.
   */
  maxRemovedShare?: number;
  /** Style guard: the style tree is not used on a page when more than this share of its text maps nowhere on it. */
  maxUnmatchedShare?: number;
  /** A page of another host throws E_SITE_HOST instead of falling back. */
  strictHost?: boolean;
  /**
   * Count only template text that reaches a unit's start or end (see units.ts coverUnits); false
   * counts every match, as paper 004's flat-text cleaning does.
   */
  anchored?: boolean;
  /** Template units are removed only outside the span of the page's own kept text (see refine). */
  edges?: boolean;
  /** A kept unit with at least this many non-space characters of non-template text bounds that span. */
  anchorChars?: number;
}

/**
 * Defaults, chosen by scripts/eval-site.mjs (docs/site-models.md): 'style-noise' beat 'text' on
 * the synthetic sites at every sample size and on dragnet's multi-page hosts, and tied on
 * l3s-gn1; 'style' (adding what the style tree calls meaningful) lost everywhere — per-page
 * related-link and teaser blocks vary like content, so the tree calls them meaningful. The edge
 * rule with 80-character anchors halved the pages dragnet's truth says were made worse (comment
 * headers and standing disclaimers inside the kept text) and kept the synthetic lift; unitShare
 * 0.6 and the guards' thresholds are set by hand on the synthetic sites.
 */
export const DEFAULT_SITE_REFINER_OPTIONS: Required<SiteRefinerOptions> = {
  combine: 'style-noise', unitShare: 0.6, minFit: 0.5, maxRemovedShare: 0.5, maxUnmatchedShare: 0.5, strictHost: false, anchored: true,
  edges: true, anchorChars: 80,
};

/** Non-space characters below which extract() would take the refined labeling for a failure (its MIN_CHARS, 250 with spaces). */
const MIN_KEPT_CHARS = 210;

/** A style-tree noise part holding more than this share of the page-level text is not trusted (one part, the whole article?). */
const MAX_STYLE_NOISE_SHARE = 0.3;

/** What the refiner did to one page (on the returned labels as `site`). */
export interface SiteReport {
  /** Share of the page's unit text that is template. */
  coverage: number;
  /** Units and inline elements turned to NOISE by the text templates. */
  units: number;
  inline: number;
  /** Elements turned to NOISE, units turned to CONTENT, by the style tree. */
  styleNoise: number;
  styleAdded: number;
  /** Share of the page's text the style tree could not map (null: no style tree used). */
  unmatched: number | null;
  /** Share of the page-level text removed, and text added (relative to the page-level text). */
  removedShare: number;
  addedShare: number;
  /** Why the model was not applied, if it was not. */
  fallback?: 'host' | 'fit' | 'loss';
}

type PageLabels = Labels & { pageType?: PageType; diagnostics?: Diagnostic[]; site?: SiteReport };

function copyLabels(doc: DomDocument, page: Labels & { pageType?: PageType }): PageLabels {
  const out = new Labels(doc) as PageLabels;
  out.marks.set(page.marks);
  for (const [k, v] of page.reasons) out.reasons.set(k, v);
  if (page.pageType !== undefined) out.pageType = page.pageType;
  return out;
}

function nonSpace(s: string, from = 0, to = s.length): number {
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 9 && c !== 13 && c !== 0xa0) n++;
  }
  return n;
}

/** Marks a unit NOISE, keeping the blocks inside it as they were: a unit's own text is what it is judged on. */
function noiseUnit(out: PageLabels, u: DomElement, reason: string): void {
  const keep: DomElement[] = [];
  for (const c of u.children) {
    if (c.kind === 1 && (BLOCK_TAGS.has(c.tag) || c.blocks > 0) && out.effective(c) === CONTENT) keep.push(c);
  }
  out.set(u, NOISE, reason);
  for (const c of keep) if (out.get(c) === 0) out.set(c, CONTENT, 'site: block inside a template unit');
}

interface Flags { text: 'trim' | 'units'; styleNoise: 'off' | 'all' | 'agree'; styleAdd: boolean }

function flagsOf(c: SiteCombine): Flags {
  switch (c) {
    case 'text': return { text: 'trim', styleNoise: 'off', styleAdd: false };
    case 'text-units': return { text: 'units', styleNoise: 'off', styleAdd: false };
    case 'style-noise': return { text: 'trim', styleNoise: 'all', styleAdd: false };
    case 'style': return { text: 'trim', styleNoise: 'all', styleAdd: true };
    case 'style-agree': return { text: 'trim', styleNoise: 'agree', styleAdd: false };
  }
}

/** The SiteRefiner of a site model (validated first; E_SITE_MODEL when it is not one). */
export function siteRefiner(model: SiteModel, options: SiteRefinerOptions = {}): SiteRefiner & { readonly model: SiteModel } {
  validateSiteModel(model);
  const o = { ...DEFAULT_SITE_REFINER_OPTIONS, ...options };
  if (!SITE_COMBINES.includes(o.combine)) throw new ThresherError('E_BAD_OPTION', `siteRefiner: combine must be one of ${SITE_COMBINES.join(', ')}`);
  for (const k of ['unitShare', 'minFit', 'maxRemovedShare', 'maxUnmatchedShare'] as const) {
    if (!(o[k] >= 0 && o[k] <= 1)) throw new ThresherError('E_BAD_OPTION', `siteRefiner: ${k} must be in [0, 1], got ${String(o[k])}`);
  }
  if (!(Number.isInteger(o.anchorChars) && o.anchorChars >= 0)) throw new ThresherError('E_BAD_OPTION', `siteRefiner: anchorChars must be an integer ≥ 0, got ${String(o.anchorChars)}`);
  const flags = flagsOf(o.combine);
  const tree = flags.styleNoise !== 'off' || flags.styleAdd ? model.styleTree : undefined;
  const host = model.host;
  const fallback = (doc: DomDocument, page: Labels & { pageType?: PageType }, why: SiteReport['fallback'], message: string, report: Omit<SiteReport, 'fallback'>): PageLabels => {
    const out = copyLabels(doc, page);
    out.diagnostics = [{ code: why === 'host' ? 'W_SITE_HOST' : why === 'fit' ? 'W_SITE_FIT' : 'W_SITE_LOSS', message: `site model ${host}: ${message}; page-level labels kept` }];
    out.site = { ...report, fallback: why };
    return out;
  };

  return {
    host,
    model,
    refine(doc, page, context) {
      const empty: Omit<SiteReport, 'fallback'> = { coverage: 0, units: 0, inline: 0, styleNoise: 0, styleAdded: 0, unmatched: null, removedShare: 0, addedShare: 0 };
      const pageHost = hostOf(context?.url);
      if (pageHost !== undefined && pageHost !== host) {
        if (o.strictHost) throw new ThresherError('E_SITE_HOST', `the site model is for ${host}, the page ${context!.url} is on ${pageHost}`, { model: host, page: pageHost });
        return fallback(doc, page, 'host', `the page is on ${pageHost}, not ${host}`, empty);
      }
      const units = pageUnits(doc);
      const removed = cleanText(unitLines(units), model.textTemplates).removed;
      const cover = coverUnits(units, removed, o.anchored);
      let all = 0, tmpl = 0;
      for (const c of cover) { all += c.total; tmpl += c.gone; }
      const report: Omit<SiteReport, 'fallback'> = { ...empty, coverage: all ? tmpl / all : 0 };
      const out = copyLabels(doc, page);
      const pageEffective = page.effectiveAll();
      const pageContent = units.map((u) => pageEffective[u.el.id] === CONTENT);

      // 1. paper 004: template text among what the page level kept. With `edges`, a template
      // unit between two kept units of the page's own text (at least `anchorChars` of it) stays:
      // recurring text inside the article or its discussion (a comment's "name, date at time"
      // header, a standing disclaimer) is part of what the page level kept it with.
      let firstAnchor = units.length, lastAnchor = -1;
      if (o.edges) {
        units.forEach((_, i) => {
          const c = cover[i];
          if (pageContent[i] && c.total - c.gone >= o.anchorChars && c.gone < 0.5 * c.total) { firstAnchor = Math.min(firstAnchor, i); lastAnchor = i; }
        });
      }
      units.forEach((u, i) => {
        if (!pageContent[i]) return;
        const c = cover[i];
        if (i > firstAnchor && i < lastAnchor) return;
        if (c.total > 0 && c.gone >= o.unitShare * c.total) {
          noiseUnit(out, u.el, `site: template text (${Math.round((100 * c.gone) / c.total)}% of the unit)`);
          report.units++;
          return;
        }
        if (flags.text === 'trim' && c.gone > 0) {
          let coveredTo = -1;
          u.inline.forEach((sp, k) => {
            if (!c.spans[k] || sp.start < coveredTo) return; // outermost all-template spans only
            out.set(sp.el, NOISE, 'site: template text inside the unit');
            coveredTo = sp.end;
            report.inline++;
          });
        }
      });

      // 2. paper 001: the style tree's noisy and meaningful parts
      if (tree) applyStyleTree(tree, doc, page, out, units, cover, pageContent, flags, o, report);

      // guards
      const before = keptChars(units, cover, page, pageContent);
      const after = keptChars(units, cover, out, null);
      report.removedShare = before.total ? before.lost(after) : 0;
      report.addedShare = before.total ? after.gained(before) : 0;
      const floor = model.fit.coverage.min * o.minFit;
      if (o.minFit > 0 && report.coverage < floor) {
        return fallback(doc, page, 'fit', `${pct(report.coverage)} of the page is template text, the sample's pages ${pct(model.fit.coverage.min)}–${pct(model.fit.coverage.max)} (another page type, or the template changed?)`, report);
      }
      // The loss guards protect the page level's own answer. A fallback attempt of extract()'s
      // cascade runs because that answer was short, and keeps whole pages: there, removing the
      // site's template is the point, and its result competes with the others on length.
      const firstAttempt = (context?.attempt ?? 0) === 0;
      // extract() treats a labeling under ~250 characters as a failure and runs its fallback
      // labelers, whose longest result wins: a model that shortens a short article below that
      // line would hand the page to the crudest labeler.
      if (firstAttempt && o.maxRemovedShare < 1 && before.total >= MIN_KEPT_CHARS && after.total < MIN_KEPT_CHARS) {
        return fallback(doc, page, 'loss', `the model would leave ${after.total} of ${before.total} characters, too few to stand as the page's content`, report);
      }
      if (firstAttempt && report.removedShare > o.maxRemovedShare) {
        return fallback(doc, page, 'loss', `the model would remove ${pct(report.removedShare)} of the page-level text (over maxRemovedShare ${pct(o.maxRemovedShare)})`, report);
      }
      out.site = report;
      return out;
    },
  };
}

/** Per unit, the non-space characters a labeling keeps (inline NOISE runs inside a kept unit subtracted). */
function keptChars(units: readonly PageUnit[], cover: readonly UnitCover[], labels: Labels, content: boolean[] | null) {
  const effective = labels.effectiveAll();
  const kept = units.map((u, i) => {
    if (!(content ? content[i] : effective[u.el.id] === CONTENT)) return 0;
    let n = cover[i].total, coveredTo = -1;
    for (const sp of u.inline) {
      if (sp.start < coveredTo || effective[sp.el.id] !== NOISE) continue;
      n -= nonSpace(u.text, sp.start, sp.end);
      coveredTo = sp.end;
    }
    return Math.max(0, n);
  });
  const total = kept.reduce((a, b) => a + b, 0);
  return {
    total, kept,
    /** Share of this labeling's text that `other` drops. */
    lost(other: { kept: number[] }): number { let l = 0; kept.forEach((k, i) => { l += Math.max(0, k - other.kept[i]); }); return l / total; },
    /** Text this labeling keeps beyond `base`, relative to base's total. */
    gained(base: { kept: number[]; total: number }): number { let g = 0; kept.forEach((k, i) => { g += Math.max(0, k - base.kept[i]); }); return g / base.total; },
  };
}

function applyStyleTree(tree: StyleTree, doc: DomDocument, page: Labels, out: PageLabels, units: readonly PageUnit[], cover: readonly UnitCover[],
  pageContent: boolean[], flags: Flags, o: Required<SiteRefinerOptions>, report: Omit<SiteReport, 'fallback'>): void {
  const m = mapStyleTree(tree, doc);
  const bodyLen = (doc.body ?? doc.root).textLen;
  let unmatched = 0;
  for (const el of m.unmatched) unmatched += el.textLen;
  report.unmatched = bodyLen ? unmatched / bodyLen : 0;
  if (report.unmatched > o.maxUnmatchedShare) return; // the page does not map onto this tree: page level alone
  // Units by element id, to find the units inside a part (ids are pre-order; `tags` counts descendants).
  const unitAt = new Map<number, number>();
  units.forEach((u, i) => unitAt.set(u.el.id, i));
  const unitsIn = (el: DomElement): number[] => {
    const r: number[] = [];
    for (let id = el.id, end = el.id + el.tags; id <= end; id++) { const k = unitAt.get(id); if (k !== undefined) r.push(k); }
    return r;
  };
  let pageChars = 0;
  units.forEach((_, i) => { if (pageContent[i]) pageChars += cover[i].total; });
  if (flags.styleNoise !== 'off') {
    for (const el of [...m.noisy, ...m.locallyNoisy]) {
      const inside = unitsIn(el);
      let kept = 0, tmpl = 0, all = 0;
      for (const k of inside) { if (pageContent[k]) kept += cover[k].total; tmpl += cover[k].gone; all += cover[k].total; }
      if (kept === 0) continue;                                        // the page level already agrees
      if (kept > MAX_STYLE_NOISE_SHARE * pageChars) continue;           // one "noisy" part holding the article: not trusted
      if (flags.styleNoise === 'agree' && !(tmpl > 0 && tmpl >= 0.3 * all)) continue;
      out.set(el, NOISE, `site: style tree noisy part (${tree.pages} pages)`);
      // The page level marks kept units CONTENT one by one; inside a noisy part they go too.
      for (let id = el.id + 1, end = el.id + el.tags; id <= end; id++) if (out.marks[id] === CONTENT) out.marks[id] = UNSET;
      report.styleNoise++;
    }
  }
  if (flags.styleAdd) {
    for (const el of m.meaningful) {
      for (const k of unitsIn(el)) {
        const u = units[k];
        if (pageContent[k] || u.el.blocks > 0 || u.el.hidden || cover[k].total === 0) continue;
        if (cover[k].gone >= 0.5 * cover[k].total) continue;            // template text stays out
        if (out.effective(u.el) === CONTENT) continue;
        out.set(u.el, CONTENT, 'site: in a part the style tree calls meaningful');
        report.styleAdded++;
      }
    }
  }
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;
