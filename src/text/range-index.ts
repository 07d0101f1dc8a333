/**
 * A table's keys found by a range of a string, without cutting the word out. The block features
 * look up the words of every text unit (page/word-tokens.ts, function-words.ts), and a slice per
 * word, hashed again by a Map or Set, cost more than the lookup. Open addressing on an FNV-1a hash of the UTF-16 code units; a hit
 * is confirmed by comparing the characters, so collisions cost time, never a wrong answer.
 */
export interface RangeIndex {
  mask: number;
  /**
   * Per slot s: the key's hash at 2s, its index into keys and scores at 2s + 1 (-1 when empty).
   * Side by side because a vocabulary of 18,000 words is far bigger than the CPU's nearest cache,
   * and a lookup then reads one cache line where two arrays cost two misses.
   */
  slots: Int32Array;
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
  index = indexKeys(keys, Float64Array.from(keys, (k) => table[k]));
  RANGE_INDEXES.set(table, index);
  return index;
}

/**
 * The index of distinct `keys` with their `scores`, not remembered: for a page's own short-lived
 * word list (its title), where a table object per page would cost a hidden class per new word and
 * a weak-map entry for the GC to clear.
 */
export function indexKeys(keys: string[], scores: Float64Array): RangeIndex {
  let size = 16;
  while (size < keys.length * 2) size *= 2;
  const mask = size - 1, slots = new Int32Array(2 * size);
  for (let i = 0; i < size; i++) slots[2 * i + 1] = -1;
  for (let j = 0; j < keys.length; j++) {
    const k = keys[j];
    const h = hashRange(k, 0, k.length);
    let i = h & mask;
    while (slots[2 * i + 1] >= 0) i = (i + 1) & mask;
    slots[2 * i] = h; slots[2 * i + 1] = j;
  }
  return { mask, slots, keys, scores };
}

/** The entry whose key is s.slice(from, to), or -1. */
export function findRange(index: RangeIndex, s: string, from: number, to: number): number {
  const h = hashRange(s, from, to);
  const { mask, slots, keys } = index;
  for (let i = h & mask, j: number; (j = slots[2 * i + 1]) >= 0; i = (i + 1) & mask) {
    if (slots[2 * i] === h && sameRange(keys[j], s, from, to)) return j;
  }
  return -1;
}

/** key === s.slice(from, to), without the slice; words are short, so a loop beats a builtin call. */
function sameRange(key: string, s: string, from: number, to: number): boolean {
  if (key.length !== to - from) return false;
  for (let k = 0, i = from; i < to; k++, i++) if (key.charCodeAt(k) !== s.charCodeAt(i)) return false;
  return true;
}
