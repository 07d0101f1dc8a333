/**
 * One conformance suite for the interchangeable replica indices (DESIGN: "one conformance suite
 * for interchangeable parts"). Every method of REPLICA_METHODS, with its default parameters, must:
 *  - cluster identical texts, and copies that differ only in white space and letter case;
 *  - not cluster unrelated texts;
 *  - return from add() exactly what query() returned just before it, and match itself after;
 *  - give the clusters of the pairwise relation (each pair judged by an index holding only the
 *    other text): incremental adds agree with the batch view;
 *  - give the same clusters and canonical members whatever the order of adds (property test);
 *  - handle empty, punctuation-only and short texts as replica-index.ts defines;
 *  - reject a duplicate id and a non-string text with a ThresherError, and stay usable;
 *  - read at most maxChars of a text, so a huge text costs bounded work.
 * A method added to REPLICA_METHODS is tested here without a line changed (the two per-method
 * facts are in SHORT_IDENTICAL_MATCHES).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createReplicaIndex, REPLICA_METHODS } from '../src/corpus/replicas/create.js';
import type { ReplicaCluster, ReplicaMethod } from '../src/corpus/replicas/replica-index.js';
import { ThresherError } from '../src/errors.js';
import { article, edit, reflow } from './replica-texts.js';

/** Whether two identical two-word texts match (the keyword fingerprint selects no word from them). */
const SHORT_IDENTICAL_MATCHES: Record<ReplicaMethod, boolean> = { exact: true, fingerprint: false, minhash: true, simhash: true };

const ZH_A = '今年秋天的收成来得很晚，打谷场从黎明一直忙到天黑。每一捆麦子都要反复敲打，直到谷粒完全脱落，晚风把谷壳吹向河边。' +
  '农民们在集市上比较各自的产量，讨论天气、种子价格和道路状况。到了月底，粮仓终于装满，村里在教堂旁边的长厅举行了传统的晚宴。';
const ZH_B = '新建的图书馆下个月正式开放，馆内收藏了大量古籍和地方志。市政府表示，图书馆将提供免费借阅服务，并定期举办讲座和展览。' +
  '工程历时三年，总投资超过两亿元，设计团队参考了国内外多座著名建筑。开放首周，市民需要通过网络预约才能入馆参观。' +
  '馆长介绍说，儿童阅览室配备了专门的绘本区，老年读者可以使用大字版书籍和放大镜。周末还将安排志愿者讲解历史文献的修复过程。';

/** Base articles and their variants, with ids that do not sort in add order. */
function corpus(): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  for (let b = 0; b < 8; b++) {
    const base = article(100 + b);
    out.push({ id: `p${b}-base`, text: base });
    out.push({ id: `a${b}-same`, text: base });
    out.push({ id: `m${b}-reflow`, text: reflow(base) });
    out.push({ id: `c${b}-edit02`, text: edit(base, 0.02, b) });
    out.push({ id: `z${b}-edit10`, text: edit(base, 0.10, b) });
    out.push({ id: `e${b}-edit40`, text: edit(base, 0.40, b) });
  }
  out.push({ id: 'zh-a', text: ZH_A }, { id: 'zh-a-copy', text: ZH_A }, { id: 'zh-b', text: ZH_B });
  return out;
}

function clustersOf(method: ReplicaMethod, docs: { id: string; text: string }[]): ReplicaCluster[] {
  const ix = createReplicaIndex(method);
  for (const d of docs) ix.add(d.id, d.text);
  return ix.clusters();
}

/** Connected components of a pairwise relation, in the shape clusters() returns. */
function components(ids: string[], edges: [string, string][]): ReplicaCluster[] {
  const parent = new Map(ids.map((id) => [id, id]));
  const find = (x: string): string => { while (parent.get(x) !== x) x = parent.get(x)!; return x; };
  for (const [a, b] of edges) parent.set(find(a), find(b));
  const groups = new Map<string, string[]>();
  for (const id of ids) {
    const r = find(id);
    groups.set(r, [...(groups.get(r) ?? []), id]);
  }
  return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort()).map((members) => ({ canonical: members[0], members }))
    .sort((a, b) => (a.canonical < b.canonical ? -1 : 1));
}

