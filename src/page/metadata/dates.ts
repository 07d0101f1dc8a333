/**
 * Dates: one raw date string (a meta tag's content, a `datetime` attribute, a byline) to ISO 8601,
 * and the search for dates inside running text. Shared by every metadata source, so that all of
 * them apply the same validity rules: no date in the future, none before 1995 (the web's articles
 * start there; older years are history being written about), none from a copyright line.
 *
 * Output keeps what the page says: a day (2024-03-05), or a day and time with the zone the page
 * gives (2024-03-05T14:30:00+01:00). A time without a zone is dropped to its day, never given an
 * invented zone. Every regex here is linear (bounded repetitions, no nested quantifiers) and is
 * run on strings capped in length: pages are hostile input.
 */

export interface DateValue {
  /** ISO 8601: YYYY-MM-DD, or YYYY-MM-DDTHH:MM:SS±HH:MM / Z. */
  iso: string;
  /** The day part, YYYY-MM-DD. */
  day: string;
}

/** A date found in running text: its day and where the match lies in the searched string. */
export interface TextDate {
  day: string;
  start: number;
  end: number;
}

export const MIN_YEAR = 1995;
/** Raw date strings longer than this are not dates (a paragraph in a `content` attribute). */
const MAX_RAW = 120;

/** Month names and abbreviations of the main European languages, lower case, without a final dot. */
const MONTH_NAMES: ReadonlyArray<readonly [number, string]> = [
  [1, 'january jan januar jänner jaenner janvier janv enero ene gennaio gen janeiro januari stycznia styczeń styczen tammikuuta ledna leden января январь janúar'],
  [2, 'february feb febr februar février fevrier févr fevr fév fev febrero febbraio fevereiro februari lutego luty helmikuuta února unora únor февраля февраль'],
  [3, 'march mar märz maerz marz mär mrz mars marzo março marco maart mrt marca marzec maaliskuuta března brezna březen марта март marts'],
  [4, 'april apr avril avr abril abr aprile kwietnia kwiecień kwiecien huhtikuuta dubna duben апреля апрель'],
  [5, 'may mai mayo maggio mag maio mei maja maj toukokuuta května kvetna květen мая май'],
  [6, 'june jun juni juin junio giugno giu junho czerwca czerwiec kesäkuuta kesakuuta června cervna červen июня июнь'],
  [7, 'july jul juli juillet juil julio luglio lug julho lipca lipiec heinäkuuta heinakuuta července cervence červenec июля июль'],
  [8, 'august aug août aout agosto ago augustus augusti sierpnia sierpień sierpien elokuuta srpna srpen августа август'],
  [9, 'september sep sept septembre septiembre setiembre settembre set setembro września wrzesnia wrzesień syyskuuta září zari сентября сентябрь'],
  [10, 'october oct oktober okt octobre octubre ottobre ott outubro out października pazdziernika październik lokakuuta října rijna říjen октября октябрь'],
  [11, 'november nov novembre noviembre novembro listopada listopad marraskuuta listopadu ноября ноябрь'],
  [12, 'december dec dezember dez décembre decembre déc diciembre dic dicembre dezembro grudnia grudzień grudzien joulukuuta prosince prosinec декабря декабрь'],
];

const MONTHS = new Map<string, number>();
for (const [m, names] of MONTH_NAMES) for (const n of names.split(' ')) MONTHS.set(n, m);

/** The month a word names (any case, a final dot allowed), or 0. */
export function monthNumber(word: string): number {
  if (word.length > 14) return 0;
  let w = word.toLowerCase();
  if (w.endsWith('.')) w = w.slice(0, -1);
  return MONTHS.get(w) ?? 0;
}

const pad2 = (n: number): string => (n < 10 ? `0${n}` : String(n));

/** Milliseconds of "now" plus a day of slack: a page's zone may be ahead of ours. */
function latestAllowed(now: number): number {
  return now + 36 * 3600 * 1000;
}

/** True when y-m-d is a real calendar day within [1995, now]. */
export function validDay(y: number, m: number, d: number, now = Date.now()): boolean {
  if (y < MIN_YEAR || m < 1 || m > 12 || d < 1 || d > 31) return false;
  const t = Date.UTC(y, m - 1, d);
  const back = new Date(t);
  if (back.getUTCDate() !== d) return false;
  return t <= latestAllowed(now);
}

export function dayString(y: number, m: number, d: number): string {
  return `${y}-${pad2(m)}-${pad2(d)}`;
}

function makeDay(y: number, m: number, d: number, now: number): DateValue | null {
  if (!validDay(y, m, d, now)) return null;
  const day = dayString(y, m, d);
  return { iso: day, day };
}

/** The zone as ±HH:MM or Z, or '' when it is not one. */
function normZone(z: string | undefined): string {
  if (!z) return '';
  const u = z.toUpperCase();
  if (u === 'Z' || u === 'UTC' || u === 'GMT' || u === 'UT') return 'Z';
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(z);
  if (!m) return '';
  const h = Number(m[2]), mi = Number(m[3] ?? '0');
  if (h > 14 || mi > 59) return '';
  return `${m[1]}${m[2]}:${m[3] ?? '00'}`;
}

