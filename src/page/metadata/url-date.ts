/**
 * Dates in the page's URL: /2016/12/23/, /20161223/, 2016-12-23, 2016_12_23. Publishing systems
 * put the day of first publication there and never change it, so a full date in the URL is a
 * strong signal.
 *
 * A month-only URL (/2016/12/slug) is not a day and is never emitted as one: a day picked at random
 * would be wrong 29 times in 30. It is returned as `month` ("2016-12"), which the text date search
 * uses to confirm a date written in the page (a date of that month wins over others).
 */
import { dayString, validDay, type DateValue } from './dates.js';
import { parsePageUrl } from './urls.js';

export interface UrlDate {
  /** A full day found in the URL. */
  day?: DateValue;
  /** YYYY-MM, when the URL names a year and a month (with or without a day). */
  month?: string;
  /** YYYY, when the URL has a plausible year between slashes. */
  year?: string;
}

// /2016/12/23/, /2016-12-23, _2016_12_23, .2016.12.23: separators between the parts agree. A
// one-digit day must end the segment (/2017/7/2/): "/2023/10/3-fragen" is a month and a slug.
const SEP_DATE = /(?<![\d])((?:199[5-9]|20\d\d))([/_.-])(0?[1-9]|1[0-2])\2(0[1-9]|[12]\d|3[01]|[1-9](?=[/?#.]|$))(?!\d)/;
// Day first, as European sites write it: /meldungen/29-10-2021, bericht_vom_22.04.2020.
const DMY_DATE = /(?<![\d.])(0?[1-9]|[12]\d|3[01])([._-])(0?[1-9]|1[0-2])\2((?:199[5-9]|20\d\d))(?!\d)/;
// 20161223 standing alone between non-digits.
const COMPACT_DATE = /(?<!\d)((?:199[5-9]|20\d\d))(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])(?!\d)/;
// /2016/12/ or /2016-12/ (a year and a month as a path segment pair).
const MONTH = /\/((?:199[5-9]|20\d\d))[/_-](0?[1-9]|1[0-2])(?:\/|$|[_-](?!\d))/;
const YEAR = /\/((?:199[5-9]|20\d\d))\//;

export function urlDate(url: string | URL | undefined, now = Date.now()): UrlDate {
  const out: UrlDate = {};
  const u = parsePageUrl(url);
  if (!u || u.href.length > 4096) return out;
  let path = u.pathname + u.search;
  if (path.length > 2048) path = path.slice(0, 2048);
  let m = SEP_DATE.exec(path);
  if (m && validDay(+m[1], +m[3], +m[4], now)) {
    const day = dayString(+m[1], +m[3], +m[4]);
    out.day = { iso: day, day };
  } else if ((m = COMPACT_DATE.exec(path)) && validDay(+m[1], +m[2], +m[3], now)) {
    const day = dayString(+m[1], +m[2], +m[3]);
    out.day = { iso: day, day };
  } else if ((m = DMY_DATE.exec(path)) && validDay(+m[4], +m[3], +m[1], now)) {
    const day = dayString(+m[4], +m[3], +m[1]);
    out.day = { iso: day, day };
  }
  if (out.day) { out.month = out.day.day.slice(0, 7); out.year = out.day.day.slice(0, 4); return out; }
  if ((m = MONTH.exec(path))) {
    const mo = +m[2];
    if (validDay(+m[1], mo, 1, now)) out.month = `${m[1]}-${mo < 10 ? '0' : ''}${mo}`;
  }
  if (out.month) out.year = out.month.slice(0, 4);
  else if ((m = YEAR.exec(path))) out.year = m[1];
  return out;
}
