/**
 * The output contract's byline rule: the lines next to the headline that say who wrote the
 * article and when ("By Ada Fielding", "3 March 2026, 10:07", "Updated 2 hours ago", "5 min
 * read") are metadata (`authors`, `published`), not the body. Found by their shape, on any site:
 * a short element between the headline and the first paragraph, or just above the headline,
 * whose text is a "By ..." line, or nothing but dates, times, the article's known authors and the
 * words that join them.
 *
 * Issue 24 ("byline, date and reading-time lines" kept in the body). Dev sets whose truth keeps
 * the byline (dragnet, cleaneval, l3s-gn1) are scored with `byline: true` (eval/conventions.ts).
 */
import type { DomDocument, DomElement } from '../dom/node.js';
import { findDates } from './metadata/dates.js';
import { BYLINE_START } from './metadata/authors.js';
import { oneLine, textOf } from './metadata/text.js';

/** A byline, a date line or a reading time is short; longer text is the standfirst or the body. */
const MAX_LINE = 160;
/** Past this much other text after the headline, the body has begun: no byline is looked for. */
const MAX_TEXT_BEFORE_BODY = 400;
/** Elements looked at after the headline's, at most (a hostile page's long runs of empty markup). */
const MAX_ELEMENTS = 400;

/** A clock time: 10:07, 9.30, 14h30, with am/pm. */
/** "Posted by", "Written by": the verb before a byline's "by". */
const CREDIT_VERB = /^(?:posted|written|words|story|reported|photos?|text)\s+(?=by\s)/i;
const TIME = /\b\d{1,2}[:.h]\d{2}(?::\d{2})?\s*(?:[ap]\.?\s?m\.?)?|\d{1,2}\s*[時时点點시]\s*(?:\d{1,2}\s*[分분]?)?/gi;
const RELATIVE = /\b\d{1,3}\s*(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|std\.?|stunden?|tagen?|heures?|jours?|horas?|d[ií]as?)\b/gi;
/**
 * The same in the other languages of the world's news (Slavic, Nordic, Finnish, Turkish,
 * Indonesian, Arabic, Persian, Hebrew, Greek, Hindi, Vietnamese, CJK): their letters are not
 * ASCII, so a look-ahead ends the unit where \b cannot.
 */
const RELATIVE_MORE = /\d{1,3}\s*(?:минут[уыа]?|мин|час(?:а|ов)?|дн(?:я|ей)|хвилин[уи]?|хв|годин[уи]?|minut[ayę]?|godzin[ya]?|dni|minuter|minutter|timmar|timer|dagar|dage[r]?|minuuttia|tuntia|päivää|dakika|saat|gün|menit|jam|hari|دقائق|دقيقة|ساعات|ساعة|أيام|يوم|دقیقه|ساعت|روز|דקות|שעות|ימים|λεπτά|ώρες|μέρες|मिनट|घंटे|दिन|phút|giờ|ngày|分钟|分鐘|小时|小時|天|分|時間|日|분|시간|일)(?![\p{L}])/giu;
const READING_TIME = /\b\d{1,3}\s*[-–]?\s*(?:min(?:ute)?s?\.?|minuten?)\s*(?:read|reading|de lecture|lesezeit|lesen|lectura|leitura)?\b/gi;
/**
 * Words that join a byline's dates and names: "Updated", "Published on", "at", time zones,
 * "ago", "read", and their equivalents in the main European languages.
 */
