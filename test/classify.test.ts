/**
 * Content classification (paper 000 §7.1, paper 002 §5.2): χ² feature selection against a brute
 * force of Pearson's statistic, KNN and Naive Bayes on toy corpora, the model's JSON round trip
 * and the errors for damaged files.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { chiSquare, selectFeatures, type LabelledTerms } from '../src/corpus/classify/chi-square.js';
import {
  classify, classifierTerms, parseClassifierModel, trainClassifier, validateClassifierModel, type ClassifierModel, type TrainingDoc,
} from '../src/corpus/classify/model.js';
import { classificationReport } from '../src/corpus/classify/metrics.js';
import { ThresherError } from '../src/errors.js';

/** Pearson's χ² of the 2×2 table (term present/absent × in class/not), Σ (O − E)² / E. */
function pearson(docs: LabelledTerms[], term: string, label: string): number {
  const n = docs.length;
  const obs = [[0, 0], [0, 0]];
  for (const d of docs) obs[(d.terms.get(term) ?? 0) > 0 ? 0 : 1][d.label === label ? 0 : 1]++;
  let x = 0;
  for (let i = 0; i < 2; i++) for (let j = 0; j < 2; j++) {
    const e = ((obs[i][0] + obs[i][1]) * (obs[0][j] + obs[1][j])) / n;
    if (e === 0) return 0;
    x += (obs[i][j] - e) ** 2 / e;
  }
  return x;
}

const corpusArb = fc.array(fc.record({
  label: fc.constantFrom('a', 'b', 'c'),
  terms: fc.array(fc.constantFrom('t1', 't2', 't3', 't4', 't5', 't6'), { maxLength: 8 }),
}), { minLength: 1, maxLength: 25 }).map((docs) => docs.map((d) => {
  const m = new Map<string, number>();
  for (const t of d.terms) m.set(t, (m.get(t) ?? 0) + 1);
  return { label: d.label, terms: m } as LabelledTerms;
}));

test('property: χ² selection equals a brute force of Pearson\'s statistic (max and prior-weighted average)', () => {
  fc.assert(fc.property(corpusArb, fc.integer({ min: 1, max: 3 }), (docs, minDf) => {
    const labels = [...new Set(docs.map((d) => d.label))];
    for (const combine of ['max', 'avg'] as const) {
      const got = selectFeatures(docs, { combine, minDf });
      const expected: { term: string; score: number }[] = [];
      for (const term of ['t1', 't2', 't3', 't4', 't5', 't6']) {
        const df = docs.filter((d) => (d.terms.get(term) ?? 0) > 0).length;
        if (df < minDf || df === 0) continue;
        const per = labels.map((l) => pearson(docs, term, l));
        const prior = labels.map((l) => docs.filter((d) => d.label === l).length / docs.length);
        expected.push({ term, score: combine === 'max' ? Math.max(0, ...per) : per.reduce((s, x, i) => s + prior[i] * x, 0) });
      }
      expected.sort((p, q) => q.score - p.score || (p.term < q.term ? -1 : 1));
      assert.equal(got.length, expected.length);
      for (let i = 0; i < got.length; i++) {
        assert.ok(Math.abs(got[i].score - expected[i].score) < 1e-9 * Math.max(1, expected[i].score), `${got[i].term} ${got[i].score} vs ${expected[i].term} ${expected[i].score}`);
        // Order by score; a tie may only differ by term order among equal scores.
        if (got[i].term !== expected[i].term) assert.ok(Math.abs(got[i].score - expected[i].score) < 1e-9);
      }
    }
  }), { numRuns: 300 });
});

test('χ² formula: independent term scores 0, a perfect indicator scores N', () => {
  assert.equal(chiSquare(5, 5, 5, 5), 0);
  assert.equal(chiSquare(10, 0, 0, 10), 20);
  assert.equal(chiSquare(0, 0, 3, 4), 0);
});

