/**
 * Checking a stored Site Style Tree (paper 001's simplified SST, as written by style-tree.ts)
 * before it is used: a damaged file, a hand-edited one or one of another version must give a
 * clear typed error, never a wrong mapping, a crash or a loop. Iterative throughout, so a tree
 * 100,000 deep is checked like any other.
 */
import { ThresherError } from '../errors.js';
import { STYLE_TREE_KIND, STYLE_TREE_VERSION, resolveStyleTreeOptions, type StyleTree } from './style-tree.js';

const MARKS = new Set(['noisy', 'meaningful', 'mixed', 'empty', 'uncertain']);

function bad(what: string, message: string, details: Record<string, unknown> = {}): ThresherError {
  return new ThresherError('E_SITE_MODEL', `style tree (${what}): ${message}`, { problem: what, ...details });
}

const isInt = (v: unknown, min: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min;
const isUnit = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
const isImp = (v: unknown): boolean => v === null || isUnit(v);

const validated = new WeakSet<object>();

/**
 * Throws E_SITE_MODEL unless `x` is a style tree of this version that can be mapped safely. An
 * object is checked once (remembered in a WeakSet): load a tree, check it, then do not edit it.
 */
export function validateStyleTree(x: unknown): asserts x is StyleTree {
  if (typeof x === 'object' && x !== null && validated.has(x)) return;
  if (typeof x !== 'object' || x === null || Array.isArray(x)) throw bad('shape', 'expected an object from learnStyleTree');
  const o = x as Record<string, unknown>;
  if (o.kind !== STYLE_TREE_KIND) throw bad('kind', `kind is ${JSON.stringify(o.kind)}, expected "${STYLE_TREE_KIND}"`);
  if (o.version !== STYLE_TREE_VERSION) {
    throw bad('version', `version ${JSON.stringify(o.version)} is not the supported version ${STYLE_TREE_VERSION}; learn the style tree again`,
      { found: o.version, expected: STYLE_TREE_VERSION });
  }
  if (!isInt(o.pages, 1)) throw bad('shape', 'pages must be an integer ≥ 1');
  if (!isUnit(o.threshold)) throw bad('shape', 'threshold must be a number in [0, 1]');
  if (!isInt(o.evidencePages, 1)) throw bad('shape', 'evidencePages must be an integer ≥ 1');
  if (typeof o.options !== 'object' || o.options === null) throw bad('shape', 'options must be an object');
  try {
    resolveStyleTreeOptions(o.options as Record<string, unknown>);
  } catch (e) {
    throw bad('options', (e as Error).message);
  }
  const elements = o.elements, styles = o.styles;
  if (!Array.isArray(elements) || elements.length === 0) throw bad('shape', 'elements must be a non-empty array');
  if (!Array.isArray(styles)) throw bad('shape', 'styles must be an array');
  if (o.root !== 0) throw bad('shape', 'root must be 0');
  const ne = elements.length, ns = styles.length;
  const owner = new Int32Array(ns).fill(-1);
  for (let i = 0; i < ne; i++) {
    const e = elements[i] as Record<string, unknown> | null;
    if (typeof e !== 'object' || e === null) throw bad('shape', `elements[${i}] must be an object`, { index: i });
    if (typeof e.key !== 'string' || e.key.length === 0) throw bad('shape', `elements[${i}].key must be a non-empty string`, { index: i });
    if (!isInt(e.pages, 0)) throw bad('shape', `elements[${i}].pages must be an integer ≥ 0`, { index: i });
    if (!isImp(e.imp)) throw bad('shape', `elements[${i}].imp must be null or a number in [0, 1]`, { index: i });
    if (typeof e.mark !== 'string' || !MARKS.has(e.mark)) throw bad('shape', `elements[${i}].mark must be one of ${[...MARKS].join(', ')}`, { index: i });
    if (!Array.isArray(e.styles)) throw bad('shape', `elements[${i}].styles must be an array`, { index: i });
    for (const s of e.styles) {
      if (!isInt(s, 0) || s >= ns) throw bad('index', `elements[${i}].styles holds ${JSON.stringify(s)}, not a style index`, { index: i });
      if (owner[s] !== -1) throw bad('index', `styles[${s}] belongs to two elements (${owner[s]} and ${i})`, { index: i });
      owner[s] = i;
    }
    if (e.localNoise !== undefined && (!Array.isArray(e.localNoise) || e.localNoise.some((f) => typeof f !== 'string'))) {
      throw bad('shape', `elements[${i}].localNoise must be an array of strings`, { index: i });
    }
  }
  for (let i = 0; i < ns; i++) {
    const s = styles[i] as Record<string, unknown> | null;
    if (typeof s !== 'object' || s === null) throw bad('shape', `styles[${i}] must be an object`, { index: i });
    if (!isInt(s.pages, 0)) throw bad('shape', `styles[${i}].pages must be an integer ≥ 0`, { index: i });
    if (!isImp(s.imp)) throw bad('shape', `styles[${i}].imp must be null or a number in [0, 1]`, { index: i });
    if (!Array.isArray(s.elements)) throw bad('shape', `styles[${i}].elements must be an array`, { index: i });
    for (const c of s.elements) {
      if (!isInt(c, 0) || c >= ne) throw bad('index', `styles[${i}].elements holds ${JSON.stringify(c)}, not an element index`, { index: i });
    }
  }
  checkAcyclic(elements as Array<{ styles: number[] }>, styles as Array<{ elements: number[] }>);
  validated.add(x);
}

/** The element → style → element graph must be acyclic (an element may be shared, never its own descendant). */
function checkAcyclic(elements: Array<{ styles: number[] }>, styles: Array<{ elements: number[] }>): void {
  const state = new Uint8Array(elements.length); // 0 new, 1 on the path, 2 done
  const kids = (i: number): number[] => {
    const out: number[] = [];
    for (const s of elements[i].styles) for (const c of styles[s].elements) out.push(c);
    return out;
  };
  const stack: Array<{ node: number; kids: number[]; i: number }> = [{ node: 0, kids: kids(0), i: 0 }];
  state[0] = 1;
  while (stack.length) {
    const top = stack[stack.length - 1];
    if (top.i < top.kids.length) {
      const c = top.kids[top.i++];
      if (state[c] === 1) throw bad('cycle', `element ${c} is its own descendant`, { index: c });
      if (state[c] === 0) { state[c] = 1; stack.push({ node: c, kids: kids(c), i: 0 }); }
      continue;
    }
    state[top.node] = 2;
    stack.pop();
  }
}
