/**
 * The inspector's right-hand side: the extraction as rendered Markdown, plain text, a metadata
 * table, the block list (every block with its label and reason) and the raw JSON; or a stored
 * record in the same panels. Every page-derived string goes in as text (textContent, table cells
 * made here), never as markup.
 */
import { renderMarkdown } from './markdown.js';

const $ = (id) => document.getElementById(id);

function cell(tag, text, className) {
  const c = document.createElement(tag);
  c.textContent = text;
  if (className) c.className = className;
  return c;
}

function row(...cells) {
  const tr = document.createElement('tr');
  tr.append(...cells);
  return tr;
}

/** A value as one line of text: strings as they are, lists joined, objects as JSON. */
function show(v) {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && v.every((x) => typeof x !== 'object' || x === null)) return v.join(', ');
  return JSON.stringify(v);
}

/** A two- or three-column table: [name, value, source?] rows, with a header. */
function fillTable(table, head, rows) {
  const thead = document.createElement('thead');
  thead.append(row(...head.map((h) => cell('th', h))));
  const tbody = document.createElement('tbody');
  for (const r of rows) tbody.append(row(...r.map((v, k) => cell(k === 0 ? 'th' : 'td', show(v)))));
  table.replaceChildren(thead, tbody);
}

function metadataRows(result) {
  const rows = [];
  const sources = result.metadataSources ?? {};
  for (const [k, v] of Object.entries(result.metadata ?? {})) {
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    rows.push([k, v, sources[k] ?? '']);
  }
  const accepted = (result.attempts ?? []).find((a) => a.accepted);
  rows.push(['(page type)', result.pageType, ''], ['(algorithm asked)', result.algorithm, ''], ['(labeller kept)', accepted ? accepted.algorithm : 'none', '']);
  if (result.encoding) rows.push(['(encoding)', `${result.encoding.name} (${result.encoding.source})`, '']);
  for (const d of result.diagnostics ?? []) rows.push([`(${d.code})`, d.message, '']);
  return rows;
}

function fillBlocks(table, blocks) {
  const thead = document.createElement('thead');
  thead.append(row(...['#', 'label', 'reason', 'path', 'chars', 'link density'].map((h) => cell('th', h))));
  const tbody = document.createElement('tbody');
  blocks.forEach((b, k) => {
    const tr = row(cell('td', String(k)), cell('td', b.label === 'content' ? 'kept' : 'dropped'), cell('td', b.reason), cell('td', b.path),
      cell('td', String(b.features?.textLen ?? '')), cell('td', String(b.features?.linkDensity ?? '')));
    tr.className = b.label === 'content' ? 'kept' : 'dropped';
    tr.dataset.label = b.label;
    tbody.append(tr);
  });
  table.replaceChildren(thead, tbody);
}

/** Shows an inspection's extraction in the panels. */
export function showExtraction(result) {
  const md = result.markdown ?? '';
  renderMarkdown(md, $('panel-markdown'));
  if (!md.trim()) $('panel-markdown').append(cell('p', '(no content kept)', 'muted'));
  const comments = (result.comments ?? []).map((c, k) => `\n\n--- comment ${k + 1} ---\n${c.text}`).join('');
  $('panel-text').textContent = (result.text || '(no content kept)') + comments;
  fillTable($('panel-metadata'), ['field', 'value', 'source'], metadataRows(result));
  fillBlocks($('panel-blocks'), result.blocks ?? []);
  $('panel-json').textContent = JSON.stringify(result, null, 2);
}

/** Shows a stored record (a DocView) in the panels: its content as text, its fields as metadata. */
export function showRecord(rec) {
  $('panel-markdown').replaceChildren(cell('h1', rec.title ?? ''), cell('p', rec.abstract ?? ''));
  $('panel-text').textContent = rec.content ?? '';
  const rows = Object.entries(rec).filter(([k]) => k !== 'content' && k !== 'abstract')
    .map(([k, v]) => [k, k === 'keywords' && Array.isArray(v) ? v.map((w) => (typeof w === 'object' ? w.term ?? w.word ?? JSON.stringify(w) : w)) : v, 'record']);
  fillTable($('panel-metadata'), ['field', 'value', 'source'], rows);
  $('panel-blocks').replaceChildren(row(cell('td', 'A stored record keeps no blocks: inspect its page to see them.')));
  $('panel-json').textContent = JSON.stringify(rec, null, 2);
}

/** Empties every panel. */
export function clearPanels() {
  for (const id of ['panel-markdown', 'panel-metadata', 'panel-blocks']) $(id).replaceChildren();
  for (const id of ['panel-text', 'panel-json']) $(id).textContent = '';
}

/** Tabs: buttons with data-panel="x" show the element with data-panel-body="x" and hide the rest. */
export function wireTabs(tablist, attr, bodyAttr) {
  tablist.addEventListener('click', (e) => {
    const b = e.target.closest(`[${attr}]`);
    if (!b) return;
    const name = b.getAttribute(attr);
    for (const t of tablist.querySelectorAll(`[${attr}]`)) t.setAttribute('aria-selected', String(t === b));
    for (const body of document.querySelectorAll(`[${bodyAttr}]`)) body.hidden = body.getAttribute(bodyAttr) !== name;
  });
}
