/**
 * Author names, normalised the same way whatever source they come from: "By Jane Doe and John Roe
 * <jane@example.com>" becomes ["Jane Doe", "John Roe"]. Roles that are not people ("Staff",
 * "Admin", "Redaktion"), URLs, dates and long strings (a sentence caught by a byline selector)
 * are dropped: an empty list is better than a wrong name.
 */
import { monthNumber } from './dates.js';

const MAX_NAME = 60;
const MAX_WORDS = 6;
const MAX_AUTHORS = 12;

/**
 * The words that open a byline in the languages of the world's news beyond the Latin-script
 * ones below ("Автор:", "Oleh", "Yazan", "بقلم"), written before the name with a space. Verbs
 * ("كتب", wrote) are left out: a sentence opens with them too.
 */
const BY_WORDS_MORE = 'автор|текст|tekst|teksti|szerző|kirjoittaja|yazan|yazar|oleh|penulis|tác giả|بقلم|نویسنده|به قلم|מאת|लेखक';
/** The same in the scripts written without spaces, where a colon or a slash ends the word ("作者：", "文／", "記者："). */
const BY_WORDS_UNSPACED = '作者|记者|記者|撰文|文|筆者|著者';
const UNSPACED_BY = `(?:${BY_WORDS_UNSPACED})\\s*[:：/／|｜]\\s*`;
// "By", "Von", "Par", "Por", "Door", "Av", "Af", "Przez", "Autor:", "Written by", "Автор:", "作者：" ... at the start.
const PREFIX = new RegExp('^(?:(?:(?:written|posted|published|reported|text|words|story|photos?|article|geschrieben|verfasst|publié|escrito|scritto)\\s+)?'
  + `(?:by|von|vom|par|por|door|av|af|przez|от|autor(?:in)?|author|auteur|autore|text|texte|redakteur(?:in)?|verfasser(?:in)?|${BY_WORDS_MORE})\\s*[:\\-–—]?\\s+|${UNSPACED_BY})`, 'i');
/**
 * A line that opens with "By" (or its equivalent) and a name: read by the visible byline
 * (byline.ts) and the contract's byline rule (page/byline-lines.ts). Narrower than PREFIX: a
 * line opening with "Vom" is a sentence.
 */
export const BYLINE_START = new RegExp(`^(?:(?:by|von|par|por|door|di|av|af|przez|autor(?:in)?|author|auteur|text|texte|${BY_WORDS_MORE})\\s*:?\\s+|${UNSPACED_BY})\\S`, 'i');
/** A labelled author inside a line of fields ("来源：晨报网 作者：李明 2026-11-20"): the name after the label. */
const UNSPACED_AUTHOR_FIELD = new RegExp(`(?:^|\\s)(?:${BY_WORDS_UNSPACED})\\s*[:：/／]\\s*([^\\s:：|｜]{1,30})`);
/** The name a labelled author field of a line gives, or null (scripts written without spaces). */
export function authorField(line: string): string | null {
  return UNSPACED_AUTHOR_FIELD.exec(line)?.[1] ?? null;
}
// Italian, Portuguese, Spanish "di", "da", "de": lower case only, or "De Niro" would lose a part.
const PREFIX_LC = /^(?:di|da|de|od)\s+/;
const LABEL = /^(?:autor(?:in)?|author|auteur|autore|text|texte|by|von|de|par|por)\s*:\s*/i;
const EMAIL = /[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}/g;
const URLISH = /(?:https?:\/\/|www\.|\.(?:com|org|net|de|fr|html?)\b|\/)/i;
// Conjunctions and separators between names, in the languages of the month table.
// Lower case only: "John A. Smith" keeps its initial.
// (Czech and Polish "a", "i" are left out: they are English words.)
const SPLIT = / ?(?:[,;|/&・、]| [-–—] | (?:and|AND|und|et|y|e|en|og|och|ja|и) ) ?/;

const NOT_PEOPLE = new Set([
  'staff', 'admin', 'administrator', 'administrador', 'redaktion', 'die redaktion', 'redaction', 'rédaction', 'la rédaction',
  'redacción', 'redaccion', 'redazione', 'la redazione', 'redactie', 'de redactie', 'redakcja', 'редакция',
  'editor', 'editors', 'the editors', 'editorial', 'editorial team', 'editorial staff', 'editorial board',
  'news desk', 'newsdesk', 'web desk', 'desk', 'team', 'newsroom', 'webmaster', 'root', 'user', 'guest',
  'guest author', 'anonymous', 'anonym', 'unknown', 'null', 'undefined', 'none', 'n/a', 'author', 'autor',
  'auteur', 'staff writer', 'staff reporter', 'contributor', 'contributors', 'online', 'online-redaktion',
  'onlineredaktion', 'web', 'site', 'blog', 'wordpress', 'email protected', '[email protected]', 'more', 'mehr',
  'home', 'share', 'follow', 'posts', 'view all posts', 'profile', 'wire', 'wires', 'agencies', 'agency',
  'publisher', 'posted', 'posted by', 'written by', 'article by', 'by', 'von', 'par', 'por', 'de', 'door',
]);

