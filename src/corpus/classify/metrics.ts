/**
 * Classification quality: per-class precision, recall and F1 (paper 000 §7.1, Eq. 4–6) and their
 * macro average. Macro-F1 here is the mean of the per-class F1 values (the usual definition);
 * paper 002's Eq. 12 — the F1 of the mean precision and the mean recall — is given alongside as
 * `macroF1OfMeans`, since the two differ when classes are uneven.
 * The classes are those of the gold labels; a predicted label that is not a gold class counts
 * against the precision of no class and against the recall of the gold one.
 */

export interface ClassScores {
  label: string;
  support: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface ClassificationReport {
  classes: ClassScores[];
  accuracy: number;
  macroF1: number;
  macroF1OfMeans: number;
}

export function classificationReport(gold: readonly string[], predicted: readonly string[]): ClassificationReport {
  if (gold.length !== predicted.length) throw new RangeError(`${gold.length} gold labels but ${predicted.length} predictions`);
  const labels = [...new Set(gold)].sort();
  let correct = 0;
  const tp = new Map<string, number>(), assigned = new Map<string, number>(), support = new Map<string, number>();
  for (let i = 0; i < gold.length; i++) {
    support.set(gold[i], (support.get(gold[i]) ?? 0) + 1);
    assigned.set(predicted[i], (assigned.get(predicted[i]) ?? 0) + 1);
    if (gold[i] === predicted[i]) { correct++; tp.set(gold[i], (tp.get(gold[i]) ?? 0) + 1); }
  }
  const classes = labels.map((label) => {
    const t = tp.get(label) ?? 0, a = assigned.get(label) ?? 0, s = support.get(label) ?? 0;
    const precision = a ? t / a : 0, recall = s ? t / s : 0;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    return { label, support: s, precision, recall, f1 };
  });
  const m = classes.length || 1;
  const macroF1 = classes.reduce((s, c) => s + c.f1, 0) / m;
  const p = classes.reduce((s, c) => s + c.precision, 0) / m, r = classes.reduce((s, c) => s + c.recall, 0) / m;
  return { classes, accuracy: gold.length ? correct / gold.length : 0, macroF1, macroF1OfMeans: p + r ? (2 * p * r) / (p + r) : 0 };
}
