/**
 * Fast paths inside parse5's own tokenizer: the input that needs no character-by-character state
 * machine is taken a run at a time, and the text of raw text elements the tree never keeps is not
 * tokenized at all. The tree is the one plain parse5 builds, character for character (the property
 * test in test/dom.test.ts and bench/parse-equivalence.mjs over the datasets check it).
 *
 * parse5's tokenizer reads one code point per turn of its loop and dispatches it on a 70-state
 * switch; a modern page is 60-70% attribute values (class lists, URLs, JSON in data-*), and the
 * bodies of <script> and <style> are as much again. Each override below first lets parse5's own
 * state function handle the current code point, then, when that was an ordinary character, extends
 * the same run over the following ordinary characters with one sticky regex. A run stops at every
 * character a state treats specially, and at CR (read as LF, CRLF as one LF) and surrogates (code
 * point assembly), which go through parse5's own path: a run never holds anything parse5 would
 * have read differently, so the slice appended is exactly what parse5 would have appended.
 *
 * Tags are taken whole: a start tag of plain markup (lower-case names, values without CR, NUL,
 * surrogates or a "&" other than a simple character reference (char-refs.ts), white space between
 * attributes, at most 64 of them) or an end tag with a plain name is scanned at once and emitted as
 * the token parse5's states would have built, repeated attributes dropped as parse5 drops them; any
 * other tag is left to those states from its start.
 *
 * Two fast paths go further, where the tree cannot tell:
 * - Text in body (insertion modes in body, in cell, in caption, outside foreign content) is one
 *   character token up to the next "<", "&", NUL or CR, instead of alternating whitespace and
 *   character tokens per word: there the parser treats both the same (reconstruct the active
 *   formatting elements, insert the characters), and a token with a non-whitespace character clears
 *   frameset-ok in either case.
 * - In <script>, <style>, <iframe> and <textarea>, never attached to the tree (NEVER_CONTENT in
 *   parse.ts), characters other than "<" are not emitted at all: only "<" can end those states.
 *   Data scripts (JSON, data-scripts.ts) are the exception: their text is read.
 *
 * This replaces a string prescan that cut script and style bodies and comments out before parsing:
 * it could not know the tokenizer's state (a "<!--" inside an attribute value or a <title>, a
 * "<script" inside <xmp>), and changed the tree of real pages.
 *
 * The overrides rely on parse5 internals (8.x: Preprocessor `html`/`pos`, the run fields
 * `runStart`/`runEnd`, state method names and the DATA state's number, the token fields and
 * `_createStartTagToken`/`emitCurrentTagToken`, the parser's `insertionMode` numbers), reached through
 * parse5's own Parser class. `fastParseAvailable` is false, and parse.ts uses plain parse5, when
 * they are missing or when a probe document does not parse to the same tree both ways.
 */
import { parse, Tokenizer } from 'parse5';
import { decodedRef, simpleCharRef } from './char-refs.js';
import { dataScripts } from './data-scripts.js';

/* eslint-disable @typescript-eslint/no-explicit-any */
type AnyCtor = new (...args: any[]) => any;

const LT = 60;

