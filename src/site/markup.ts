/**
 * Where raw HTML can be cut without exposing markup as text, for cleaning raw HTML with text
 * templates.
 *
 * Paper 004 (Foschini) §3.4 and §5.2 apply the templates to raw HTML as to any string. Departure,
 * and why: on real pages that lets a removed stretch start inside a script, a comment or a tag
 * and end outside it (or the reverse), so the parser then reads the rest of a script, a comment
 * or an attribute list as page text (measured with scripts/eval-site.mjs --part html on big9:
 * every page's text grew and its F1 fell). With `markup`, cleanText shrinks each removed stretch
 * to begin and end where a scanner of the original HTML is in plain text: outside tags,
 * comments and raw-text elements (script, style, textarea, title, xmp). The scanner's state after
 * such a stretch equals its state before it, so the text that stays is read as it was.
 *
 * The scanner is a simplification of the HTML tokenizer: `<` opens a tag only before a letter,
 * `/`, `!` or `?` (so the position right after a `<` that opened nothing is no cut point: a cut
 * could put a letter after it); a quoted value after `=` may hold `>`; a raw-text element ends at
 * `</name` followed by white space, `/` or `>`. One pass, linear in the text.
 */

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp']);

function isAsciiLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isSpaceChar(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/**
 * `out[p] = 1` when position p (before character p; p = text.length is the end) is in plain
 * text: a cut there leaves the markup around it intact.
 */
export function plainTextPositions(text: string): Uint8Array {
  const n = text.length;
  const out = new Uint8Array(n + 1);
  let i = 0;
  // Right after a '<' that opened no tag, a cut could bring a letter next to it and open one.
  let afterLt = false;
  while (i < n) {
    out[i] = afterLt ? 0 : 1;
    afterLt = false;
    const c = text.charCodeAt(i);
    if (c !== 60 || i + 1 >= n) { afterLt = c === 60; i++; continue; }
    const d = text.charCodeAt(i + 1);
    if (d === 33 && text.startsWith('<!--', i)) { // a comment: to the next -->, or to the end
      const e = text.indexOf('-->', i + 4);
      i = e < 0 ? n : e + 3;
      continue;
    }
    if (!(isAsciiLetter(d) || d === 47 || d === 33 || d === 63)) { afterLt = true; i++; continue; }
    // a tag: its name, then attributes to the closing '>' (quoted values may hold '>')
    const closing = d === 47;
    let j = i + (closing ? 2 : 1);
    const nameStart = j;
    while (j < n && !isSpaceChar(text.charCodeAt(j)) && text.charCodeAt(j) !== 62 && text.charCodeAt(j) !== 47) j++;
    const name = text.slice(nameStart, j).toLowerCase();
    let selfClosing = false;
    while (j < n && text.charCodeAt(j) !== 62) {
      const x = text.charCodeAt(j);
      if (x === 61) { // '=': an attribute value follows, maybe quoted
        j++;
        while (j < n && isSpaceChar(text.charCodeAt(j))) j++;
        const q = text.charCodeAt(j);
        if (q === 34 || q === 39) {
          const e = text.indexOf(q === 34 ? '"' : "'", j + 1);
          j = e < 0 ? n : e + 1;
          continue;
        }
        continue;
      }
      selfClosing = x === 47;
      j++;
    }
    i = Math.min(n, j + 1);
    if (!closing && !selfClosing && RAW_TEXT.has(name)) { // raw text: to its end tag
      const end = new RegExp(`</${name}[\\s/>]`, 'gi');
      end.lastIndex = i;
      const m = end.exec(text);
      const gt = m ? text.indexOf('>', m.index) : -1; // past the end tag: plain text again
      i = gt < 0 ? n : gt + 1;
    }
  }
  out[n] = afterLt ? 0 : 1;
  return out;
}