/** Words that make a "name" a role or an interface string: "CEO", "Zeige alle Artikel". */
const NOT_NAME_WORDS = new Set([
  'ceo', 'founder', 'co-founder', 'editor-in-chief', 'chefredakteur', 'chefredakteurin', 'correspondent',
  'korrespondent', 'korrespondentin', 'reporter', 'journalist', 'journalistin', 'photographer', 'fotograf',
  'philosophe', 'philosopher', 'professor', 'president', 'director', 'manager',
  'artikel', 'articles', 'beiträge', 'posts', 'alle', 'all', 'view', 'show', 'zeige', 'mehr', 'more', 'read',
  'lesen', 'follow', 'folgen', 'profil', 'profile', 'subscribe', 'abonnieren', 'newsletter', 'comments', 'kommentare',
]);
/** Lower-case particles that belong inside names: "Walter von Aachen", "Ana de la Cruz". */
const PARTICLES = new Set(['von', 'van', 'der', 'den', 'de', 'del', 'della', 'di', 'da', 'dos', 'das', 'du', 'le', 'la', 'bin', 'al', 'ter', 'zu', 'y']);

const HAS_LETTER = /\p{L}/u;

/** Normalises one raw author string into zero or more names. */
export function splitAuthor(raw: string): string[] {
  if (!raw || raw.length > 400) return [];
  let s = raw.replace(/\s+/g, ' ').trim();
  // A profile URL (article:author often holds one) names nobody: it is not split into pieces.
  if (/^(?:https?:|www\.)|:\/\//i.test(s)) return [];
  // A sentence caught by a byline selector, not a list of names.
  if (s.split(' ').length > 12) return [];
  s = s.replace(EMAIL, ' ').replace(/[<(\[]\s*[>)\]]/g, ' ');
  s = s.replace(LABEL, '');
  for (let k = 0; k < 2; k++) s = s.replace(PREFIX, '').replace(PREFIX_LC, '');
  const out: string[] = [];
  for (let part of s.split(SPLIT)) {
    part = part.replace(PREFIX, '').replace(PREFIX_LC, '').replace(/^[\s\-–—:·•*]+|[\s\-–—:·•*.]+$/g, '').trim();
    if (isName(part)) out.push(part);
  }
  return out;
}

function isName(s: string): boolean {
  if (!s || s.length < 2 || s.length > MAX_NAME) return false;
  if (!HAS_LETTER.test(s)) return false;
  if (URLISH.test(s) || s.includes('@')) return false;
  if (/\d{3}/.test(s)) return false;
  // A date or a time split off a byline ("By AP | October 31, 2013 | 7:17pm"): no name.
  if (/\d/.test(s) && s.split(/[\s,.]+/).every((w) => !w || /^\d/.test(w) || monthNumber(w) > 0 || /^(?:[ap]m|uhr|h)$/i.test(w))) return false;
  if (s.split(' ').length > MAX_WORDS) return false;
  const k = s.toLowerCase();
  if (NOT_PEOPLE.has(k)) return false;
  // "Staff Writer", "Redaktion Berlin", "Editorial staff": a role word leading or ending the name.
  if (/^(?:staff|redaktion|editorial|admin|team|newsroom)\b|\b(?:staff|redaktion|team|desk|newsroom)$/i.test(k)) return false;
  // A prefix left alone ("Article by"), a role or an interface word, or a phrase of lower-case
  // words (a sentence fragment): no name.
  if (/\b(?:by|von|par|por)$/.test(k)) return false;
  const words = s.split(' ');
  let lower = 0;
  for (const w of words) {
    if (NOT_NAME_WORDS.has(w.toLowerCase())) return false;
    if (/^\p{Ll}/u.test(w) && !PARTICLES.has(w)) lower++;
  }
  return !(words.length >= 2 && lower * 2 >= words.length && lower >= 2);
}

/** Normalises a list of raw author strings: split, cleaned, de-duplicated, bounded. */
export function normaliseAuthors(raw: readonly string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const r of raw) {
    for (const name of splitAuthor(r)) {
      const k = name.toLowerCase();
      if (seen.has(k)) continue;
      seen.add(k);
      out.push(name);
      if (out.length >= MAX_AUTHORS) return out;
    }
  }
  return out;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/**
 * The names in a structured author value (JSON-LD's `author`, an app payload's `author`): a
 * string, an object with a `name` (or `givenName` and `familyName`), or a list of those, each
 * passed through `deref` first (JSON-LD's `@id` references). Raw: normaliseAuthors cleans them.
 */
export function authorNames(v: Json | undefined, deref: (v: Json | undefined) => Json | undefined = (x) => x): string[] {
  const out: string[] = [];
  const list = Array.isArray(v) ? v.slice(0, 20) : v === undefined ? [] : [v];
  for (const a0 of list) {
    const a = deref(a0);
    if (typeof a === 'string') out.push(a);
    else if (a !== null && typeof a === 'object' && !Array.isArray(a)) {
      const name = a['name'];
      if (typeof name === 'string') out.push(name);
      else if (Array.isArray(name)) { for (const x of name) if (typeof x === 'string') out.push(x); }
      else if (typeof a['givenName'] === 'string' || typeof a['familyName'] === 'string') {
        out.push(`${typeof a['givenName'] === 'string' ? a['givenName'] : ''} ${typeof a['familyName'] === 'string' ? a['familyName'] : ''}`.trim());
      }
    }
  }
  return out;
}
