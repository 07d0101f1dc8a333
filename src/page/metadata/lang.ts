/**
 * The page's language when its markup does not say: a cheap vote over the body text's first few
 * thousand characters. Scripts decide first (kana is Japanese, hangul Korean, Han alone Chinese);
 * otherwise each word found in a language's stop-word list (text/stopwords.ts) is a vote for it.
 * Closed-class words are the most frequent words of any text, so a few hundred words suffice.
 */
import { STOP_WORD_LISTS, stopWordsFor } from '../../text/stopwords.js';

const SAMPLE = 2500;
/** Fewer stop-word votes than this: too little text to say. */
const MIN_VOTES = 5;

const LANGS = Object.keys(STOP_WORD_LISTS).filter((l) => l !== 'zh' && l !== 'ja');

/** Word → the languages whose stop word it is: one lookup per word. Built on first use. */
let voters: Map<string, string[]> | null = null;
function voteTable(): Map<string, string[]> {
  if (voters) return voters;
  voters = new Map();
  for (const l of LANGS) for (const w of stopWordsFor(l)) {
    const v = voters.get(w);
    if (v) v.push(l); else voters.set(w, [l]);
  }
  return voters;
}

export function detectLang(text: string): string | undefined {
  const s = text.length > SAMPLE ? text.slice(0, SAMPLE) : text;
  let kana = 0, hangul = 0, han = 0, letters = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x3040) { if (c > 64) letters++; continue; }
    if (c <= 0x30ff) kana++;
    else if (c >= 0xac00 && c <= 0xd7af) hangul++;
    else if (c >= 0x4e00 && c <= 0x9fff) han++;
  }
  const cjk = kana + hangul + han;
  if (cjk > 50 && cjk * 2 > letters) return kana * 10 > cjk ? 'ja' : hangul > han ? 'ko' : 'zh';
  const votes = new Map<string, number>();
  const table = voteTable();
  for (const w of s.toLowerCase().split(/[^\p{L}']+/u)) {
    if (!w || w.length > 12) continue;
    const ls = table.get(w);
    if (ls) for (const l of ls) votes.set(l, (votes.get(l) ?? 0) + 1);
  }
  let best: string | undefined, n = 0, total = 0;
  for (const [l, v] of votes) { total += v; if (v > n) { n = v; best = l; } }
  // A clear winner only: half again as many votes as any other language would be too strict for
  // related languages (es/pt), so the winner needs a third of all votes and the minimum.
  return n >= MIN_VOTES && n * 3 >= total ? best : undefined;
}
