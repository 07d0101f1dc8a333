/**
 * A small Markdown-to-DOM renderer for the inspector's Markdown panel: the CommonMark subset
 * thresher's Markdown renderer writes (ATX headings, paragraphs with hard breaks, nested lists,
 * block quotes, fenced code, GFM pipe tables, rules; emphasis, code spans, links, images,
 * backslash escapes, and the inline <em>, <strong>, <br> it falls back to).
 *
 * Why not a library: no front-end build and no download. Why DOM nodes and never innerHTML: the
 * Markdown is page-derived, so every character of it reaches the page as text (textContent) or as
 * an element this file creates; a link keeps its href only for http, https and mailto URLs, and an
 * image is shown as its alt text (the inspector loads nothing the page names).
 */

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const RULE = /^ {0,3}(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( *)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*)|$)/;
const TABLE_RULE = /^ *\|? *:?-+:? *(?:\| *:?-+:? *)*\|? *$/;
const BLANK = /^\s*$/;
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const INLINE_TAGS = new Set(['em', 'strong', 'b', 'i', 'code', 'sub', 'sup', 'del', 's', 'mark', 'kbd', 'small']);
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function el(tag, ...children) {
  const e = document.createElement(tag);
  for (const c of children) e.append(c);
  return e;
}

/** Renders `md` into `container` (emptied first). */
export function renderMarkdown(md, container) {
  container.replaceChildren(...blocks(md.replace(/\r\n?/g, '\n').split('\n')));
}

function startsBlock(line) {
  return FENCE.test(line) || HEADING.test(line) || RULE.test(line) || QUOTE.test(line) || ITEM.test(line);
}

/** Block elements of `lines`. */
function blocks(lines) {
  const out = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (BLANK.test(line)) { i++; continue; }
    let m;
    if ((m = FENCE.exec(line))) {
      const body = [];
      for (i++; i < lines.length && !lines[i].trimStart().startsWith(m[1]); i++) body.push(lines[i]);
      i++;
      const code = el('code', body.join('\n'));
      if (m[2]) code.dataset.lang = m[2];
      out.push(el('pre', code));
    } else if ((m = HEADING.exec(line))) {
      out.push(el(`h${m[1].length}`, ...inline(m[2] ?? '')));
      i++;
    } else if (RULE.test(line)) {
      out.push(el('hr'));
      i++;
    } else if (QUOTE.test(line)) {
      const body = [];
      for (; i < lines.length && QUOTE.test(lines[i]); i++) body.push(lines[i].replace(QUOTE, ''));
      out.push(el('blockquote', ...blocks(body)));
    } else if (ITEM.test(line)) {
      i = list(lines, i, out);
    } else if (line.includes('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]) && lines[i + 1].includes('-')) {
      i = table(lines, i, out);
    } else {
      const para = [];
      for (; i < lines.length && !BLANK.test(lines[i]) && (para.length === 0 || !startsBlock(lines[i])); i++) para.push(lines[i].trim());
      out.push(el('p', ...inline(para.join('\n'))));
    }
  }
  return out;
}

/** One list starting at lines[i], appended to out; returns the index after it. */
function list(lines, i, out) {
  const first = ITEM.exec(lines[i]);
  const indent = first[1].length;
  const ordered = /\d/.test(first[2]);
  const listEl = el(ordered ? 'ol' : 'ul');
  if (ordered && parseInt(first[2], 10) !== 1) listEl.start = parseInt(first[2], 10);
  let loose = false;
  while (i < lines.length) {
    const m = ITEM.exec(lines[i]);
    if (!m || m[1].length !== indent || /\d/.test(m[2]) !== ordered) break;
    const contentIndent = m[1].length + m[2].length + 1;
    const body = [m[3] ?? ''];
    for (i++; i < lines.length; i++) {
      const l = lines[i];
      const lead = l.length - l.trimStart().length;
      if (BLANK.test(l)) {
        const next = lines[i + 1];
        if (next === undefined || BLANK.test(next) || next.length - next.trimStart().length < contentIndent) break;
        body.push('');
        loose = true;
      } else if (lead >= contentIndent) body.push(l.slice(contentIndent));
      else if (lead > indent && ITEM.test(l)) body.push(l.slice(lead));
      else if (!startsBlock(l) && !BLANK.test(lines[i - 1])) body.push(l.trim()); // a lazy continuation line
      else break;
    }
    const content = blocks(body);
    const li = el('li');
    // A tight item holds its paragraph's inline content directly.
    for (const c of content) {
      if (c.tagName === 'P' && !loose) li.append(...c.childNodes);
      else li.append(c);
    }
    listEl.append(li);
    while (i < lines.length && BLANK.test(lines[i]) && i + 1 < lines.length && ITEM.test(lines[i + 1]) && ITEM.exec(lines[i + 1])[1].length === indent) i++;
  }
  out.push(listEl);
  return i;
}

function cells(line) {
  const s = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return s.split(/(?<!\\)\|/).map((c) => c.trim());
}