test('property: the selection does not depend on document order', () => {
  fc.assert(fc.property(corpusArb, fc.integer(), (docs, seed) => {
    const shuffled = [...docs].sort((a, b) => ((docs.indexOf(a) * 7919 + seed) % 13) - ((docs.indexOf(b) * 7919 + seed) % 13));
    assert.deepEqual(selectFeatures(shuffled, { k: 4 }), selectFeatures(docs, { k: 4 }));
  }), { numRuns: 100 });
});

/** A toy corpus of three topics, each with its own vocabulary plus shared noise words. */
function toyCorpus(perClass: number, seed: number): TrainingDoc[] {
  const vocab: Record<string, string[]> = {
    farming: ['harvest', 'wheat', 'tractor', 'soil', 'irrigation', 'barley', 'farmer', 'field'],
    football: ['goal', 'striker', 'league', 'referee', 'penalty', 'stadium', 'coach', 'match'],
    cooking: ['recipe', 'oven', 'flour', 'simmer', 'garlic', 'bake', 'sauce', 'chef'],
  };
  const noise = ['today', 'people', 'new', 'report', 'week', 'time', 'world', 'local'];
  let s = seed >>> 0 || 1;
  const rnd = (n: number): number => { s = (Math.imul(s, 1103515245) + 12345) >>> 0; return (s >>> 8) % n; };
  const docs: TrainingDoc[] = [];
  for (const [label, words] of Object.entries(vocab)) {
    for (let i = 0; i < perClass; i++) {
      const terms: string[] = [];
      for (let j = 0; j < 12; j++) terms.push(j % 2 ? words[rnd(words.length)] : noise[rnd(noise.length)]);
      docs.push({ label, terms });
    }
  }
  return docs;
}

for (const algorithm of ['knn', 'nb'] as const) {
  test(`${algorithm}: a toy separable corpus is classified without error`, () => {
    const model = trainClassifier(toyCorpus(20, 1), { algorithm, k: 5, features: 30 });
    const test = toyCorpus(10, 99);
    const predicted = test.map((d) => classify(model, d.terms).label);
    const report = classificationReport(test.map((d) => d.label), predicted);
    assert.equal(report.accuracy, 1);
    assert.equal(report.macroF1, 1);
    // Noise words occur evenly in every class: χ² ranks every topic word above them.
    const rank = (t: string): number => model.features.indexOf(t);
    assert.ok(rank('today') === -1 || rank('today') > rank('harvest'));
    assert.deepEqual(model.labels, ['cooking', 'farming', 'football']);
    assert.deepEqual(model.trainedOn, [20, 20, 20]);
  });
}

test('classify from page text: terms come from classifierTerms (no stop words, no numbers)', () => {
  const docs: TrainingDoc[] = [
    ...['The wheat harvest in 2024 was good.', 'Farmers and tractors in the wheat field.', 'Barley harvest, soil and irrigation.'].map((t) => ({ label: 'farm', terms: classifierTerms(t) })),
    ...['The striker scored a goal.', 'The referee gave a penalty in the league match.', 'The coach left the stadium after the goal.'].map((t) => ({ label: 'sport', terms: classifierTerms(t) })),
  ];
  assert.deepEqual(classifierTerms('The wheat harvest in 2024 was good.'), ['wheat', 'harvest', 'good']);
  for (const algorithm of ['knn', 'nb'] as const) {
    const model = trainClassifier(docs, { algorithm, minDf: 1, k: 3 });
    assert.equal(classify(model, classifierTerms('A good wheat harvest this year')).label, 'farm');
    assert.equal(classify(model, classifierTerms('Penalty! The striker and the goal')).label, 'sport');
  }
});

test('KNN with no shared feature falls back to the most frequent class; Eq. 10 votes sum similarities', () => {
  const docs: TrainingDoc[] = [
    { label: 'x', terms: ['alpha', 'beta'] }, { label: 'x', terms: ['alpha', 'gamma'] }, { label: 'y', terms: ['delta', 'beta'] },
  ];
  const model = trainClassifier(docs, { algorithm: 'knn', minDf: 1, k: 3 });
  assert.equal(classify(model, ['unknown']).label, 'x');
  const r = classify(model, ['delta']);
  assert.equal(r.label, 'y');
  assert.ok(r.scores.y > 0 && r.scores.x === 0);
});

