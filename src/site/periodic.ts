/**
 * Periodic maximal repeats, and the budget on a model's template tokens (issue 25, item 5).
 *
 * Beyond paper 004 (Foschini), §3.2 steps 5–7, which keep every maximal repeated string. On
 * periodic text that is every length of the period: a line holding K copies of a root r gives
 * the maximal repeats r², r³, …, r^K (each occurs where the run starts, after a token that is not
 * r's last, and inside the run, after r's last), K strings of up to K·|r| tokens, a model
 * quadratic in the input. Five pages of 'ab cd '.repeat(8000) gave 8,000 templates, 64 million
 * template tokens and a 513 MB model. Two departures keep a model linear, then bounded:
 *
 * 1. Collapse (`collapsePeriodic`). A maximal repeat s of ℓ tokens whose smallest period p has
 *    2p ≤ ℓ (s = r^k·r′ with r primitive, k ≥ 2, r′ a proper prefix of r: a power of a shorter
 *    string) belongs to the family of its root (the p tokens it starts with) and remainder
 *    ℓ mod p. Only the family's shortest member that passed the filters is kept. Its occurrences,
 *    every p tokens, cover every longer member end to end (the lengths differ by a multiple of
 *    p), so cleaning removes the same text; and it is a maximal repeat of the corpus with a real
 *    document frequency, whereas the bare root may be none, so no new, more general pattern is
 *    invented. A family is per shift of the period (a run can start at any of r's rotations) and
 *    per remainder (where it ends): at most one per distinct run boundary, not one per length.
 *    Periods up to MAX_PERIOD tokens are found, exactly: for each p one pass over the corpus
 *    counts, at every position, how far T[j] = T[j + p] holds, and s = T[i, i + ℓ) has period p
 *    iff that run at i reaches ℓ − p. O(MAX_PERIOD · n) in all. A family with a longer period
 *    holds at most n²/(2·MAX_PERIOD) tokens and is left to the budget.
 * 2. Budget (`budgetOrder`, used by templates.ts). The templates hold at most maxTemplateTokens
 *    tokens in all (DEFAULT_MAX_TEMPLATE_TOKENS). Above the histogram cut, strings are taken in
 *    order of more documents first (the thesis's ranking of template-ness), then shorter (cheaper,
 *    and a shorter string covers what a longer one of the same documents repeats), then position;
 *    one that no longer fits is left out and counted (counts.overBudget, overBudgetTokens). Only
 *    the strings taken are ever spelt out as tokens, so the work after the cut is bounded by the
 *    budget too.
 */

/** Longest period, in tokens, that the collapse looks for (see the header). */
export const MAX_PERIOD = 64;

/**
 * Default budget of template tokens per model: about 16 times the largest model measured
 * (big9's arstechnica, all 40 pages of four years: 259 templates, 1,207 tokens; the synthetic
 * sites: under 400), and about 0.5 MB of model JSON at its limit.
 */
export const DEFAULT_MAX_TEMPLATE_TOKENS = 20_000;

/** Maximal repeats as repeats.ts gives them: entry i is T[start[i] .. start[i] + length[i]). */
export interface RepeatTable {
  start: number[];
  length: number[];
  occurrences: number[];
  docs: number[];
}

/**
 * The smallest period p ≤ maxPeriod with 2p ≤ length of every repeat (0 when it has none).
 * Separators are unique symbols, so no run of T[j] = T[j + p] crosses one.
 */
export function squarePeriods(text: Int32Array, reps: RepeatTable, maxPeriod = MAX_PERIOD): Int32Array {
  const n = text.length, R = reps.start.length;
  const period = new Int32Array(R);
  // Undecided repeats, longest first: those that a period p can fit (2p ≤ ℓ) are a prefix.
  let pending = Array.from({ length: R }, (_, i) => i).filter((i) => reps.length[i] >= 2);
  pending.sort((a, b) => reps.length[b] - reps.length[a] || a - b);
  const run = new Int32Array(n + 1);
  for (let p = 1; p <= maxPeriod && pending.length > 0; p++) {
    if (reps.length[pending[0]] < 2 * p) break;
    // run[j]: how many j′ ≥ j in a row have T[j′] = T[j′ + p].
    run[n] = 0;
    for (let j = n - 1; j >= 0; j--) run[j] = j + p < n && text[j] === text[j + p] ? run[j + 1] + 1 : 0;
    const left: number[] = [];
    let k = 0;
    for (; k < pending.length; k++) {
      const i = pending[k], len = reps.length[i];
      if (len < 2 * p) break;
      if (run[reps.start[i]] >= len - p) period[i] = p;
      else left.push(i);
    }
    // Repeats shorter than 2p stay undecided for no p ≥ this one: they have no square period.
    pending = left;
  }
  return period;
}

/**
 * Indices of the repeats to keep, in their given order: every one without a square period, and
 * of each periodic family (root, remainder) its shortest member. `collapsed` counts the rest.
 */
export function collapsePeriodic(text: Int32Array, reps: RepeatTable, maxPeriod = MAX_PERIOD): { keep: number[]; collapsed: number } {
  const period = squarePeriods(text, reps, maxPeriod);
  const best = new Map<string, number>();
  for (let i = 0; i < period.length; i++) {
    const p = period[i];
    if (p === 0) continue;
    let key = String(reps.length[i] % p);
    for (let j = reps.start[i], e = j + p; j < e; j++) key += ',' + text[j];
    const b = best.get(key);
    if (b === undefined || reps.length[i] < reps.length[b]) best.set(key, i);
  }
  const winners = new Set(best.values());
  const keep: number[] = [];
  for (let i = 0; i < period.length; i++) if (period[i] === 0 || winners.has(i)) keep.push(i);
  return { keep, collapsed: period.length - keep.length };
}

/** `idx` in budget order: more documents first, then shorter, then earlier in the corpus. */
export function budgetOrder(reps: RepeatTable, idx: readonly number[]): number[] {
  return [...idx].sort((a, b) => reps.docs[b] - reps.docs[a] || reps.length[a] - reps.length[b] || reps.start[a] - reps.start[b]);
}
