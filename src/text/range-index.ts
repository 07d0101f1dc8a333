/**
 * A table's keys found by a range of a string, without cutting the word out. The block features
 * look up the words of every text unit (page/word-tokens.ts, function-words.ts), and a slice per
 * word, hashed again by a Map or Set, cost more than the lookup. Open addressing on an FNV-1a hash of the UTF-16 code units; a hit
 * is confirmed by comparing the characters, so collisions cost time, never a wrong answer.
 */
export interface RangeIndex {
  mask: number;
  hash: Int32Array;
  /** Per slot: index into keys and scores, -1 when empty. */
  entry: Int32Array;
  keys: string[];
  scores: Float64Array;
}
const RANGE_INDEXES = new WeakMap<Readonly<Record<string, number>>, RangeIndex>();

function hashRange(s: string, from: number, to: number): number {
  let h = 0x811c9dc5 | 0;
  for (let i = from; i < to; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

/** The index of `table`'s keys and values, built once per table object. */
export function rangeIndex(table: Readonly<Record<string, number>>): RangeIndex {
  let index = RANGE_INDEXES.get(table);
  if (index) return index;
  const keys = Object.keys(table);
  let size = 16;
  while (size < keys.length * 2) size *= 2;
  index = { mask: size - 1, hash: new Int32Array(size), entry: new Int32Array(size).fill(-1), keys,
    scores: Float64Array.from(keys, (k) => table[k]) };
  keys.forEach((k, j) => {
    const h = hashRange(k, 0, k.length);
    let i = h & index!.mask;
    while (index!.entry[i] >= 0) i = (i + 1) & index!.mask;
    index!.entry[i] = j; index!.hash[i] = h;
  });
  RANGE_INDEXES.set(table, index);
  return index;
}

/** The entry whose key is s.slice(from, to), or -1. */
export function findRange(index: RangeIndex, s: string, from: number, to: number): number {
  const h = hashRange(s, from, to);
  const { mask, hash, entry, keys } = index;
  for (let i = h & mask, j: number; (j = entry[i]) >= 0; i = (i + 1) & mask) {
    if (hash[i] === h && sameRange(keys[j], s, from, to)) return j;
  }
  return -1;
}

/** key === s.slice(from, to), without the slice; words are short, so a loop beats a builtin call. */
function sameRange(key: string, s: string, from: number, to: number): boolean {
  if (key.length !== to - from) return false;
  for (let k = 0, i = from; i < to; k++, i++) if (key.charCodeAt(k) !== s.charCodeAt(i)) return false;
  return true;
}
