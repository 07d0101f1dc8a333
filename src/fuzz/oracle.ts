/**
 * What an output may say (src/fuzz/): the safety checks on extract()'s text, Markdown and HTML.
 *
 * Unconditional: the clean HTML holds no script, style, iframe, object, embed, form or base
 * element, no event-handler or style attribute, and only http(s), mailto, relative and fragment
 * URLs, read as a browser reads them (WHATWG URL: "java&#x09;script:" is javascript:); the
 * Markdown holds no raw script/style/iframe tag outside code, and no link or image destination
 * that a CommonMark renderer would read as another scheme (it decodes character references and
 * backslash escapes in destinations).
 *
 * Conditional (needles): MARK, "<script", "javascript:" and the like may appear in an output's
 * text only where the page shows them as text too. The judge is plain parse5 (scripting
 * disabled, as the extractor parses): the page's text nodes outside script, style, iframe,
 * noembed, noframes and template content, data scripts (JSON), and the attribute values that are
 * not event handlers, styles or URLs (alt, title, content, ...). Computed only when an output
 * holds a needle, so it costs nothing on most cases.
 */
import { parse, parseFragment } from 'parse5';
import { MARK } from './cases.js';

/** Text an output must not hold unless the page shows it. */
export const NEEDLES = [MARK, '<script', '<iframe', '<style', 'javascript:', 'vbscript:'];

/** Lower case, without white space, controls and format characters: what a renderer may drop between characters. */
export function squeeze(s: string): string {
  return s.toLowerCase().replace(/[\s\p{Cc}\p{Cf}\ufffd]/gu, '');
}

const INVISIBLE = new Set(['script', 'style', 'iframe', 'noembed', 'noframes', 'template']);
const HIDDEN_ATTRS = /^(?:on|style$|href$|src$|srcset$|action$|formaction$|xlink:href$|poster$|background$|data$|cite$|longdesc$|lowsrc$|dynsrc$|ping$|codebase$|archive$|manifest$|srcdoc$)/i;

/* eslint-disable @typescript-eslint/no-explicit-any */
type P5Node = any;

function children(n: P5Node): P5Node[] {
  return n.childNodes ?? [];
}

/** Everything the page shows as text (see the header), squeezed. */
export function visibleText(html: string): string {
  const doc = parse(html, { scriptingEnabled: false });
  const out: string[] = [];
  const stack: P5Node[] = [doc];
  while (stack.length) {
    const n = stack.pop();
    if (n.nodeName === '#text') { out.push(n.value); continue; }
    if (n.nodeName === '#comment') continue;
    if (n.tagName) {
      for (const a of n.attrs ?? []) if (!HIDDEN_ATTRS.test(a.name)) out.push(a.value);
      if (n.tagName === 'script') {
        const type = (n.attrs ?? []).find((a: { name: string }) => a.name === 'type')?.value?.trim().toLowerCase() ?? '';
        if (type.endsWith('json')) for (const c of children(n)) if (c.nodeName === '#text') out.push(c.value);
        continue;
      }
      if (INVISIBLE.has(n.tagName)) continue;
    }
    const ch = children(n);
    for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]);
  }
  return squeeze(out.join(''));
}

/** A URL a browser would follow as http(s) or mailto, or a relative or fragment one. */
export function isSafeUrl(v: string): boolean {
  const t = v.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
  let u: URL;
  try { u = new URL(t, 'https://base.invalid/dir/page'); } catch { return true; } // no URL: a browser follows nothing
  return u.protocol === 'http:' || u.protocol === 'https:' || u.protocol === 'mailto:';
}

// <form> is not here: without its action attribute and its controls (never kept) it is inert.
const FORBIDDEN_ELEMENTS = new Set(['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'link',
  'input', 'button', 'textarea', 'select', 'svg', 'math', 'template', 'portal', 'fencedframe']);
const URL_ATTRS = new Set(['href', 'src', 'cite']);
const NEVER_ATTRS = /^(?:on|style$|srcset$|action$|formaction$|xlink:href$|poster$|background$|data$|srcdoc$|http-equiv$)/i;

export interface SafetyProblem { property: 'html-safe' | 'markdown-safe' | 'no-script-text'; message: string }