/** A day with a time and zone when both are there and sane; else the day alone. */
function withTime(v: DateValue, hh?: string, mm?: string, ss?: string, zone?: string): DateValue {
  const z = normZone(zone);
  if (hh === undefined || mm === undefined || !z) return v;
  const h = Number(hh), mi = Number(mm), s = ss === undefined ? 0 : Number(ss);
  if (h > 23 || mi > 59 || s > 60) return v;
  return { iso: `${v.day}T${pad2(h)}:${pad2(mi)}:${pad2(s)}${z}`, day: v.day };
}

// ISO 8601 and its common relatives: 2024-03-05, 2024-03-05T14:30, 2024-03-05 14:30:00.000+01:00.
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?\s?(Z|[+-]\d{2}:?\d{2}|[+-]\d{2}(?!\d)|UTC|GMT)?)?/i;
// 2024/03/05, 2024.03.05, 2024. 3. 5.
const YMD = /^(\d{4})\s?[/.]\s?(\d{1,2})\s?[/.]\s?(\d{1,2})(?!\d)/;
// Compact 20240305, with an optional 1430 or 143000 time (no zone: dropped).
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:T?\d{4,6})?$/;
// RFC 2822 and friends: "Tue, 05 Mar 2024 14:30:00 +0100", "5 Mar 2024 14:30 GMT".
const RFC = /^(?:[a-z]{3,9},?\s{1,3})?(\d{1,2})\s{1,3}([a-z]{3,9})\.?\s{1,3}(\d{4})(?:\s{1,3}(\d{1,2}):(\d{2})(?::(\d{2}))?\s{0,2}(Z|[+-]\d{4}|[+-]\d{2}:\d{2}|UTC|GMT|UT)?)?/i;
const EPOCH = /^\d{10}(?:\d{3})?$/;

/**
 * A raw date string (attribute values, meta content, short element text) to a DateValue, or
 * null. `mdy` says how to read an ambiguous 03/05/2024: month first (US usage) or day first.
 */
export function parseDate(raw: string | undefined | null, opts: { mdy?: boolean; now?: number } = {}): DateValue | null {
  if (!raw) return null;
  let s = raw.trim();
  if (!s || s.length > MAX_RAW * 4) return null;
  if (s.length > MAX_RAW) s = s.slice(0, MAX_RAW);
  const now = opts.now ?? Date.now();
  let m = ISO.exec(s);
  if (m) {
    const v = makeDay(+m[1], +m[2], +m[3], now);
    return v && withTime(v, m[4], m[5], m[6], m[7]);
  }
  if ((m = YMD.exec(s))) return makeDay(+m[1], +m[2], +m[3], now);
  if ((m = COMPACT.exec(s))) return makeDay(+m[1], +m[2], +m[3], now);
  if (EPOCH.test(s)) {
    // An epoch is an instant in UTC: its UTC day and time, marked Z, invent nothing.
    const t = s.length === 13 ? Number(s) : Number(s) * 1000;
    const d = new Date(t);
    const v = makeDay(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), now);
    return v && { iso: `${d.toISOString().slice(0, 19)}Z`, day: v.day };
  }
  if ((m = RFC.exec(s))) {
    const mo = monthNumber(m[2]);
    if (mo) {
      const v = makeDay(+m[3], mo, +m[1], now);
      if (v) return withTime(v, m[4], m[5], m[6], m[7]);
    }
  }
  const found = findDates(s, { mdy: opts.mdy, now, limit: 1 });
  return found.length ? { iso: found[0].day, day: found[0].day } : null;
}

// ---- dates in running text -------------------------------------------------------------------

/** A year a web article can have; the anchor every full date in text is searched around. */
const YEAR = /(?<!\d)(?:199[5-9]|20\d\d)(?!\d)/g;
// Year first: 2024-03-05, 2024/3/5, 2024.03.05, 2024年3月5日, 2024년 3월 5일, 2024. 3. 5.
const YEAR_FIRST = /^(\d{4})(?:\s?([-/.])\s?(\d{1,2})\s?\2\s?(\d{1,2})(?!\d)|\s?年\s?(\d{1,2})\s?月\s?(\d{1,2})\s?日|년\s?(\d{1,2})월\s?(\d{1,2})일)/;
// Year last, numeric: 05.03.2024, 5/3/2024, 05-03-2024 (the text ends where the year starts).
const NUM_BEFORE = /(?<!\d)(\d{1,2})([./-])\s?(\d{1,2})\2\s?$/;
// Year last, day then month name: 5 March 2024, 5. März 2024, 5 de marzo de 2024, 5th of March, 2024.
const DAY_MONTH_BEFORE = /(?<!\d)(\d{1,2})(?:\.|º|°|er|st|nd|rd|th)?\s{0,2}(?:de\s{1,2}|of\s{1,2})?(\p{L}{3,12})\.?,?\s{0,2}(?:de\s{1,2}|del\s{1,2})?$/u;
// Year last, month name then day: March 5, 2024, Mar. 5th 2024.
const MONTH_DAY_BEFORE = /(?<!\p{L})(\p{L}{3,12})\.?\s{0,2}(\d{1,2})(?:st|nd|rd|th)?,?\s{1,2}$/u;
// Month name and year alone (a month, not a day): only used to confirm a day.
const MONTH_BEFORE = /(?<!\p{L})(\p{L}{3,12})\.?,?\s{1,2}$/u;

