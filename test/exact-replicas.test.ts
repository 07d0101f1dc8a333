/** The pipeline's exact-replica index: same text up to case and whitespace, and nothing else. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ExactReplicaIndex, contentKey } from '../src/corpus/exact-replicas.js';

test('exact replicas: case and whitespace do not matter; any other change does; empty text is never a replica', () => {
  const ix = new ExactReplicaIndex();
  ix.add('a', 'The River  runs\nto the sea.');
  assert.equal(ix.query('  the river runs to the SEA. '), 'a');
  assert.equal(ix.query('The River runs to the sea!'), undefined);
  ix.add('b', '   ');
  assert.equal(ix.query(''), undefined);
  ix.add('c', 'the river runs to the sea.');
  assert.equal(ix.query('the river runs to the sea.'), 'a', 'the first page added stays canonical');
});

test('exact replicas: the key is a function of the normalised text (property)', () => {
  const norm = (s: string) => s.toLowerCase().replace(/[\t\n\v\f\r \u00a0]+/g, ' ').trim();
  fc.assert(fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (a, b) => {
    if (norm(a) === norm(b)) assert.equal(contentKey(a), contentKey(b));
    else if (contentKey(a) === contentKey(b)) assert.fail(`collision: ${JSON.stringify(a)} ${JSON.stringify(b)}`);
  }), { numRuns: 3000 });
});