/** The clean HTML's elements, attributes and URLs; `texts` receives its text nodes. */
export function checkHtml(html: string, texts: string[]): SafetyProblem[] {
  const problems: SafetyProblem[] = [];
  // As the tokenizer ends a tag name: "<style-x>" is no <style>.
  const raw = /<(script|style|iframe)[\s/>]/i.exec(html);
  if (raw) problems.push({ property: 'html-safe', message: `the HTML holds a raw <${raw[1]}> at ${raw.index}: ${JSON.stringify(html.slice(Math.max(0, raw.index - 40), raw.index + 80))}` });
  const doc = parse(html); // scripting enabled: as a browser showing the clean HTML
  const stack: P5Node[] = [doc];
  while (stack.length && problems.length < 5) {
    const n = stack.pop();
    if (n.nodeName === '#text') { texts.push(n.value); continue; }
    if (n.tagName) {
      const tag: string = n.tagName;
      if (FORBIDDEN_ELEMENTS.has(tag)) problems.push({ property: 'html-safe', message: `the HTML holds a <${tag}> element` });
      if (tag === 'meta' && !(n.attrs ?? []).every((a: { name: string }) => a.name === 'charset' || a.name === 'name' || a.name === 'content')) {
        problems.push({ property: 'html-safe', message: `the HTML holds a <meta ${(n.attrs ?? []).map((a: { name: string }) => a.name).join(' ')}>` });
      }
      for (const a of n.attrs ?? []) {
        if (NEVER_ATTRS.test(a.name)) problems.push({ property: 'html-safe', message: `<${tag}> has the attribute ${a.name}=${JSON.stringify(a.value.slice(0, 80))}` });
        else if (URL_ATTRS.has(a.name) && !isSafeUrl(a.value)) problems.push({ property: 'html-safe', message: `<${tag} ${a.name}=${JSON.stringify(a.value.slice(0, 120))}>: not an http(s), mailto, relative or fragment URL` });
      }
      if (tag === 'template' && n.content) stack.push(n.content);
    }
    const ch = children(n);
    for (let i = ch.length - 1; i >= 0; i--) stack.push(ch[i]);
  }
  return problems;
}

/** Whether s[i] is preceded by an even number of backslashes (not escaped). */
function unescaped(s: string, i: number): boolean {
  let k = 0;
  while (i - 1 - k >= 0 && s.charCodeAt(i - 1 - k) === 92) k++;
  return k % 2 === 0;
}

/** One character reference as the HTML parser (and CommonMark) decodes it. */
function decodeReference(ref: string): string {
  const frag = parseFragment(`<a title="${ref}"></a>`) as P5Node;
  return frag.childNodes[0]?.attrs?.[0]?.value ?? ref;
}

/**
 * The value a CommonMark renderer gives a link destination: backslash escapes and character
 * references decoded, in one pass from the left (an escaped "&" starts no reference).
 */