test('training refuses one class, and impossible options', () => {
  assert.throws(() => trainClassifier([{ label: 'a', terms: ['x'] }]), (e: unknown) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
  const docs = toyCorpus(3, 1);
  assert.throws(() => trainClassifier(docs, { k: 0 }), /k must be/);
  assert.throws(() => trainClassifier(docs, { features: 1.5 }), /features must be/);
  assert.throws(() => trainClassifier(docs, { algorithm: 'svm' as 'knn' }), /unknown classifier algorithm/);
});

for (const algorithm of ['knn', 'nb'] as const) {
  test(`${algorithm} model: JSON round trip gives the same model and the same classes`, () => {
    const model = trainClassifier(toyCorpus(8, 3), { algorithm, k: 4 });
    const text = JSON.stringify(model);
    const back = parseClassifierModel(text);
    assert.deepEqual(back, model);
    assert.equal(JSON.stringify(back), text);
    for (const d of toyCorpus(4, 5)) assert.deepEqual(classify(back, d.terms), classify(model, d.terms));
  });
}

test('damaged, foreign and other-version models fail with E_MODEL and say why', () => {
  const good = JSON.parse(JSON.stringify(trainClassifier(toyCorpus(4, 2), { algorithm: 'knn', k: 3 }))) as ClassifierModel;
  const nb = JSON.parse(JSON.stringify(trainClassifier(toyCorpus(4, 2), { algorithm: 'nb' }))) as ClassifierModel;
  const bad = (mutate: (m: any) => void, from: ClassifierModel = good): unknown => { const m = structuredClone(from); mutate(m); return m; };
  const cases: [unknown, RegExp][] = [
    [null, /not an object/],
    [{ kind: 'thresher-site-model', version: 1 }, /kind is/],
    [bad((m) => { m.version = 2; }), /version 2; this build reads version 1/],
    [bad((m) => { m.algorithm = 'svm'; }), /algorithm/],
    [bad((m) => { m.labels = ['a']; m.trainedOn = [1]; }), /fewer than two classes/],
    [bad((m) => { m.features.push(m.features[0]); }), /features repeats/],
    [bad((m) => { m.featureScores.pop(); }), /featureScores has/],
    [bad((m) => { m.knn.idf[0] = 'x'; }), /knn\.idf\[0\]/],
    [bad((m) => { m.knn.docs[0].c = 9; }), /class index/],
    [bad((m) => { m.knn.docs[0].f = [2, 1]; m.knn.docs[0].w = [0.1, 0.2]; }), /ascending/],
    [bad((m) => { delete m.knn; }), /knn part is missing/],
    [bad((m) => { m.nb.logLikelihood[0].pop(); }, nb), /nb\.logLikelihood\[0\]/],
    [bad((m) => { m.nb.logPrior[0] = null; }, nb), /nb\.logPrior\[0\]/],
  ];
  for (const [m, why] of cases) {
    assert.throws(() => validateClassifierModel(m), (e: unknown) => e instanceof ThresherError && e.code === 'E_MODEL' && why.test(e.message), String(why));
  }
  const text = JSON.stringify(good);
  assert.throws(() => parseClassifierModel(text.slice(0, text.length / 2)), (e: unknown) => e instanceof ThresherError && e.code === 'E_MODEL' && /not JSON/.test(e.message));
});

test('classification report: per-class P/R/F1, macro-F1 and paper 002\'s Eq. 12', () => {
  const r = classificationReport(['a', 'a', 'b', 'b', 'c'], ['a', 'b', 'b', 'b', 'x']);
  assert.deepEqual(r.classes.map((c) => [c.label, c.precision, c.recall]), [['a', 1, 0.5], ['b', 2 / 3, 1], ['c', 0, 0]]);
  assert.ok(Math.abs(r.macroF1 - (2 / 3 + 0.8 + 0) / 3) < 1e-12);
  const p = (1 + 2 / 3) / 3, rec = 0.5;
  assert.ok(Math.abs(r.macroF1OfMeans - (2 * p * rec) / (p + rec)) < 1e-12);
  assert.equal(r.accuracy, 0.6);
});