const FILLER = new Set(('by on at am pm and updated update published posted last modified ago read reading time today yesterday '
  + 'gmt utc bst est edt cet cest pst pdt et pt ist aest jst uhr um stand aktualisiert veröffentlicht am vor von lesezeit '
  + 'le la à mis jour publié mise par il y a lecture de publicado actualizado el por hace en lectura '
  + 'pubblicato aggiornato il alle di fa door op om bijgewerkt gepubliceerd geleden leestijd min mins minute minutes '
  // ... and beyond Western Europe (Slavic, Nordic, Finnish, Turkish, Indonesian, Arabic, Persian,
  // Hebrew, Greek, Hindi, Vietnamese, CJK): "Опубликовано", "Diperbarui pukul", "نشر في", "更新", "기자".
  + 'опубликовано обновлено обновление чтения назад сегодня вчера в г опубліковано оновлено читання тому '
  + 'opublikowano zaktualizowano aktualizacja czytania czas temu dzisiaj wczoraj o publikováno aktualizováno čtení před '
  + 'publicerad uppdaterad publiceret opdateret publisert oppdatert kl sedan siden läsning lesetid læsetid i dag går '
  + 'julkaistu päivitetty klo sitten lukuaika güncelleme güncellendi yayınlanma yayınlandı okuma süresi önce '
  + 'diperbarui diterbitkan dipublikasikan baca lalu pukul wib wita wit '
  + 'بقلم نشر نشرت في تحديث آخر قراءة منذ بتاريخ تاريخ النشر اليوم أمس مساء صباحا ص م منتشر شده در به پیش مطالعه '
  + 'פורסם עודכן קריאה לפני δημοσιεύθηκε ενημερώθηκε ανάγνωσης πριν प्रकाशित अपडेट पहले '
  + 'cập nhật đăng lúc trước '
  + '更新 公開 公开 发布 發布 发表 發表 时间 時間 日期 配信 掲載 最終更新 午前 午後 上午 下午 입력 수정 기자 업데이트 전 오전 오후').split(' '));

export interface BylineContext {
  /** The article's authors, as metadata found them: a line of their names and a date is a byline. */
  authors: readonly string[];
}

/**
 * The outermost elements after `headline` (and before the body's first long text) that hold a
 * byline, a date line or a reading time and nothing else, in document order.
 */
export function bylineElements(doc: DomDocument, headline: DomElement, ctx: BylineContext): DomElement[] {
  const els = doc.elements;
  const out: DomElement[] = [];
  const names = ctx.authors.map((a) => a.toLowerCase()).filter((a) => a.length >= 3);
  let otherText = 0;
  const end = Math.min(els.length, headline.id + headline.tags + 1 + MAX_ELEMENTS);
  for (let i = headline.id + headline.tags + 1; i < end && otherText <= MAX_TEXT_BEFORE_BODY; i++) {
    const el = els[i];
    if (el.textLen === 0 || el.hidden) { i += el.tags; continue; }
    if (el.textLen > MAX_LINE) {
      // A container of the byline and the body: look inside it. A paragraph (text of its own)
      // is the standfirst or the body: only inline pieces of it lie inside, never a line.
      if (hasOwnText(el)) { otherText += el.textLen; i += el.tags; }
      continue;
    }
    // A box of lines (a date line and an agency line in one <div>): each line is judged apart.
    if (el.blocks > 0 && !hasOwnText(el)) continue;
    // A heading says what follows ("Von Risiken und Nebenwirkungen"); an inline element met here
    // sits in a line with other text ("... von Musk übernommen"): neither is a byline line.
    if (NOT_A_LINE.has(el.tag)) { otherText += el.textLen; i += el.tags; continue; }
    const line = oneLine(textOf(el, MAX_LINE + 40));
    if (isBylineLine(line, names)) {
      out.push(outermost(el));
      i += el.tags;
      continue;
    }
    // Short text that is no byline (a kicker, a share bar): the body has not begun. Its own
    // children are not looked at apart: a line holds a byline whole or not at all.
    otherText += el.textLen;
    i += el.tags;
  }
  return [...linesAbove(headline, names), ...out];
}

/** Other text above the headline, within its box, past which no line above it is looked at. */
const MAX_TEXT_ABOVE = 200;
/** Levels of the headline's ancestors whose earlier children are looked at. */
const LEVELS_ABOVE = 3;
/** Boxes of lines within boxes looked into above the headline, at most. */
const MAX_BOX_DEPTH = 6;

/**
 * Byline and date lines set above the headline by the page's template ("30 May 2013 Last updated
 * at 16:09", "Publikacja: 04.05.2021"): the headline's earlier siblings, then its parent's and
 * grandparent's, nearest first, while they are short. A box of lines is judged line by line. In
 * document order.
 */
