/**
 * Loading a classifier model (model.ts) from JSON: every field is checked, so a damaged file, a
 * file of another kind or a model of another version fails with a ThresherError E_MODEL that says
 * what is wrong, never later with a wrong class or a TypeError.
 */
import { ThresherError } from '../../errors.js';
import type { ClassifierModel } from './model.js';

const KIND = 'thresher-classifier';
const VERSION = 1;

function fail(why: string): never {
  throw new ThresherError('E_MODEL', `not a usable classifier model: ${why}`);
}

function isObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function finiteArray(x: unknown, name: string, length?: number): number[] {
  if (!Array.isArray(x)) fail(`${name} is not an array`);
  if (length !== undefined && x.length !== length) fail(`${name} has ${x.length} entries, expected ${length}`);
  for (let i = 0; i < x.length; i++) if (typeof x[i] !== 'number' || !Number.isFinite(x[i])) fail(`${name}[${i}] is not a finite number`);
  return x as number[];
}

function distinctStrings(x: unknown, name: string): string[] {
  if (!Array.isArray(x)) fail(`${name} is not an array`);
  const seen = new Set<string>();
  for (const s of x) {
    if (typeof s !== 'string') fail(`${name} holds a non-string`);
    if (seen.has(s)) fail(`${name} repeats "${s}"`);
    seen.add(s);
  }
  return x as string[];
}

/** Checks a parsed model object; returns it typed. */
export function validateClassifierModel(x: unknown): ClassifierModel {
  if (!isObject(x)) fail('the JSON is not an object');
  if (x.kind !== KIND) fail(`kind is ${JSON.stringify(x.kind)}, expected "${KIND}"`);
  if (x.version !== VERSION) {
    throw new ThresherError('E_MODEL', `classifier model version ${JSON.stringify(x.version)}; this build reads version ${VERSION}: retrain it with thresher train`);
  }
  if (x.algorithm !== 'knn' && x.algorithm !== 'nb') fail(`algorithm is ${JSON.stringify(x.algorithm)}`);
  const labels = distinctStrings(x.labels, 'labels');
  if (labels.length < 2) fail('fewer than two classes');
  const features = distinctStrings(x.features, 'features');
  finiteArray(x.featureScores, 'featureScores', features.length);
  if (x.input !== 'content' && x.input !== 'raw') fail(`input is ${JSON.stringify(x.input)}`);
  const trainedOn = finiteArray(x.trainedOn, 'trainedOn', labels.length);
  if (trainedOn.some((n) => !Number.isInteger(n) || n < 0)) fail('trainedOn holds a count that is not a whole number ≥ 0');
  const nf = features.length, nc = labels.length;
  if (x.algorithm === 'knn') {
    const k = x.knn;
    if (!isObject(k)) fail('the knn part is missing');
    if (!Number.isInteger(k.k) || (k.k as number) < 1) fail('knn.k is not a whole number ≥ 1');
    finiteArray(k.idf, 'knn.idf', nf);
    if (!Array.isArray(k.docs)) fail('knn.docs is not an array');
    k.docs.forEach((d: unknown, i: number) => {
      if (!isObject(d)) fail(`knn.docs[${i}] is not an object`);
      if (!Number.isInteger(d.c) || (d.c as number) < 0 || (d.c as number) >= nc) fail(`knn.docs[${i}].c is not a class index`);
      const f = finiteArray(d.f, `knn.docs[${i}].f`);
      finiteArray(d.w, `knn.docs[${i}].w`, f.length);
      for (let j = 0; j < f.length; j++) {
        if (!Number.isInteger(f[j]) || f[j] < 0 || f[j] >= nf || (j > 0 && f[j] <= f[j - 1])) fail(`knn.docs[${i}].f is not ascending feature indices`);
      }
    });
  } else {
    const b = x.nb;
    if (!isObject(b)) fail('the nb part is missing');
    if (typeof b.alpha !== 'number' || !(b.alpha > 0)) fail('nb.alpha is not positive');
    finiteArray(b.logPrior, 'nb.logPrior', nc);
    if (!Array.isArray(b.logLikelihood) || b.logLikelihood.length !== nc) fail(`nb.logLikelihood does not have ${nc} rows`);
    b.logLikelihood.forEach((row: unknown, c: number) => finiteArray(row, `nb.logLikelihood[${c}]`, nf));
  }
  return x as unknown as ClassifierModel;
}

/** Parses and checks a model's JSON text. */
export function parseClassifierModel(json: string): ClassifierModel {
  let x: unknown;
  try {
    x = JSON.parse(json);
  } catch (e) {
    fail(`the file is not JSON (${(e as Error).message})`);
  }
  return validateClassifierModel(x);
}
