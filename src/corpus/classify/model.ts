/**
 * The content classification code of a DocView (paper 000 §2 and §6, "acquired by classifying
 * the topic content of the page using a trained classifier"; §7.1 trains χ² + KNN on topic
 * content instead of the raw page). A classifier model is versioned JSON: training writes it,
 * the pipeline loads it once and calls `classify(model, terms)` per page.
 *
 * Page text → terms: `classifierTerms`, the DocView's feature terms (corpus/keywords.ts: words of
 * text/terms.ts without numbers or single letters and ideographs) less the generic stop words —
 * the same at training and at classification time, and the same terms the DocView's feature
 * vector counts, so integration classifies a page without segmenting its text again.
 */
import { ThresherError } from '../../errors.js';
import { STOP_WORDS } from '../../text/stopwords.js';
import { termFrequencies } from '../../text/terms.js';
import { featureTerms } from '../keywords.js';
import { labelSet, selectFeatures, type LabelledTerms } from './chi-square.js';
import { buildKnnIndex, knnScores, KNN_DEFAULT_K, tfidfVector, trainKnn, type KnnIndex, type KnnParams } from './knn.js';
import { naiveBayesScores, NB_DEFAULT_ALPHA, trainNaiveBayes, type NaiveBayesParams } from './naive-bayes.js';

export const CLASSIFIER_KIND = 'thresher-classifier';
export const CLASSIFIER_VERSION = 1;

export type ClassifierAlgorithm = 'knn' | 'nb';

export interface ClassifierModel {
  kind: typeof CLASSIFIER_KIND;
  version: typeof CLASSIFIER_VERSION;
  algorithm: ClassifierAlgorithm;
  /** Class codes, sorted. */
  labels: string[];
  /** The χ²-selected features, best first, and their scores. */
  features: string[];
  featureScores: number[];
  /** What page text the model was trained on: the topic content (paper 000 §7.1) or the whole page. */
  input: 'content' | 'raw';
  /** Training documents per class (aligned with labels). */
  trainedOn: number[];
  knn?: KnnParams;
  nb?: NaiveBayesParams;
}

export interface TrainOptions {
  algorithm?: ClassifierAlgorithm;
  /** χ²-selected features to keep (default 2000). */
  features?: number;
  /** Minimum training documents a feature must occur in (default 2). */
  minDf?: number;
  /** KNN: neighbours (default 19, paper 002). */
  k?: number;
  /** Naive Bayes: additive smoothing (default 1). */
  alpha?: number;
  input?: 'content' | 'raw';
}

/**
 * Defaults. features 2000: Yang & Pedersen (1997) keep 90–98% of the vocabulary out with χ²
 * at no loss on Reuters and OHSUMED; 2000 is a few per cent of a web corpus's vocabulary.
 */
export const TRAIN_DEFAULTS = { algorithm: 'knn' as ClassifierAlgorithm, features: 2000, minDf: 2, k: KNN_DEFAULT_K, alpha: NB_DEFAULT_ALPHA };

export interface TrainingDoc {
  label: string;
  /** The document's terms (repeats count) or term counts. */
  terms: readonly string[] | ReadonlyMap<string, number>;
}

/** Terms for the classifier from page text: feature terms without the generic stop words. */
export function classifierTerms(text: string, lang?: string): string[] {
  return featureTerms(text, lang).filter((t) => !STOP_WORDS.has(t));
}

function countsOf(t: TrainingDoc['terms']): ReadonlyMap<string, number> {
  return t instanceof Map ? t : termFrequencies(t as readonly string[]);
}

export function trainClassifier(docs: readonly TrainingDoc[], options: TrainOptions = {}): ClassifierModel {
  const o = { ...TRAIN_DEFAULTS, ...options };
  if (o.algorithm !== 'knn' && o.algorithm !== 'nb') throw new ThresherError('E_BAD_OPTION', `unknown classifier algorithm "${String(o.algorithm)}"; use knn or nb`);
  for (const [name, v, min] of [['features', o.features, 1], ['k', o.k, 1], ['minDf', o.minDf, 1]] as const) {
    if (!Number.isInteger(v) || v < min) throw new ThresherError('E_BAD_OPTION', `${name} must be a whole number ≥ ${min}, got ${v}`);
  }
  if (!(o.alpha > 0)) throw new ThresherError('E_BAD_OPTION', `alpha must be positive, got ${o.alpha}`);
  const labelled: LabelledTerms[] = docs.map((d) => ({ label: String(d.label), terms: countsOf(d.terms) }));
  const labels = labelSet(labelled);
  if (labels.length < 2) throw new ThresherError('E_BAD_OPTION', `a classifier needs at least two classes; the training pages have ${labels.length === 0 ? 'none' : `only "${labels[0]}"`}`);
  const selected = selectFeatures(labelled, { k: o.features, minDf: o.minDf });
  const features = selected.map((s) => s.term);
  const index = new Map(labels.map((l, i) => [l, i]));
  const coded = labelled.map((d) => ({ c: index.get(d.label)!, counts: d.terms }));
  const trainedOn = labels.map(() => 0);
  for (const d of coded) trainedOn[d.c]++;
  const model: ClassifierModel = {
    kind: CLASSIFIER_KIND, version: CLASSIFIER_VERSION, algorithm: o.algorithm, labels, features,
    featureScores: selected.map((s) => Math.round(s.score * 1e6) / 1e6), input: options.input ?? 'content', trainedOn,
  };
  if (o.algorithm === 'knn') model.knn = trainKnn(coded, features, o.k);
  else model.nb = trainNaiveBayes(coded, features, labels.length, o.alpha);
  return model;
}

export interface Classification {
  /** The class code. */
  label: string;
  /** Score per class: Eq. 10's vote for KNN, the log posterior (up to a constant) for NB. */
  scores: Record<string, number>;
}

interface Prepared { featureIndex: Map<string, number>; knn?: KnnIndex; majority: number }
const prepared = new WeakMap<ClassifierModel, Prepared>();

function prepare(model: ClassifierModel): Prepared {
  let p = prepared.get(model);
  if (!p) {
    let majority = 0;
    model.trainedOn.forEach((n, c) => { if (n > model.trainedOn[majority]) majority = c; });
    p = { featureIndex: new Map(model.features.map((t, i) => [t, i])), majority };
    if (model.knn) p.knn = buildKnnIndex(model.knn, model.features.length, model.labels.length);
    prepared.set(model, p);
  }
  return p;
}

/** The class code of a page from its terms (classifierTerms of its text) or term counts. */
export function classify(model: ClassifierModel, terms: TrainingDoc['terms']): Classification {
  const p = prepare(model);
  const counts = countsOf(terms);
  const scores = model.knn
    ? knnScores(model.knn, p.knn!, tfidfVector(counts, p.featureIndex, model.knn.idf), model.labels.length)
    : naiveBayesScores(model.nb!, counts, p.featureIndex);
  let best = -1;
  for (let c = 0; c < scores.length; c++) if (best < 0 || scores[c] > scores[best]) best = c;
  // KNN with no neighbour sharing a feature has no vote: the most frequent class.
  if (model.knn && !(scores[best] > 0)) best = p.majority;
  const out: Record<string, number> = {};
  model.labels.forEach((l, c) => { out[l] = scores[c]; });
  return { label: model.labels[best], scores: out };
}

export { validateClassifierModel, parseClassifierModel } from './model-json.js';