// Runs of ordinary characters per state (sticky: matched at lastIndex). Every set excludes CR and
// surrogates (see above).
/** Data state, character token: not whitespace, "<", "&", NUL. */
const DATA_CHARS = /[^<&\0\r \t\n\f\ud800-\udfff]*/y;
/** Data state in body: whitespace joins the character token. */
const BODY_TEXT = /[^<&\0\r\ud800-\udfff]*/y;
/** Whitespace token (any text state). */
const WS_RUN = /[ \t\n\f]*/y;
const RCDATA_CHARS = DATA_CHARS;
const RAW_CHARS = /[^<\0\r \t\n\f\ud800-\udfff]*/y;
const PLAIN_CHARS = /[^\0\r \t\n\f\ud800-\udfff]*/y;
const DQ_VALUE = /[^"&\0\r\ud800-\udfff]*/y;
const SQ_VALUE = /[^'&\0\r\ud800-\udfff]*/y;
const UQ_VALUE = /[^ \t\n\f&>\0"'<=`\r\ud800-\udfff]*/y;
const COMMENT_CHARS = /[^-<\0\r\ud800-\udfff]*/y;
const BOGUS_CHARS = /[^>\0\r\ud800-\udfff]*/y;

/** End of the run of `re` from `from`. */
function runEnd(re: RegExp, html: string, from: number): number {
  re.lastIndex = from;
  re.test(html);
  return re.lastIndex;
}

const GT = 62, SOLIDUS = 47, EQUALS = 61, DQUOTE = 34, SQUOTE = 39, AMP = 38;
/** Attributes a whole-tag scan takes before it leaves the tag to parse5. */
const MAX_WHOLE_TAG_ATTRS = 64;
/** parse5's State.DATA. */
const DATA_STATE = 0;

/** True when `attrs` has an attribute called `name`. */
function hasAttr(attrs: readonly { name: string }[], name: string): boolean {
  for (let k = 0; k < attrs.length; k++) if (attrs[k].name === name) return true;
  return false;
}

/**
 * html.slice(from, to) as a string of its own, as parse5's _flushRun makes its runs: V8 lets a
 * slice of 13 or more characters share the page's buffer, which would keep the whole page alive
 * for as long as any attribute value cut from it.
 */
function ownString(html: string, from: number, to: number): string {
  const slice = html.slice(from, to);
  return slice.length < 13 ? slice : ` ${slice}`.slice(1);
}

// Names and white space between attributes are a few characters long: a loop beats a regex call there.
/** End of the run of [a-z0-9_:.-] (tag and attribute names that need no lower-casing) from `from`. */
function nameEnd(html: string, from: number): number {
  let i = from;
  while (isNameChar(html.charCodeAt(i))) i++;
  return i;
}

/** End of the run of HTML white space other than CR from `from`. */
function wsEnd(html: string, from: number): number {
  let i = from;
  while (isWs(html.charCodeAt(i))) i++;
  return i;
}

function isWs(cp: number): boolean {
  return cp === 32 || cp === 10 || cp === 9 || cp === 12;
}
/** An ASCII character a name run may start with: [a-z0-9_:.-]. */
function isNameChar(cp: number): boolean {
  return (cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 58) || cp === 45 || cp === 46 || cp === 95;
}

// parse5 8 InsertionMode values in which character and whitespace tokens are handled alike.
const IN_BODY = 6, IN_CAPTION = 10, IN_CELL = 14;

/** Raw text elements whose text the tree never keeps (see NEVER_CONTENT in parse.ts). */
const SKIPPED_RAW = new Set(['script', 'style', 'iframe', 'textarea']);

const Base = Tokenizer as unknown as AnyCtor;

/**
 * An attribute as the fast paths build it: a class, not a `{ name, value }` literal. V8 decides per
 * literal site whether to allocate straight into the old generation, from how many of its objects
 * the first scavenges find alive; during the first page's parse nearly all of them are, so the
 * site was pretenured. Each page's attributes then lived in old space, pointing at young name and
 * value strings (a page's attribute values are most of its bytes), and every scavenge after the
 * page was done kept those strings alive and promoted them until the next full GC: scavenges took
 * three times as long (bench/profile.mjs, 300 trafilatura pages, three passes: 1,271–1,312 ms of
 * scavenges against 359–391 ms with the constructor; docs/performance.md, ninth session).
 * Objects made by a constructor are not pretenured that way. parse5's own attributes (tags the
 * fast path leaves to it) are made by _createAttr below, so every attribute has one shape.
 */
class TokenAttr {
  constructor(public name: string, public value: string) {}
}

class FastTokenizer extends Base {
  /** parse5's _createAttr, with a TokenAttr (above) instead of a literal. */
  _createAttr(attrNameFirstCh: string): void {
    this._flushRun('');
    this.currentAttr = new TokenAttr(attrNameFirstCh, '');
    this.currentAttrLocation = this.getCurrentLocation(0);
  }
  /** After parse5 emitted the ordinary character `cp` as text: emit the rest of its run at once. */
  _textRun(cp: number, chars: RegExp): void {
    const pre = this.preprocessor;
    const html: string = pre.html;
    const pos: number = pre.pos;
    // A CR read as LF, a surrogate pair, EOF: parse5's path only.
    if (html.charCodeAt(pos) !== cp) return;
    const j = runEnd(isWs(cp) ? WS_RUN : chars, html, pos + 1);
    if (j > pos + 1) { this.runEnd = j; pre.pos = j - 1; }
  }
  /** After parse5 appended the ordinary character `cp` to an attribute value or comment: the rest of the run. */
  _valueRun(cp: number, chars: RegExp): void {
    const pre = this.preprocessor;
    const html: string = pre.html;
    const pos: number = pre.pos;
    if (html.charCodeAt(pos) !== cp) return;
    const j = runEnd(chars, html, pos + 1);
    if (j > pos + 1) { this.runEnd = j; pre.pos = j - 1; }
  }
  /** Text of a raw text element the tree drops: nothing is emitted up to the next "<". */
  _skipRaw(cp: number): boolean {
    if (cp === LT || cp < 0 || !SKIPPED_RAW.has(this.lastStartTagName)) return false;
    // A data script's JSON is read (data-scripts.ts): parse5 emits it.
    const open = dataScripts.current?.open;
    if (open && this.handler.openElements.current === open) return false;
    const pre = this.preprocessor;
    const html: string = pre.html;
    const lt = html.indexOf('<', pre.pos + 1);
    pre.pos = (lt < 0 ? html.length : lt) - 1;
    return true;
  }

  _stateData(cp: number): void {
    super._stateData(cp);
    if (cp === LT) { this._tagAfterLt(); return; }
    if (cp === 38 || cp <= 0) return;
    const mode = isWs(cp) || this.inForeignNode ? -1 : this.handler.insertionMode;
    this._textRun(cp, mode === IN_BODY || mode === IN_CELL || mode === IN_CAPTION ? BODY_TEXT : DATA_CHARS);
  }
  _stateRcdata(cp: number): void {
    if (this._skipRaw(cp)) return;
    super._stateRcdata(cp);
    if (cp !== LT && cp !== 38 && cp > 0) this._textRun(cp, RCDATA_CHARS);
  }
  _stateRawtext(cp: number): void {
    if (this._skipRaw(cp)) return;
    super._stateRawtext(cp);
    if (cp !== LT && cp > 0) this._textRun(cp, RAW_CHARS);
  }
  _stateScriptData(cp: number): void {
    if (this._skipRaw(cp)) return;
    super._stateScriptData(cp);
    if (cp !== LT && cp > 0) this._textRun(cp, RAW_CHARS);
  }
  _statePlaintext(cp: number): void {
    super._statePlaintext(cp);
    if (cp > 0) this._textRun(cp, PLAIN_CHARS);
  }
  _stateAttributeValueDoubleQuoted(cp: number): void {
    super._stateAttributeValueDoubleQuoted(cp);
    if (cp !== 34 && cp !== 38 && cp > 0) this._valueRun(cp, DQ_VALUE);
  }
  _stateAttributeValueSingleQuoted(cp: number): void {
    super._stateAttributeValueSingleQuoted(cp);
    if (cp !== 39 && cp !== 38 && cp > 0) this._valueRun(cp, SQ_VALUE);
  }
  _stateAttributeValueUnquoted(cp: number): void {
    super._stateAttributeValueUnquoted(cp);
    if (this.state === 37 && cp > 0 && !isWs(cp) && cp !== 38 && cp !== 62) this._valueRun(cp, UQ_VALUE);
  }
  _stateComment(cp: number): void {
    super._stateComment(cp);
    if (cp !== 45 && cp !== LT && cp > 0) this._valueRun(cp, COMMENT_CHARS);
  }
  _stateBogusComment(cp: number): void {
    super._stateBogusComment(cp);
    if (cp !== 62 && cp > 0) this._valueRun(cp, BOGUS_CHARS);
  }
  // Whole tags: a start tag of plain markup (lower-case names, values without CR, NUL, surrogates
  // or a "&" that is not a simple character reference, white space between attributes) or an end
  // tag with a plain name is read in one scan and emitted as the token parse5 would have built,
  // instead of one state turn per name, "=", quote and space. Anything else falls through to
  // parse5's states, with nothing changed.
  /**
   * Right after the data state read "<" (parse5 is now in the tag open state, which only that
   * "<" leads to): a plain tag is taken whole from here, without the state turns for "<", "/" and
   * the name's first letter. Otherwise the position is put back and parse5 goes on from the tag
   * open state, through its own states only: the same tag would fail the same scan again.
   */
  _tagAfterLt(): void {
    const pre = this.preprocessor;
    const html: string = pre.html;
    const pos: number = pre.pos;
    const c = html.charCodeAt(pos + 1);
    if (c >= 97 && c <= 122) {
      pre.pos = pos + 1;
      if (!this._wholeStartTag()) pre.pos = pos;
    } else if (c === SOLIDUS) {
      const d = html.charCodeAt(pos + 2);
      if (d < 97 || d > 122) return;
      pre.pos = pos + 2;
      if (!this._wholeEndTag()) pre.pos = pos;
    }
  }
  /** At the first letter of a start tag's name: the whole tag, when plain; false with nothing done otherwise. */
  _wholeStartTag(): boolean {
    const pre = this.preprocessor;
    const html: string = pre.html;
    const start: number = pre.pos;
    let i = nameEnd(html, start);
    const tagName = html.slice(start, i);
    // `new Array()`, not a [] literal: an element keeps its token's list for as long as its page
    // lives, and V8 would otherwise pretenure this allocation site (see DomElement.children in
    // node.ts): with a literal here, GC took 15% of the bench's pass instead of 5%.
    const attrs = new Array<{ name: string; value: string }>();
    let selfClosing = false;
    for (;;) {
      let c = html.charCodeAt(i);
      if (isWs(c)) { i = wsEnd(html, i); c = html.charCodeAt(i); }
      else if (c !== GT && c !== SOLIDUS) return false;
      if (c === GT) break;
      if (c === SOLIDUS) {
        if (html.charCodeAt(i + 1) !== GT) return false;
        selfClosing = true; i++;
        break;
      }
      // An attribute after white space.
      if (!isNameChar(c)) return false;
      const nameStop = nameEnd(html, i);
      const name = html.slice(i, nameStop);
      i = nameStop;
      c = html.charCodeAt(i);
      let value = '';
      if (isWs(c)) {
        const j = wsEnd(html, i);
        if (html.charCodeAt(j) === EQUALS) { i = j; c = EQUALS; }
      }
      if (c === EQUALS) {
        i = wsEnd(html, i + 1);
        const q = html.charCodeAt(i);
        if (q === DQUOTE || q === SQUOTE) {
          const chars = q === DQUOTE ? DQ_VALUE : SQ_VALUE;
          let from = i + 1, end = runEnd(chars, html, from);
          // A simple character reference is decoded here (char-refs.ts); any other "&" leaves the tag to parse5.
          while (html.charCodeAt(end) === AMP && simpleCharRef(html, end)) {
            value += ownString(html, from, end) + decodedRef.text;
            from = decodedRef.end;
            end = runEnd(chars, html, from);
          }
          if (html.charCodeAt(end) !== q) return false;
          value = value ? value + ownString(html, from, end) : ownString(html, from, end);
          i = end + 1;
          const after = html.charCodeAt(i);
          if (!isWs(after) && after !== GT && after !== SOLIDUS) return false;
        } else {
          const end = runEnd(UQ_VALUE, html, i);
          const after = html.charCodeAt(end);
          if (end === i || (!isWs(after) && after !== GT)) return false;
          value = ownString(html, i, end);
          i = end;
        }
      }
      // A repeated attribute is dropped (the first one stands), as parse5's _leaveAttrName does.
      // That check is linear, so a tag with more attributes than real markup has goes to parse5,
      // which keeps a set of names past 64 of them.
      if (attrs.length >= MAX_WHOLE_TAG_ATTRS) return false;
      if (!hasAttr(attrs, name)) attrs.push(new TokenAttr(name, value));
    }
    // `i` is at the closing ">": the token parse5 would have emitted there.
    this._createStartTagToken();
    const token = this.currentToken;
    token.tagName = tagName;
    token.attrs = attrs;
    token.selfClosing = selfClosing;
    pre.pos = i;
    this.state = DATA_STATE;
    this.emitCurrentTagToken();
    return true;
  }
  /** At the first letter of an end tag's name: `</name>` or `</name >` in one step. */
  _wholeEndTag(): boolean {
    const pre = this.preprocessor;
    const html: string = pre.html;
    const start: number = pre.pos;
    const nameStop = nameEnd(html, start);
    let i = nameStop;
    if (isWs(html.charCodeAt(i))) i = wsEnd(html, i);
    if (html.charCodeAt(i) !== GT) return false;
    this._createEndTagToken();
    this.currentToken.tagName = html.slice(start, nameStop);
    pre.pos = i;
    this.state = DATA_STATE;
    this.emitCurrentTagToken();
    return true;
  }
  // Names: parse5 appends one lower-cased code point at a time; a run of [a-z0-9_:.-] is its own lower case.
  _stateTagName(cp: number): void {
    const pre = this.preprocessor;
    const html: string = pre.html;
    const pos: number = pre.pos;
    if (!isNameChar(cp) || html.charCodeAt(pos) !== cp) { super._stateTagName(cp); return; }
    const j = nameEnd(html, pos + 1);
    this.currentToken.tagName += html.slice(pos, j);
    pre.pos = j - 1;
  }
  _stateAttributeName(cp: number): void {
    const pre = this.preprocessor;
    const html: string = pre.html;
    const pos: number = pre.pos;
    if (!isNameChar(cp) || html.charCodeAt(pos) !== cp) { super._stateAttributeName(cp); return; }
    const j = nameEnd(html, pos + 1);
    this.currentAttr.name += html.slice(pos, j);
    pre.pos = j - 1;
  }
}

/** parse5's Parser class: not exported by the package, reached by its path next to the entry point. */
async function loadParser(): Promise<AnyCtor | null> {
  try {
    const url = new URL('./parser/index.js', import.meta.resolve('parse5'));
    const P = (await import(url.href)).Parser as AnyCtor | undefined;
    const proto = Base.prototype as Record<string, unknown>;
    const needed = ['_stateData', '_stateRcdata', '_stateRawtext', '_stateScriptData', '_statePlaintext',
      '_stateAttributeValueDoubleQuoted', '_stateAttributeValueSingleQuoted', '_stateAttributeValueUnquoted',
      '_stateComment', '_stateBogusComment', '_stateTagName', '_stateAttributeName', '_emitCodePoint', '_flushRun',
      '_createAttr', 'getCurrentLocation',
      '_createStartTagToken', '_createEndTagToken', 'emitCurrentTagToken'];
    if (typeof P !== 'function' || needed.some((m) => typeof proto[m] !== 'function')) return null;
    return P;
  } catch {
    return null;
  }
}
const ParserClass = await loadParser();

/** parse5's parse() with the fast tokenizer. Only when `fastParseAvailable`. */
export function fastParse<T>(html: string, options: Record<string, unknown>): T {
  const p = new ParserClass!(options);
  p.tokenizer = new FastTokenizer(p.options, p);
  p.tokenizer.write(html, true);
  return p.document as T;
}

/** A document that takes every fast path, and the parse5 internals each relies on. */
const PROBE = '<!DOCTYPE html><html lang=en><head><title>T &amp; t</title><style>p{}</style>' +
  '<script>if (a<b) x("</p>")</script></head><body class="A b" data-x=\'1 2\' id=u>' +
  '<p>Some text,\r\n  more&nbsp;text <b>bold <i>both</b> ital</i>.</p><table><tr><td>cell text <a href="/x?a=1&amp;b=2">link</a>' +
  '</td></tr> stray </table><!-- a - comment --><?bogus x><svg viewBox="0 0 1 1"><path d="M0 0"/>svg text</svg>' +
  '<textarea>\nkeep <b></textarea><pre>\nx</pre><xmp><p>raw</xmp><select><option>o</select>\u{1F600}\0end</body></html>';

function serialize(node: any, out: string[]): string[] {
  if (node.nodeName === '#text') { out.push(JSON.stringify(node.value)); return out; }
  if (node.nodeName === '#comment') { out.push(`<!--${node.data}-->`); return out; }
  out.push(`<${node.nodeName}${(node.attrs ?? []).map((a: any) => ` ${a.name}=${JSON.stringify(a.value)}`).join('')}>`);
  for (const c of node.childNodes ?? []) serialize(c, out);
  if (node.content) serialize(node.content, out);
  out.push(`</${node.nodeName}>`);
  return out;
}

function probe(): boolean {
  if (!ParserClass) return false;
  try {
    const a = serialize(parse(PROBE, { scriptingEnabled: false }), []).join('');
    const b = serialize(fastParse(PROBE, { scriptingEnabled: false }), []).join('');
    // The skipped raw text differs by design; everything else must be identical.
    const strip = (s: string): string => s.replace(/(<(?:script|style|textarea)>)"(?:[^"\\]|\\.)*"/g, '$1');
    return strip(a) === strip(b);
  } catch {
    return false;
  }
}

/** True when the fast tokenizer can be used: parse5's internals are the ones it was written for. */
export const fastParseAvailable = probe();
