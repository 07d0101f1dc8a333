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
 * Only a parse that shows the symptom (the element was the last one the parser created) is
 * repaired, so every other page is parsed once, as before.
 */

/** Raw text and RCDATA elements: their end tag alone ends them. */
export const RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['iframe', 'textarea', 'style', 'script', 'xmp', 'noembed', 'noframes', 'title']);

const NOSCRIPT_SPAN = /<noscript\b[^>]*>([\s\S]*?)<\/noscript/gi;
const RAW_START = /<(iframe|textarea|style|script|xmp|noembed|noframes|title)\b/gi;

/**
 * The source with every raw text element that a <noscript> opens and does not close closed just
 * before the `</noscript>`; null when no <noscript> needs it. Read as a browser with scripts reads
 * a <noscript>: its text runs to the first `</noscript>`.
 */
export function closeRawTextInNoscript(source: string): string | null {
  const cuts: { at: number; tag: string }[] = [];
  for (const span of source.matchAll(NOSCRIPT_SPAN)) {
    const inner = span[1];
    const innerAt = span.index + span[0].length - inner.length - '</noscript'.length;
    const open = firstUnclosed(inner);
    if (open) cuts.push({ at: innerAt + inner.length, tag: open });
  }
  if (!cuts.length) return null;
  let out = '', from = 0;
  for (const { at, tag } of cuts) {
    out += `${source.slice(from, at)}</${tag}>`;
    from = at;
  }
  return out + source.slice(from);
}

/**
 * The first raw text element `inner` opens and never closes, if any. A start tag inside another
 * one's text (a "<textarea" in a script's string) can be taken for one; the end tag added for it
 * is then a stray one, which the parser ignores.
 */
function firstUnclosed(inner: string): string | null {
  for (const m of inner.matchAll(RAW_START)) {
    const tag = m[1].toLowerCase();
    if (!new RegExp(`</${tag}[\\t\\n\\f\\r />]`, 'i').test(inner.slice(m.index + m[0].length))) return tag;
  }
  return null;
}