export interface FindOptions {
  mdy?: boolean;
  now?: number;
  /** Stop after this many dates. */
  limit?: number;
  /** Also report month-only mentions ("March 2024") with day `YYYY-MM`. */
  months?: boolean;
}

/**
 * Every full date in `text`, in order. Anchored on four-digit years (1995–20xx), each looked at
 * through a short window before and after: a page's text is searched with one cheap regex, and
 * the costlier patterns only run on a few dozen characters around each year.
 */
export function findDates(text: string, opts: FindOptions = {}): TextDate[] {
  const out: TextDate[] = [];
  const now = opts.now ?? Date.now();
  const limit = opts.limit ?? 200;
  YEAR.lastIndex = 0;
  let y: RegExpExecArray | null;
  while ((y = YEAR.exec(text)) && out.length < limit) {
    const at = y.index;
    const hit = yearFirst(text, at, now) ?? yearLast(text, at, opts.mdy ?? false, now);
    if (hit) { out.push(hit); if (hit.end > YEAR.lastIndex) YEAR.lastIndex = hit.end; continue; }
    if (opts.months) {
      const mm = MONTH_BEFORE.exec(text.slice(Math.max(0, at - 16), at));
      const mo = mm ? monthNumber(mm[1]) : 0;
      if (mo) out.push({ day: `${y[0]}-${pad2(mo)}`, start: at - mm![0].length, end: at + 4 });
    }
  }
  return out;
}

function yearFirst(text: string, at: number, now: number): TextDate | null {
  const m = YEAR_FIRST.exec(text.slice(at, at + 16));
  if (!m) return null;
  const mo = +(m[3] ?? m[5] ?? m[7]), d = +(m[4] ?? m[6] ?? m[8]);
  if (!validDay(+m[1], mo, d, now)) return null;
  return { day: dayString(+m[1], mo, d), start: at, end: at + m[0].length };
}

function yearLast(text: string, at: number, mdy: boolean, now: number): TextDate | null {
  const year = +text.slice(at, at + 4);
  const before = text.slice(Math.max(0, at - 28), at);
  let m = NUM_BEFORE.exec(before);
  if (m) {
    let a = +m[1], b = +m[3];
    // 05.03.2024 is day first everywhere; 5/3/2024 is month first in US usage.
    const monthFirst = m[2] === '/' && (a > 12 ? false : b > 12 ? true : mdy);
    if (monthFirst) [a, b] = [b, a];
    if (!validDay(year, b, a, now)) return null;
    return { day: dayString(year, b, a), start: at - m[0].length, end: at + 4 };
  }
  m = DAY_MONTH_BEFORE.exec(before);
  if (m) {
    const mo = monthNumber(m[2]);
    if (mo && validDay(year, mo, +m[1], now)) return { day: dayString(year, mo, +m[1]), start: at - m[0].length, end: at + 4 };
  }
  m = MONTH_DAY_BEFORE.exec(before);
  if (m) {
    const mo = monthNumber(m[1]);
    if (mo && validDay(year, mo, +m[2], now)) return { day: dayString(year, mo, +m[2]), start: at - m[0].length, end: at + 4 };
  }
  return null;
}

// Day, month and a two-digit year, dot-separated: "8.5.12", "28.09.19". Ambiguous in running
// text (versions, scores), so only read where a date is expected: bylines and date-classed elements.
const SHORT_DMY = /(?<![\d.])(\d{1,2})\.(\d{1,2})\.(\d{2})(?![\d.])/g;

/** Dates written D.M.YY (years 1995–2094), for the byline and date-classed markup only. */
export function findShortDates(text: string, now = Date.now(), limit = 5): TextDate[] {
  const out: TextDate[] = [];
  SHORT_DMY.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SHORT_DMY.exec(text)) && out.length < limit) {
    const yy = +m[3], y = yy >= 95 ? 1900 + yy : 2000 + yy;
    if (validDay(y, +m[2], +m[1], now)) out.push({ day: dayString(y, +m[2], +m[1]), start: m.index, end: m.index + m[0].length });
  }
  return out;
}

/** Copyright lines give the site's years, not the article's: "© 2019", "Copyright 2003-2020". */
const COPYRIGHT = /(?:©|\(c\)|&copy;|copyright|urheberrecht|tous droits|all rights)/i;

/** True when the text just before a date (a short window) reads like a copyright line. */
export function inCopyright(before: string): boolean {
  return COPYRIGHT.test(before.length > 40 ? before.slice(-40) : before);
}
