/** Hostile queries and texts for `thresher search` (issue 25 #17): CJK inside sentences, very long queries, c++, don't, scores. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { runCorpus } from '../../src/pipeline/run.js';
import { searchCorpus } from '../../src/pipeline/search.js';
import { buildFtsQuery, indexText, MAX_QUERY_WORDS } from '../../src/corpus/search-text.js';
import { FTS_TOKENIZER } from '../../src/pipeline/store.js';
import { isThresherError } from '../../src/index.js';

function page(title: string, paras: string[]): string {
  return `<html><head><title>${title}</title></head><body><article><h1>${title}</h1>${paras.map((p) => `<p>${p}</p>`).join('')}</article></body></html>`;
}

/** Letters-only pseudo-words: w(0) = "baba"… distinct for every i. */
function word(i: number): string {
  let s = '';
  for (let k = 0; k < 4; k++, i = Math.floor(i / 20)) s += 'bcdfghjklmnpqrstvwxz'[i % 20] + 'aeiou'[(i + k) % 5];
  return s;
}

const ROWS = [
  { url: 'https://zh.example/1', html: page('太空新闻', ['宇航员在太空中喝酒，这是第一次有人在国际空间站里举杯庆祝。', '地面控制中心的工作人员对此表示惊讶，并要求宇航员说明情况。', '专家认为，在失重环境下饮酒会带来新的健康风险和安全问题。']) },
  { url: 'https://ja.example/1', html: page('宇宙のニュース', ['宇宙飛行士が宇宙で酒を飲んだという話が広まっている。', '地上の管制センターは驚き、詳しい説明を求めた。', '専門家は無重力での飲酒には新しい危険があると述べている。']) },
  { url: 'https://ko.example/1', html: page('우주 뉴스', ['우주비행사가 우주에서 술을 마셨다는 소식이 전해졌다.', '지상 관제 센터는 놀라움을 표하며 자세한 설명을 요구했다.', '전문가들은 무중력 상태에서의 음주가 새로운 위험을 가져온다고 말했다.']) },
  { url: 'https://en.example/langs', html: page('Languages at work', ['I write C++ and C# at work, and I don\'t write plain C programs any more since the project moved on.', 'The #harbour tag trended for a day, and the team wrote about the harbour at length.', 'Other paragraphs follow with ordinary words about the code and the tools the team uses.']) },
  { url: 'https://en.example/letter', html: page('The letter c', ['The letter c comes after b in the alphabet, and c is also the name of a musical note.', 'Children learn the letter c early, with cat and cup and the harbour of their town.', 'Nothing here is about programming at all, only about letters and their sounds.']) },
  { url: 'https://en.example/lexicon', html: page('Lexicon', Array.from({ length: 20 }, (_, p) => Array.from({ length: 100 }, (_, k) => word(p * 100 + k)).join(' ') + '.')) },
];

async function store(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'thresher-hostile-search-'));
  const path = join(dir, 'pages.jsonl');
  writeFileSync(path, ROWS.map((r) => JSON.stringify(r)).join('\n') + '\n');
  const out = join(dir, 'out');
  const s = await runCorpus(path, { out, workers: 1, sites: false, statsPages: 0, replicas: 'exact' });
  assert.equal(s.records, ROWS.length);
  return out;
}

const ids = (out: string, q: string) => searchCorpus(out, q).hits.map((h) => h.id);

test('hostile search: Chinese, Japanese and Korean words are found inside sentences, and the snippet marks them', async () => {
  const out = await store();
  for (const q of ['宇航员', '太空', '喝酒', '宇航员在太空中喝酒', '国际空间站']) assert.deepEqual(ids(out, q), ['https://zh.example/1'], q);
  assert.match(searchCorpus(out, '宇航员').hits[0].snippet, /^\[宇航员\]在太空中喝酒/, 'no zero-width separators in the snippet');
  for (const q of ['宇宙飛行士', '酒を飲んだ', '管制センター']) assert.deepEqual(ids(out, q), ['https://ja.example/1'], q);
  // Korean glues particles to words (우주비행사 + 가): a word is found with its particles.
  for (const q of ['우주비행사', '우주비행사가', '관제', '술을']) assert.deepEqual(ids(out, q), ['https://ko.example/1'], q);
  assert.deepEqual(ids(out, '宇航员 宇宙飛行士'), [], 'all words are required');
});

