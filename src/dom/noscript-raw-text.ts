/**
 * A raw text element left open inside a <noscript>.
 *
 * parse.ts parses with scripting off, so a <noscript>'s content is markup, and an <iframe>,
 * <textarea>, <style> or <script> in it is raw text up to its own end tag. Pages paste Google Tag
 * Manager's snippet with the frame written self-closing (`<noscript><iframe src="…" />
 * </noscript>`); HTML has no self-closing frame, so the rest of the page becomes the frame's text
 * and the tree ends there. A browser with scripts, which is what a reader uses, reads the whole
 * <noscript> as text up to its `</noscript>` and shows the page after it. Such an element is
 * therefore closed at its `</noscript>`, and the page parsed again.
 *
 * Only a parse that shows the symptom (parse.ts noscriptMayHaveRunOn) has its source read for it,
 * and only a source that needs the repair is parsed again, so other pages pay nothing.
 */

/** Raw text and RCDATA elements: their end tag alone ends them. */
export const RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['iframe', 'textarea', 'style', 'script', 'xmp', 'noembed', 'noframes', 'title']);

const NOSCRIPT_OPEN = /<noscript\b[^>]*>/gi;
const RAW_START = new RegExp(`<(${[...RAW_TEXT_TAGS].join('|')})\\b`, 'gi');

/**
 * The source with every raw text element that a <noscript> opens and does not close closed just
 * before the `</noscript>`; null when no <noscript> needs it. Read as a browser with scripts reads
 * a <noscript>: its text runs to the first `</noscript>`, and a "<noscript>" inside it is text.
 * Every search goes forward from where the last one of its kind ended, so the time is linear in
 * the source (a hostile page of many <noscript>s, none closed, is read once).
 */
export function closeRawTextInNoscript(source: string): string | null {
  const ends = new EndTags(source);
  let out = '', from = 0;
  NOSCRIPT_OPEN.lastIndex = 0;
  for (let open = NOSCRIPT_OPEN.exec(source); open; open = NOSCRIPT_OPEN.exec(source)) {
    const close = ends.next('noscript', NOSCRIPT_OPEN.lastIndex);
    if (close < 0) break;
    const tag = firstUnclosed(source, NOSCRIPT_OPEN.lastIndex, close, ends);
    if (tag) {
      out += `${source.slice(from, close)}</${tag}>`;
      from = close;
    }
    NOSCRIPT_OPEN.lastIndex = close + 2;
  }
  return from === 0 ? null : out + source.slice(from);
}

/**
 * The first raw text element that source[start, end) opens and does not close, if any. The text
 * of one that is closed is skipped, so a start tag in it is not taken for one.
 */
function firstUnclosed(source: string, start: number, end: number, ends: EndTags): string | null {
  RAW_START.lastIndex = start;
  for (let m = RAW_START.exec(source); m && m.index < end; m = RAW_START.exec(source)) {
    const tag = m[1].toLowerCase();
    const closed = ends.next(tag, RAW_START.lastIndex);
    if (closed < 0 || closed >= end) return tag;
    RAW_START.lastIndex = closed + 2;
  }
  return null;
}

/**
 * Where each tag's next end tag is, found by forward searches that remember their last answer.
 * The callers ask for each tag from ever later places, which is what makes the answer reusable.
 */
class EndTags {
  private readonly found = new Map<string, { re: RegExp; at: number }>();
  constructor(private readonly source: string) {}

  /** The index of the first `</tag` (then white space, "/" or ">") at or after `from`; -1 for none. */
  next(tag: string, from: number): number {
    let f = this.found.get(tag);
    if (!f) this.found.set(tag, (f = { re: new RegExp(`</${tag}[\\t\\n\\f\\r />]`, 'gi'), at: -2 }));
    // The last answer holds while it is not behind `from` (-1: none after an earlier `from`, so none now).
    if (f.at === -1 || f.at >= from) return f.at;
    f.re.lastIndex = from;
    const m = f.re.exec(this.source);
    return (f.at = m ? m.index : -1);
  }
}
