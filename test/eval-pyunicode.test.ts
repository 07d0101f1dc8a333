/**
 * src/eval/pyunicode.ts reproduces Python's \w, [^\W\d], \d, isupper, islower and \s exactly:
 * checked code point by code point against a local CPython with the same Unicode version (14.0.0,
 * Python 3.11). Skips when no such python3 is installed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { D, LOWER, NWD, UPPER, W, WS } from '../src/eval/pyunicode.js';

const PY = `
import re, sys, unicodedata
if unicodedata.unidata_version != '14.0.0':
    print('SKIP', unicodedata.unidata_version); sys.exit(0)
tests = {'W': lambda c: re.match(r'\\w', c), 'NWD': lambda c: re.match(r'[^\\W\\d]', c), 'D': lambda c: re.match(r'\\d', c),
         'UPPER': str.isupper, 'LOWER': str.islower, 'WS': lambda c: re.match(r'\\s', c)}
for name, f in tests.items():
    print(name, ' '.join('%x' % c for c in range(0x110000) if not 0xd800 <= c <= 0xdfff and f(chr(c))))
`;

function probe(): { skip: string | false; table?: Map<string, string> } {
  const r = spawnSync('python3', ['-c', PY], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error || r.status !== 0) return { skip: 'python3 not available: Python character tables not re-checked' };
  if (r.stdout.startsWith('SKIP')) return { skip: `python3 has Unicode ${r.stdout.slice(5).trim()}, not 14.0.0: tables not re-checked` };
  const table = new Map<string, string>();
  for (const line of r.stdout.trim().split('\n')) {
    const i = line.indexOf(' ');
    table.set(line.slice(0, i), line.slice(i + 1));
  }
  return { skip: false, table };
}

const py = probe();

test('Python character classes match CPython (Unicode 14.0.0)', { skip: py.skip }, () => {
  for (const [name, body] of Object.entries({ W, NWD, D, UPPER, LOWER, WS })) {
    const re = new RegExp(`^[${body}]$`, 'u');
    const cps: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (re.test(String.fromCodePoint(c))) cps.push(c.toString(16));
    }
    assert.equal(cps.join(' '), py.table!.get(name), `${name} differs from CPython`);
  }
});
