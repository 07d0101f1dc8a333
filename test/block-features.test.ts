/** Text features of the block classifier (src/page/block-features.ts). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { mentionsCopyright } from '../src/page/block-features.js';

test('mentionsCopyright: the case-insensitive regex it replaces, on text with look-alike letters (property)', () => {
  const re = /©|\(c\)|copyright|all rights reserved/i;
  const piece = fc.constantFrom('©', '(', 'c', 'C', ')', 'copy', 'COPY', 'right', 'RIGHT', 'R\u0130GHT', 'r\u0131ght', '\u212A', '\u017F',
    'all ', 'ALL ', 'rights ', 'Rights ', 'reserved', 'RESERVED', 'reſerved', ' ', 'é', 'x', '\u00a9');
  fc.assert(fc.property(fc.array(piece, { maxLength: 10 }), (ps) => {
    const s = ps.join('');
    assert.equal(mentionsCopyright(s, s.toLowerCase()), re.test(s), s);
  }), { numRuns: 3000 });
  fc.assert(fc.property(fc.string({ maxLength: 40 }), (s) => assert.equal(mentionsCopyright(s, s.toLowerCase()), re.test(s))), { numRuns: 500 });
  assert.equal(mentionsCopyright('© 2024 Example', '© 2024 example'), true);
  assert.equal(mentionsCopyright('Copyright notice', 'copyright notice'), true);
  assert.equal(mentionsCopyright('A copy, right here', 'a copy, right here'), false);
});