export function markdownDestination(dest: string): string {
  return dest.replace(/\\([!-/:-@[-`{-~])|&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g,
    (m: string, escaped: string | undefined) => (escaped !== undefined ? escaped : decodeReference(m)));
}

/** Where the link destination starting at s[j] ends, and the destination. */
function destinationAt(s: string, j: number): { dest: string; end: number } {
  if (s[j] === '<') {
    const e = s.indexOf('>', j);
    return { dest: s.slice(j + 1, e < 0 ? s.length : e), end: e < 0 ? s.length : e + 1 };
  }
  let depth = 0;
  const st = j;
  for (; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') { j++; continue; }
    if (c === '(') depth++;
    else if (c === ')') { if (depth === 0) break; depth--; } else if (/\s/.test(c)) break;
  }
  return { dest: s.slice(st, j), end: j };
}

/**
 * One pass over a Markdown block's inline syntax, as CommonMark reads it from the left: a
 * backslash escapes the next character; a backtick run opens a code span when a run of the same
 * length closes it (then it is text as written, taken out here); "](" after an open "[" ends a
 * link text, and its destination is read raw (backticks in it open nothing). Returns the
 * destinations and the text with code spans and destinations taken out.
 */
function scanInlines(s: string): { dests: string[]; text: string } {
  const dests: string[] = [];
  const text: string[] = [];
  let brackets = 0;
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (c === '\\') { text.push(s.slice(i, i + 2)); i += 2; continue; }
    if (c === '`') {
      let k = i;
      while (s[k] === '`') k++;
      const run = k - i;
      let close = -1;
      for (let j = s.indexOf('`', k); j >= 0; j = s.indexOf('`', j)) {
        let e = j;
        while (s[e] === '`') e++;
        if (e - j === run) { close = j; break; }
        j = e;
      }
      if (close >= 0) { text.push(' '); i = close + run; } else { text.push(s.slice(i, k)); i = k; }
      continue;
    }
    if (c === '[') brackets++;
    else if (c === ']' && brackets > 0) {
      brackets--;
      if (s[i + 1] === '(') {
        const d = destinationAt(s, i + 2);
        dests.push(d.dest);
        text.push('] ');
        i = d.end;
        continue;
      }
    }
    text.push(c);
    i++;
  }
  return { dests, text: text.join('') };
}

/** List item and block quote markers before a line's content. */
const CONTAINER_PREFIX = /^(?:[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+|[ \t]*>[ \t]?)*[ \t]*/;

/**
 * The Markdown with its fenced code blocks blanked, line by line: a fence opens after any list
 * item or quote markers, with three or more backticks (an info string without backticks: "``` ``
 * ```" is a code span) or tildes, and closes at a line of the same character, at least as long.
 */
function withoutCodeBlocks(md: string): string {
  const lines = md.split('\n');
  let fence: string | null = null;
  for (let k = 0; k < lines.length; k++) {
    const body = lines[k].replace(CONTAINER_PREFIX, '');
    if (fence === null) {
      const m = /^(`{3,})[^`]*$|^(~{3,})/.exec(body);
      if (m) { fence = m[1] ?? m[2]; lines[k] = ''; }
      continue;
    }
    if (new RegExp(`^${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`).test(body)) fence = null;
    lines[k] = '';
  }
  return lines.join('\n');
}

/**
 * The Markdown's raw HTML and link destinations; `texts` receives the Markdown with code and
 * destinations taken out (for the needle check).
 */
export function checkMarkdown(md: string, texts: string[]): SafetyProblem[] {
  const problems: SafetyProblem[] = [];
  const { dests, text: rest } = scanInlines(withoutCodeBlocks(md));
  for (const dest of dests) {
    const value = markdownDestination(dest);
    if (!isSafeUrl(value)) problems.push({ property: 'markdown-safe', message: `a Markdown link destination ${JSON.stringify(dest.slice(0, 120))} reads as ${JSON.stringify(value.slice(0, 120))}: not an http(s), mailto, relative or fragment URL` });
    if (problems.length >= 5) break;
  }
  for (const m of rest.matchAll(/<([a-z][a-z0-9-]*)([^<>]*)>?/gi)) {
    if (!unescaped(rest, m.index!)) continue;
    const tag = m[1].toLowerCase();
    if (/^(script|style|iframe|object|embed|svg|math|base|form|frame|frameset|link|meta)$/.test(tag)) problems.push({ property: 'markdown-safe', message: `the Markdown holds a raw <${tag}> tag: ${JSON.stringify(m[0].slice(0, 120))}` });
    else if (/\son[a-z]+\s*=/i.test(m[2])) problems.push({ property: 'markdown-safe', message: `the Markdown holds a tag with an event handler: ${JSON.stringify(m[0].slice(0, 120))}` });
    else if (/^[a-z][a-z0-9+.-]{1,31}:/i.test(m[0].slice(1)) && !isSafeUrl(m[0].slice(1, -1))) problems.push({ property: 'markdown-safe', message: `the Markdown holds an autolink ${JSON.stringify(m[0].slice(0, 120))}` });
  }
  texts.push(rest);
  return problems;
}

/**
 * The needles in `outputs` that the page does not show: `page` gives the page's HTML (decoded),
 * asked for only when an output holds a needle.
 */
export function unshownNeedles(outputs: Record<string, string>, page: () => string): SafetyProblem[] {
  const found: [string, string][] = [];
  for (const [name, text] of Object.entries(outputs)) {
    const sq = squeeze(text);
    for (const needle of NEEDLES) if (sq.includes(needle)) found.push([name, needle]);
  }
  if (!found.length) return [];
  const visible = visibleText(page());
  return found.filter(([, needle]) => !visible.includes(needle)).map(([name, needle]) => {
    const text = outputs[name];
    const at = text.toLowerCase().indexOf(needle);
    const context = at >= 0 ? text.slice(Math.max(0, at - 60), at + 80) : text.slice(0, 140);
    return { property: 'no-script-text' as const, message: `${name} holds ${JSON.stringify(needle)}, which the page never shows as text: ${JSON.stringify(context)}` };
  });
}
