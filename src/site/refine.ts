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
 * The constants were chosen on the synthetic sites of src/synth/ and checked on the real
 * multi-page hosts of dragnet and l3s-gn1 by scripts/eval-site.mjs (README "Site models").
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { BLOCK_TAGS } from '../dom/tags.js';
import { ThresherError } from '../errors.js';
import { CONTENT, Labels, NOISE } from '../page/labels.js';
import type { Diagnostic, PageType, SiteRefiner } from '../types.js';
import { cleanText } from './clean.js';
import { hostOf, validateSiteModel, type SiteModel } from './model.js';
import { coverUnits, pageUnits, unitLines } from './units.js';

/** How the site model's verdicts combine with the page level's. */
export type SiteCombine =
  /** Template units and all-template inline runs inside kept units become NOISE (default). */
  | 'trim'
  /** Only whole template units become NOISE. */
  | 'units';

export const SITE_COMBINES: readonly SiteCombine[] = ['trim', 'units'];

export interface SiteRefinerOptions {
  combine?: SiteCombine;
  /** A unit is template when at least this share of its non-space characters is template text. */
  unitShare?: number;
  /** Fit guard: fall back when the page's template share is below this fraction of the sample's lowest. 0 turns it off. */
  minFit?: number;
  /** Loss guard: fall back when the model would remove more than this share of the page-level text. 1 turns it off. */
  maxRemovedShare?: number;
  /** A page of another host throws E_SITE_HOST instead of falling back. */
  strictHost?: boolean;
  /**
   * Count only template text that reaches a unit's start or end (see units.ts coverUnits); false
   * counts every match, as paper 004's flat-text cleaning does.
   */
  anchored?: boolean;
}

/** Defaults: see the header; chosen by scripts/eval-site.mjs on the synthetic sites, checked on dragnet/l3s-gn1. */
export const DEFAULT_SITE_REFINER_OPTIONS: Required<SiteRefinerOptions> = {
  combine: 'trim', unitShare: 0.6, minFit: 0.5, maxRemovedShare: 0.5, strictHost: false, anchored: true,
};

/** What the refiner did to one page (on the returned labels as `site`). */
export interface SiteReport {
  /** Share of the page's unit text that is template. */
  coverage: number;
  /** Units and inline elements turned to NOISE. */
  units: number;
  inline: number;
  /** Share of the page-level text removed. */
  removedShare: number;
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

/** The SiteRefiner of a site model (validated first; E_SITE_MODEL when it is not one). */
export function siteRefiner(model: SiteModel, options: SiteRefinerOptions = {}): SiteRefiner & { readonly model: SiteModel } {
  validateSiteModel(model);
  const o = { ...DEFAULT_SITE_REFINER_OPTIONS, ...options };
  if (!SITE_COMBINES.includes(o.combine)) throw new ThresherError('E_BAD_OPTION', `siteRefiner: combine must be one of ${SITE_COMBINES.join(', ')}`);
  for (const k of ['unitShare', 'minFit', 'maxRemovedShare'] as const) {
    if (!(o[k] >= 0 && o[k] <= 1)) throw new ThresherError('E_BAD_OPTION', `siteRefiner: ${k} must be in [0, 1], got ${String(o[k])}`);
  }
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
      const empty = { coverage: 0, units: 0, inline: 0, removedShare: 0 };
      const pageHost = hostOf(context?.url);
      if (pageHost !== undefined && pageHost !== host) {
        if (o.strictHost) throw new ThresherError('E_SITE_HOST', `the site model is for ${host}, the page ${context!.url} is on ${pageHost}`, { model: host, page: pageHost });
        return fallback(doc, page, 'host', `the page is on ${pageHost}, not ${host}`, empty);
      }
      const units = pageUnits(doc);
      const text = unitLines(units);
      const removed = cleanText(text, model.textTemplates).removed;
      const cover = coverUnits(units, removed, o.anchored);
      let all = 0, tmpl = 0;
      for (const c of cover) { all += c.total; tmpl += c.gone; }
      const coverage = all ? tmpl / all : 0;

      const out = copyLabels(doc, page);
      let before = 0, after = 0, nUnits = 0, nInline = 0;
      units.forEach((u, i) => {
        if (page.effective(u.el) !== CONTENT) return;
        const c = cover[i];
        before += c.total;
        if (c.total > 0 && c.gone >= o.unitShare * c.total) {
          noiseUnit(out, u.el, `site: template text (${Math.round((100 * c.gone) / c.total)}% of the unit)`);
          nUnits++;
          return;
        }
        let kept = c.total;
        if (o.combine === 'trim' && c.gone > 0) {
          let coveredTo = -1;
          u.inline.forEach((s, k) => {
            if (!c.spans[k] || s.start < coveredTo) return; // outermost all-template spans only
            out.set(s.el, NOISE, 'site: template text inside the unit');
            kept -= nonSpace(u.text, s.start, s.end);
            coveredTo = s.end;
            nInline++;
          });
        }
        after += kept;
      });
      const removedShare = before ? 1 - after / before : 0;
      const report = { coverage, units: nUnits, inline: nInline, removedShare };
      const floor = model.fit.coverage.min * o.minFit;
      if (o.minFit > 0 && coverage < floor) {
        return fallback(doc, page, 'fit', `${pct(coverage)} of the page is template text, the sample's pages ${pct(model.fit.coverage.min)}–${pct(model.fit.coverage.max)} (another page type, or the template changed?)`, report);
      }
      if (removedShare > o.maxRemovedShare) {
        return fallback(doc, page, 'loss', `the model would remove ${pct(removedShare)} of the page-level text (over maxRemovedShare ${pct(o.maxRemovedShare)})`, report);
      }
      out.site = report;
      return out;
    },
  };
}

const pct = (x: number): string => `${Math.round(x * 100)}%`;