/** A GFM pipe table starting at lines[i]; returns the index after it. */
function table(lines, i, out) {
  const head = el('tr', ...cells(lines[i]).map((c) => el('th', ...inline(c))));
  const body = el('tbody');
  for (i += 2; i < lines.length && lines[i].includes('|') && !BLANK.test(lines[i]); i++) {
    body.append(el('tr', ...cells(lines[i]).map((c) => el('td', ...inline(c)))));
  }
  out.push(el('table', el('thead', head), body));
  return i;
}

function safeHref(url) {
  try {
    const u = new URL(url);
    return SAFE_SCHEMES.has(u.protocol) ? u.href : null;
  } catch {
    return null;
  }
}

/** `[text](url "title")` or `![alt](url)` at s[i] (the '[' of it): { text, url, end } or null. */
function linkAt(s, i) {
  let depth = 0;
  let j = i;
  for (; j < s.length; j++) {
    if (s[j] === '\\') { j++; continue; }
    if (s[j] === '[') depth++;
    else if (s[j] === ']' && --depth === 0) break;
  }
  if (j >= s.length || s[j + 1] !== '(') return null;
  const m = /^\(\s*(<[^>\n]*>|[^\s()]*(?:\([^\s()]*\)[^\s()]*)*)(?:\s+"(?:[^"\\]|\\.)*"|\s+'(?:[^'\\]|\\.)*')?\s*\)/.exec(s.slice(j + 1));
  if (!m) return null;
  return { text: s.slice(i + 1, j), url: m[1].replace(/^<|>$/g, ''), end: j + 1 + m[0].length };
}

/** Inline nodes of `s`. */
function inline(s) {
  const out = [];
  let text = '';
  const flush = () => { if (text) { out.push(text); text = ''; } };
  for (let i = 0; i < s.length;) {
    const c = s[i];
    if (c === '\\' && s[i + 1] === '\n') { flush(); out.push(el('br')); i += 2; continue; }
    if (c === '\\' && /[!-/:-@[-`{-~]/.test(s[i + 1] ?? '')) { text += s[i + 1]; i += 2; continue; }
    if (c === '\n') { text += ' '; i++; continue; }
    if (c === '&') {
      const m = /^&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/i.exec(s.slice(i));
      const v = m && (m[1] ? String.fromCodePoint(Math.min(+m[1], 0x10ffff)) : m[2] ? String.fromCodePoint(Math.min(parseInt(m[2], 16), 0x10ffff)) : ENTITIES[m[3]]);
      if (v) { text += v; i += m[0].length; continue; }
    }
    if (c === '`') {
      const run = /^`+/.exec(s.slice(i))[0];
      const close = s.indexOf(run, i + run.length);
      if (close > 0) { flush(); out.push(el('code', s.slice(i + run.length, close).replace(/\n/g, ' ').trim())); i = close + run.length; continue; }
      text += run; i += run.length; continue;
    }
    if (c === '!' && s[i + 1] === '[') {
      const l = linkAt(s, i + 1);
      if (l) { flush(); const img = el('span', `[image: ${l.text || 'no alt text'}]`); img.className = 'md-image'; out.push(img); i = l.end; continue; }
    }
    if (c === '[') {
      const l = linkAt(s, i);
      if (l) {
        flush();
        const href = safeHref(l.url);
        const a = el(href ? 'a' : 'span', ...inline(l.text));
        if (href) { a.href = href; a.target = '_blank'; a.rel = 'noopener noreferrer'; }
        out.push(a); i = l.end; continue;
      }
    }
    if (c === '<') {
      const m = /^<(\/?)([a-z]+)\s*\/?>/i.exec(s.slice(i));
      const tag = m && m[2].toLowerCase();
      if (tag === 'br' && !m[1]) { flush(); out.push(el('br')); i += m[0].length; continue; }
      if (tag && !m[1] && INLINE_TAGS.has(tag)) {
        const close = s.toLowerCase().indexOf(`</${tag}>`, i + m[0].length);
        if (close > 0) { flush(); out.push(el(tag, ...inline(s.slice(i + m[0].length, close)))); i = close + tag.length + 3; continue; }
      }
      const auto = /^<((?:https?|mailto):[^\s<>]*)>/i.exec(s.slice(i));
      if (auto && safeHref(auto[1])) { flush(); const a = el('a', auto[1]); a.href = safeHref(auto[1]); a.target = '_blank'; a.rel = 'noopener noreferrer'; out.push(a); i += auto[0].length; continue; }
    }
    if (c === '*' || c === '_') {
      const run = s.startsWith(c + c, i) ? c + c : c;
      const close = findClose(s, run, i + run.length);
      if (close > i + run.length) {
        flush();
        out.push(el(run.length === 2 ? 'strong' : 'em', ...inline(s.slice(i + run.length, close))));
        i = close + run.length; continue;
      }
    }
    text += c; i++;
  }
  flush();
  return out;
}

/** Where the emphasis run `run` opened before `from` closes (not escaped, not after a space), or -1. */
function findClose(s, run, from) {
  if (/\s/.test(s[from] ?? ' ')) return -1;
  for (let j = from; j < s.length; j++) {
    if (s[j] === '\\') { j++; continue; }
    if (s[j] === '`') { const k = s.indexOf('`', j + 1); if (k > 0) j = k; continue; }
    if (s.startsWith(run, j) && !/\s/.test(s[j - 1]) && (run.length === 2 || s[j + 1] !== run)) return j;
  }
  return -1;
}