test('hostile search: c++ and c# are words, don\'t is one match, #tag finds tag; scores are positive, higher first', async () => {
  const out = await store();
  assert.deepEqual(ids(out, 'c++'), ['https://en.example/langs']);
  assert.deepEqual(ids(out, 'C#'), ['https://en.example/langs']);
  assert.deepEqual(ids(out, 'c').sort(), ['https://en.example/langs', 'https://en.example/letter']);
  const dont = searchCorpus(out, "don't").hits;
  assert.deepEqual(dont.map((h) => h.id), ['https://en.example/langs']);
  assert.match(dont[0].snippet, /\[don't\]/);
  assert.match(searchCorpus(out, 'c++').hits[0].snippet, /\[C\+\+\]/);
  assert.deepEqual(ids(out, '#harbour'), ['https://en.example/langs']);
  const harbour = searchCorpus(out, 'harbour').hits;
  assert.equal(harbour.length, 2);
  assert.ok(harbour.every((h) => h.score > 0), 'scores are positive');
  assert.ok(harbour[0].score >= harbour[1].score, 'higher scores first');
});

test('hostile search: a long query is de-duplicated and cut at MAX_QUERY_WORDS with a warning; its time does not grow with its length', async () => {
  const out = await store();
  const query = (n: number) => Array.from({ length: n }, (_, i) => word(i)).join(' ');
  const long = searchCorpus(out, query(1000));
  assert.deepEqual(long.hits.map((h) => h.id), ['https://en.example/lexicon']);
  assert.deepEqual(long.warnings, [`the query has 1000 distinct words; only the first ${MAX_QUERY_WORDS} were searched for`]);
  const repeated = searchCorpus(out, 'harbour '.repeat(5000));
  assert.equal(repeated.hits.length, 2);
  assert.deepEqual(repeated.warnings, []);
  const time = (n: number) => {
    let best = Infinity;
    // Best of 5: the machine is shared, and one search takes milliseconds.
    for (let k = 0; k < 5; k++) { const t0 = performance.now(); searchCorpus(out, query(n)); best = Math.min(best, performance.now() - t0); }
    return best;
  };
  time(200);
  // n against 10·n words: without the cap the snippet and ranking grew with words × matches (quadratic).
  const ratio = time(2000) / Math.max(time(200), 2);
  assert.ok(ratio < 10, `10× the words took ${ratio.toFixed(1)}× the time`);
});

test('hostile search: a store written by an older thresher is refused with a clear message, not searched wrongly', async () => {
  const out = await store();
  const db = new Database(join(out, 'thresher.db'));
  db.prepare("UPDATE meta SET value = '3' WHERE key = 'schema'").run();
  db.close();
  assert.throws(() => searchCorpus(out, 'harbour'), (e) => isThresherError(e) && e.code === 'E_STORE' && /schema 3.*--fresh/.test(e.message));
});

test('hostile search: past the segmentation limit CJK runs are indexed character by character, and queries still find them', () => {
  const db = new Database(':memory:');
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(a, tokenize="${FTS_TOKENIZER}")`);
  const sentence = '宇航员在太空中喝酒';
  // The same sentence segmented (within the limit) and cut into characters (past it).
  db.prepare('INSERT INTO t (rowid, a) VALUES (?, ?)').run(1, indexText(sentence));
  db.prepare('INSERT INTO t (rowid, a) VALUES (?, ?)').run(2, indexText(`${sentence}。${sentence}`, sentence.length + 2));
  db.prepare('INSERT INTO t (rowid, a) VALUES (?, ?)').run(3, indexText(sentence, 0));
  const rows = (q: string) => (db.prepare('SELECT rowid AS r FROM t WHERE t MATCH ? ORDER BY rowid').all(buildFtsQuery(q).match) as { r: number }[]).map((x) => x.r);
  for (const q of ['宇航员', '喝酒', '太空中', '宇航员 喝酒']) assert.deepEqual(rows(q), [1, 2, 3], q);
  assert.deepEqual(rows('酒喝'), [], 'characters out of order are no match');
  db.close();
});
