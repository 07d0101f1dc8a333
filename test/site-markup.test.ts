/** Markup-safe cleaning of raw HTML (src/site/markup.ts and cleanText's `markup` option). */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { plainTextPositions } from '../src/site/markup.js';
import { cleanText } from '../src/site/clean.js';
import { pageDoc } from '../src/site/model.js';
import { pageUnits, unitLines } from '../src/site/units.js';
import { handTemplates } from './site-synthetic.js';

const plainAt = (s: string) => Array.from(plainTextPositions(s));
const textOf = (html: string) => unitLines(pageUnits(pageDoc({ html })!));

test('markup: plain text outside tags, comments and raw-text elements; quoted values may hold ">"', () => {
  const s = 'a<b x="1>2">c<!-- d -->e<script>if (a<b) f("</p>")</script>g';
  const p = plainAt(s);
  const at = (sub: string) => p[s.indexOf(sub)];
  assert.equal(at('a'), 1);
  assert.equal(at('<b'), 1);
  assert.equal(at('x='), 0);
  assert.equal(at('2">'), 0);
  assert.equal(at('c'), 1);
  assert.equal(at(' d '), 0);
  assert.equal(at('e<script'), 1);
  assert.equal(at('if'), 0);
  assert.equal(at('</p>'), 0);
  assert.equal(at('</script>'), 0);
  assert.equal(at('g'), 1);
  assert.equal(p[s.length], 1);
  // a '<' that opens no tag is text; unterminated constructs run to the end
  assert.deepEqual(plainAt('1 < 2'), [1, 1, 1, 0, 1, 1]); // not right after the '<'
  assert.deepEqual(plainAt('x<!-- y').slice(0, 3), [1, 1, 0]);
  assert.equal(plainAt('<style>p{}').slice(1, -1).every((v) => v === 0), true);
});

// Random HTML-ish strings: tags with quoted attributes, comments, scripts, text.
const piece = fc.oneof(
  fc.constantFrom('<p>', '</p>', '<div class="a>b">', '</div>', '<!-- c -->', '<script>x("</div>")</script>', '<br/>', '<style>p>q{}</style>', ' ', 'text', '<', '>', '"', '='),
  fc.string({ maxLength: 3 }),
);
const htmlish = fc.array(piece, { maxLength: 30 }).map((a) => a.join(''));

test('markup: cutting between two plain positions leaves the scanner state of everything else as it was (property)', () => {
  fc.assert(fc.property(htmlish, fc.nat(), fc.nat(), (s, x, y) => {
    const p = plainTextPositions(s);
    const plain = [...p.keys()].filter((i) => p[i]);
    let a = plain[x % plain.length], b = plain[y % plain.length];
    if (a > b) [a, b] = [b, a];
    const cut = plainTextPositions(s.slice(0, a) + s.slice(b));
    assert.deepEqual(Array.from(cut), [...Array.from(p.subarray(0, a)), ...Array.from(p.subarray(b))]);
  }), { numRuns: 500 });
});

test('clean markup: a template occurrence that starts inside a script is shrunk to plain text; flat cleaning swallows the story', () => {
  // The template's occurrence begins in the script's body and ends in the text after it.
  const t = handTemplates([['track();', '</script>', '<div', 'class="nav">', 'Home', 'News', '</div>']], 0);
  const html = '<html><body><script>var q = 1; track();</script><div class="nav">Home News</div><p>The story stays here.</p></body></html>';
  const flat = cleanText(html, t);
  assert.equal(textOf(flat.text), ''); // the script's end tag went: the story is read as script
  const safe = cleanText(html, t, { markup: true });
  assert.equal(textOf(safe.text), 'The story stays here.');
  assert.doesNotMatch(safe.text, /Home News/);
  // shrunk to nothing when no cut point exists inside the occurrence
  const inside = handTemplates([['var', 'q', '=', '{number}']], 0);
  assert.equal(cleanText(html, inside, { markup: true }).text, html);
});

test('clean markup: the parsed text of the cleaned HTML is the original parsed text less whole stretches (property)', () => {
  const t = handTemplates([['<div', 'class="a>'], ['text', '</p>'], ['</script>', 'text'], ['<!--', 'c']], 0);
  fc.assert(fc.property(htmlish, (s) => {
    const html = `<html><body>${s}</body></html>`;
    const safe = cleanText(html, t, { markup: true }).text;
    const before = textOf(html).replace(/\s+/g, ''), after = textOf(safe).replace(/\s+/g, '');
    // never more text than before: nothing inside a tag, a comment or a script became text
    assert.ok(after.length <= before.length, `${JSON.stringify(html)} → ${JSON.stringify(safe)}`);
  }), { numRuns: 300 });
});
