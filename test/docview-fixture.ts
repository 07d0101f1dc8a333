/**
 * The golden-file format for DocView fixtures (test/fixtures/docview/<case>/): input.html, the
 * integrate options in options.json, and expected.json — the DocView without its timings and its
 * content (the content is the extractor's, pinned by the labelers' own fixtures).
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { DocView } from '../src/types.js';
import type { IntegrateOptions } from '../src/corpus/docview.js';

export function fixtureOptions(dir: string): IntegrateOptions {
  const path = join(dir, 'options.json');
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) as IntegrateOptions : {};
}

export function renderDocViewExpected(view: DocView): string {
  const { timings: _timings, content: _content, ...rest } = view;
  return JSON.stringify(rest, null, 1) + '\n';
}
