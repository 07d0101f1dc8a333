/**
 * The corpus pipeline's replica index in SQLite (src/pipeline/replica-store.ts) against the
 * in-memory indices it stands in for: for every method, a page is a replica of the same record,
 * found by the same method, whatever the order of pages (property test); a rolled-back batch
 * leaves no trace; and a store reopened after a commit goes on deciding as one that never closed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import fc from 'fast-check';
import { createReplicaIndex, REPLICA_METHODS } from '../src/corpus/replicas/create.js';
import { StoredReplicaIndex, type ReplicaChoice, type ReplicaDecision } from '../src/pipeline/replica-store.js';
import { article, edit, reflow } from './replica-texts.js';

/** Bases, copies, reflowed copies, light and heavy edits, chains of edits, empty and short texts. */
function pages(): { id: string; text: string }[] {
  const out: { id: string; text: string }[] = [];
  for (let b = 0; b < 6; b++) {
    const base = article(300 + b, 200);
    const e1 = edit(base, 0.03, b);
    out.push({ id: `p${b}`, text: base }, { id: `a${b}`, text: base }, { id: `m${b}`, text: reflow(base) });
    out.push({ id: `c${b}`, text: e1 }, { id: `d${b}`, text: edit(e1, 0.03, b + 50) }, { id: `z${b}`, text: edit(base, 0.4, b) });
  }
  out.push({ id: 'empty', text: '' }, { id: 'punct', text: '—!' }, { id: 'short1', text: 'two words' }, { id: 'short2', text: 'two words' });
  return out;
}

/** The oracle: the in-memory indices, each page judged against every page before it, as replica-store.ts specifies. */
function expected(method: ReplicaChoice, docs: { id: string; text: string }[]): (ReplicaDecision | undefined)[] {
  if (method === 'none') return docs.map(() => undefined);
  const indices = (method === 'exact' ? ['exact'] as const : ['exact', method] as const).map((m) => createReplicaIndex(m));
  const recordOf = new Map<string, string>();
  return docs.map((d) => {
    let found: ReplicaDecision | undefined;
    for (const ix of indices) {
      const best = ix.add(d.id, d.text)[0];
      if (!found && best) found = { canonical: recordOf.get(best.id)!, method: ix.method };
    }
    recordOf.set(d.id, found?.canonical ?? d.id);
    return found;
  });
}

function withDb<T>(f: (db: Database.Database, path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-replica-store-'));
  const db = new Database(join(dir, 'x.db'));
  try {
    return f(db, join(dir, 'x.db'));
  } finally {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const begin = (db: Database.Database) => () => { if (!db.inTransaction) db.exec('BEGIN'); };

for (const method of ['none', ...REPLICA_METHODS] as ReplicaChoice[]) {
  test(`stored replica index (${method}): the in-memory indices' decisions, in any page order`, () => {
    const all = pages();
    fc.assert(fc.property(fc.shuffledSubarray(all, { minLength: 1 }), (docs) => {
      const want = expected(method, docs);
      withDb((db) => {
        const ix = new StoredReplicaIndex(db, method, begin(db));
        const got = docs.map((d, i) => ix.admit(i, d.id, d.text));
        assert.deepEqual(got, want);
      });
    }), { numRuns: 12, seed: 42 });
  });
}

test('stored replica index: the fixed corpus finds copies, reflows, edits and chains, and not heavy rewrites or short texts', () => {
  const docs = pages();
  const got = withDb((db) => {
    const ix = new StoredReplicaIndex(db, 'minhash', begin(db));
    return new Map(docs.map((d, i) => [d.id, ix.admit(i, d.id, d.text)]));
  });
  assert.deepEqual(got.get('a0'), { canonical: 'p0', method: 'exact' });
  assert.deepEqual(got.get('m0'), { canonical: 'p0', method: 'exact' });
  assert.deepEqual(got.get('c0'), { canonical: 'p0', method: 'minhash' });
  assert.deepEqual(got.get('d0'), { canonical: 'p0', method: 'minhash' });
  assert.equal(got.get('z0'), undefined);
  assert.equal(got.get('empty'), undefined);
  assert.deepEqual(got.get('short2'), { canonical: 'short1', method: 'exact' });
});

test('stored replica index: the exact track keeps one row per distinct text, however many copies come', () => {
  withDb((db) => {
    const ix = new StoredReplicaIndex(db, 'minhash', begin(db));
    const page = article(900, 120);
    const got = Array.from({ length: 500 }, (_, i) => ix.admit(i, `copy${String(i).padStart(3, '0')}`, i % 2 ? page : reflow(page)));
    assert.equal(got[0], undefined);
    assert.ok(got.slice(1).every((d) => d?.canonical === 'copy000' && d.method === 'exact'));
    const rows = (t: string) => (db.prepare(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;
    assert.deepEqual([rows('replica_bucket_exact'), rows('replica_sig_exact'), rows('replica_page')], [1, 1, 500]);
  });
});

test('stored replica index: a rolled-back batch leaves nothing; a reopened store decides as one that never closed', () => {
  const docs = pages();
  const straight = withDb((db) => {
    const ix = new StoredReplicaIndex(db, 'minhash', begin(db));
    return docs.map((d, i) => ix.admit(i, d.id, d.text));
  });
  withDb((db, path) => {
    const first = new StoredReplicaIndex(db, 'minhash', begin(db));
    const cut = 20;
    for (let i = 0; i < cut; i++) first.admit(i, docs[i].id, docs[i].text);
    db.exec('COMMIT');
    // A batch that never commits (a kill): its pages must not be found later.
    for (let i = cut; i < docs.length; i++) first.admit(i, docs[i].id, docs[i].text);
    db.exec('ROLLBACK');
    const again = new Database(path);
    try {
      const ix = new StoredReplicaIndex(again, 'minhash', begin(again));
      const rest = docs.slice(cut).map((d, i) => ix.admit(cut + i, d.id, d.text));
      assert.deepEqual(rest, straight.slice(cut));
      again.exec('COMMIT');
    } finally {
      again.close();
    }
  });
});