function linesAbove(headline: DomElement, names: readonly string[]): DomElement[] {
  const out: DomElement[] = [];
  let otherText = 0;
  // Whether the search goes on past `el`. Boxes nest a few levels at most: deeper is no template's.
  const judge = (el: DomElement, depth: number): boolean => {
    if (el.textLen === 0 || el.hidden) return true;
    if (el.textLen > MAX_LINE || depth > MAX_BOX_DEPTH) return false;
    if (el.blocks > 0 && !hasOwnText(el)) {
      for (let j = el.children.length - 1; j >= 0; j--) {
        const c = el.children[j];
        if (c.kind === 1 && !judge(c, depth + 1)) return false;
      }
      return true;
    }
    if (!NOT_A_LINE.has(el.tag) && isBylineLine(oneLine(textOf(el, MAX_LINE + 40)), names)) out.push(el);
    else otherText += el.textLen;
    return otherText <= MAX_TEXT_ABOVE;
  };
  let node = headline;
  for (let level = 0; level < LEVELS_ABOVE && node.parent && node.parent.tag !== 'body'; level++, node = node.parent) {
    const siblings = node.parent.children;
    for (let j = siblings.lastIndexOf(node) - 1; j >= 0; j--) {
      const c = siblings[j];
      if (c.kind === 3) { if (c.data.trim()) return out.reverse(); continue; }
      if (!judge(c, 0)) return out.reverse();
    }
  }
  return out.reverse();
}

const NOT_A_LINE = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'a', 'em', 'strong', 'b', 'i', 'u', 'small', 'font', 'abbr', 'label', 'button', 'sup', 'sub', 'q', 'cite', 'code']);

function hasOwnText(el: DomElement): boolean {
  for (const c of el.children) if (c.kind === 3 && c.data.trim()) return true;
  return false;
}

/** The largest element holding exactly this text (a <div> around the byline's <p>), below the body. */
function outermost(el: DomElement): DomElement {
  let e = el;
  while (e.parent && e.parent.tag !== 'body' && e.parent.textLen === e.textLen && e.parent.tags <= e.tags + 8) e = e.parent;
  return e;
}

/** Whether a line (white space collapsed) reads as a byline, a date line or a reading time. */
export function isBylineLine(line: string, authorsLower: readonly string[] = []): boolean {
  if (line.length < 3 || line.length > MAX_LINE) return false;
  const by = BYLINE_START.exec(line.replace(CREDIT_VERB, ''));
  // "By Jane Doe": a capitalised name follows (not "By the end of the year, ...").
  if (by) {
    // Capitalised, or in a script without case (Arabic, Hebrew, CJK, Devanagari).
    const first = by[0].charAt(by[0].length - 1);
    if ((first !== first.toLowerCase() || (first === first.toUpperCase() && UNCASED_LETTER.test(first))) && words(line) <= 16) return true;
  }
  // A line of labelled fields, as Chinese and Japanese news print them ("来源：晨报网 作者：李明"):
  // the fields are its bylines' parts, a date still has to be among them.
  const lower = line.toLowerCase().replace(LABELLED_FIELD, ' ');
  let rest = lower;
  for (const a of authorsLower) rest = rest.split(a).join(' ');
  let dated = rest !== lower;
  for (const d of findDates(rest, { limit: 5 }).reverse()) { rest = rest.slice(0, d.start) + ' ' + rest.slice(d.end); dated = true; }
  for (const re of [READING_TIME, RELATIVE, RELATIVE_MORE, TIME]) rest = rest.replace(re, () => { dated = true; return ' '; });
  if (!dated) return false;
  // What is left is the words that join dates and names, and punctuation.
  for (const w of rest.split(/[^\p{L}\p{N}]+/u)) if (w && !FILLER.has(w)) return false;
  return true;
}

const UNCASED_LETTER = /\p{Lo}/u;
/** A source, author or editor field of a CJK byline line: the label, its colon and the value up to the next space. */
const LABELLED_FIELD = /(?:来源|來源|作者|记者|記者|编辑|編輯|责任编辑|責任編輯|出处|出處|文|筆者|著者)\s*[:：/／]\s*[^\s:：]*/g;

function words(s: string): number {
  return s.split(/\s+/).filter(Boolean).length;
}