for (const method of REPLICA_METHODS) {
  describe(`replica index conformance: ${method}`, () => {
    test('identical texts cluster, with the lowest id as canonical', () => {
      const ix = createReplicaIndex(method);
      const t = article(1);
      assert.deepEqual(ix.add('b', t), []);
      assert.deepEqual(ix.add('a', t), [{ id: 'b', similarity: 1 }]);
      assert.deepEqual(ix.clusters(), [{ canonical: 'a', members: ['a', 'b'] }]);
      assert.equal(ix.canonicalOf('b'), 'a');
      assert.deepEqual(ix.query(t).map((m) => m.id), ['a', 'b']);
      assert.equal(ix.size, 2);
      assert.ok(ix.has('a') && !ix.has('c'));
      assert.equal(ix.canonicalOf('c'), undefined);
    });

    test('a copy with other white space and letter case clusters; so do identical Chinese texts', () => {
      const ix = createReplicaIndex(method);
      ix.add('x', article(2));
      ix.add('y', reflow(article(2)));
      ix.add('zh1', ZH_A);
      ix.add('zh2', ZH_A);
      ix.add('zh3', ZH_B);
      assert.deepEqual(ix.clusters(), [{ canonical: 'x', members: ['x', 'y'] }, { canonical: 'zh1', members: ['zh1', 'zh2'] }]);
    });

    test('unrelated texts do not cluster', () => {
      const ix = createReplicaIndex(method);
      for (let i = 0; i < 60; i++) ix.add(`u${i}`, article(1000 + i, 100 + (i % 5) * 100));
      assert.deepEqual(ix.clusters(), []);
      assert.deepEqual(ix.query(article(5000)), []);
    });

    test('add() returns what query() returned just before it, and a text then matches itself', () => {
      const ix = createReplicaIndex(method);
      for (const d of corpus()) {
        const before = ix.query(d.text);
        assert.deepEqual(ix.add(d.id, d.text), before, d.id);
        assert.ok(ix.query(d.text).some((m) => m.id === d.id), d.id);
      }
    });

    test('incremental adds give the clusters of the pairwise relation (batch view)', () => {
      const docs = corpus();
      const edges: [string, string][] = [];
      for (let i = 0; i < docs.length; i++) {
        for (let j = i + 1; j < docs.length; j++) {
          const pair = createReplicaIndex(method);
          pair.add(docs[i].id, docs[i].text);
          if (pair.query(docs[j].text).length) edges.push([docs[i].id, docs[j].id]);
        }
      }
      const expected = components(docs.map((d) => d.id), edges);
      assert.deepEqual(clustersOf(method, docs), expected);
      // Every base page at least has its identical and reflowed copies.
      for (let b = 0; b < 8; b++) {
        const c = expected.find((x) => x.members.includes(`p${b}-base`));
        assert.ok(c && c.members.includes(`a${b}-same`) && c.members.includes(`m${b}-reflow`), `base ${b}`);
      }
    });

    test('property: the order of adds does not change the clusters or canonical members', () => {
      const docs = corpus();
      const reference = clustersOf(method, docs);
      fc.assert(fc.property(fc.shuffledSubarray(docs, { minLength: docs.length, maxLength: docs.length }), (order) => {
        const ix = createReplicaIndex(method);
        for (const d of order) ix.add(d.id, d.text);
        assert.deepEqual(ix.clusters(), reference);
        for (const d of docs) {
          const c = reference.find((x) => x.members.includes(d.id));
          assert.equal(ix.canonicalOf(d.id), c ? c.canonical : d.id);
        }
      }), { numRuns: 12 });
    });

    test('empty and punctuation-only texts match nothing, not even each other', () => {
      const ix = createReplicaIndex(method);
      const blanks = ['', '   ', '\n\t', '— … !?', '', '— … !?'];
      blanks.forEach((t, i) => assert.deepEqual(ix.add(`b${i}`, t), []));
      for (const t of blanks) assert.deepEqual(ix.query(t), []);
      assert.deepEqual(ix.clusters(), []);
      assert.equal(ix.canonicalOf('b0'), 'b0');
      assert.equal(ix.size, blanks.length);
    });

    test('short texts: identical ones match as defined for the method; different ones never', () => {
      const ix = createReplicaIndex(method);
      ix.add('s1', 'Harvest festival');
      ix.add('s2', 'Harvest festival');
      ix.add('s3', 'Harvest moon');
      ix.add('s4', 'Grain prices');
      ix.add('s5', 'x');
      assert.deepEqual(ix.clusters(), SHORT_IDENTICAL_MATCHES[method] ? [{ canonical: 's1', members: ['s1', 's2'] }] : []);
    });

    test('a duplicate id and a non-string text are rejected, and the index stays usable', () => {
      const ix = createReplicaIndex(method);
      ix.add('a', article(3));
      assert.throws(() => ix.add('a', article(4)), (e) => e instanceof ThresherError && e.code === 'E_DUPLICATE_ID');
      assert.throws(() => ix.add('b', null as unknown as string), (e) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
      assert.throws(() => ix.add(7 as unknown as string, 'text'), (e) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
      assert.equal(ix.size, 1);
      assert.deepEqual(ix.add('b', article(3)), [{ id: 'a', similarity: 1 }]);
    });

    test('a text is read up to maxChars: texts equal in that prefix match, texts that differ in it do not', () => {
      const ix = createReplicaIndex(method, { maxChars: 3000 });
      const head = article(20, 800);
      assert.ok(head.length > 3000);
      ix.add('h1', head);
      ix.add('h2', head.slice(0, 3000) + article(21, 800));
      ix.add('h3', article(22, 800) + head);
      assert.deepEqual(ix.clusters(), [{ canonical: 'h1', members: ['h1', 'h2'] }]);
      assert.throws(() => createReplicaIndex(method, { maxChars: 0 }), (e) => e instanceof ThresherError && e.code === 'E_BAD_OPTION');
    });

    test('a huge text (4 million characters) is indexed and matched under the default cap', { timeout: 120_000 }, () => {
      const parts: string[] = [];
      for (let i = 0; parts.join('').length < 4_000_000; i++) parts.push(article(300 + (i % 50), 2000));
      const huge = parts.join('\n\n');
      const ix = createReplicaIndex(method);
      ix.add('huge', huge);
      assert.deepEqual(ix.add('copy', huge).map((m) => m.id), ['huge']);
      assert.deepEqual(ix.query(article(9999)), []);
    });
  });
}
