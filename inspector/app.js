/**
 * The inspector page: asks the server what it can do (GET /v1/capabilities), takes a page (pasted
 * HTML, a dropped or opened file, a URL when the server fetches, or a record of its store), sends
 * it to POST /v1/inspect with the toggles' options, and shows the annotated page in the sandboxed
 * iframe beside the extraction. Changing a toggle inspects the same page again.
 *
 * The annotated page (page-derived HTML, sanitised by the server) enters the DOM in exactly one
 * place: the iframe's srcdoc, through the Trusted Types policy the CSP names. The iframe is
 * sandboxed without allow-scripts and without allow-same-origin, so nothing in it runs, and it
 * cannot reach this page. `document.body.dataset.state` ('busy', 'ready', 'error') and
 * `dataset.runs` say where the page stands (the browser tests wait on them).
 */
import * as api from './api.js';
import { clearPanels, showExtraction, showRecord, wireTabs } from './panels.js';

const $ = (id) => document.getElementById(id);
const SRCDOC_POLICY = 'thresher-srcdoc';
const srcdocPolicy = window.trustedTypes ? window.trustedTypes.createPolicy(SRCDOC_POLICY, { createHTML: (s) => s }) : { createHTML: (s) => s };

const state = { caps: null, source: 'html', file: null, inspected: null, runs: 0 };

function setStatus(kind, message) {
  document.body.dataset.state = kind;
  $('status').textContent = message;
  $('status').className = kind;
}

function note(id, text) {
  $(id).textContent = text;
}

/** The page as the frame shows it; empty (with a message) for none. */
function showPage(html, counts) {
  $('page').srcdoc = srcdocPolicy.createHTML(html ?? '');
  $('counts').textContent = counts ?? '';
}

/** The options of the toggles, as the wire takes them. */
function options() {
  const o = { algorithm: $('algorithm').value, mode: $('mode').value, comments: $('comments').checked };
  const pageUrl = state.source === 'url' ? undefined : $('page-url').value.trim();
  if (pageUrl) o.url = pageUrl;
  if ($('site').checked && !$('site').disabled) o.site = true;
  if ($('render').checked && !$('render').disabled) o.render = true;
  return o;
}

/** The page to send, from the chosen source; null with a message when there is none. */
function pageSource() {
  if (state.source === 'url') {
    const url = $('url').value.trim();
    return url ? { url } : null;
  }
  if (state.file) return { bytes: state.file.bytes, contentType: state.file.type };
  const html = $('html').value;
  return html.trim() ? { html } : null;
}

async function run() {
  const source = pageSource();
  if (!source) { setStatus('error', state.source === 'url' ? 'Give a URL to fetch.' : 'Paste a page, or drop a file.'); return; }
  setStatus('busy', 'Inspecting…');
  $('run').disabled = true;
  try {
    const r = await api.inspect(source, options());
    state.inspected = source;
    const a = r.annotated;
    showPage(a.html, `${a.blocks} blocks: ${a.content} kept, ${a.noise} dropped`);
    showExtraction(r.result);
    const rendered = r.render ? `; rendered in ${Math.round(r.render.ms)} ms, ${r.render.blocked} request(s) blocked` : '';
    state.runs++;
    document.body.dataset.runs = String(state.runs);
    setStatus('ready', `${r.result.title || '(untitled)'}: ${r.result.text.length} characters kept${rendered}.`);
  } catch (e) {
    state.runs++;
    document.body.dataset.runs = String(state.runs);
    setStatus('error', `${e.code ?? 'error'}: ${e.message}`);
  } finally {
    $('run').disabled = false;
  }
}

/** Enables the site-model toggle when the server has a model for the page URL's host. */
async function checkSiteModel() {
  const raw = state.source === 'url' ? $('url').value : $('page-url').value;
  let host = '';
  try { host = new URL(raw.trim()).hostname; } catch { /* no URL: no model */ }
  const box = $('site');
  if (!host) { box.disabled = true; box.checked = false; note('site-note', '(give the page URL: models are per host)'); return; }
  try {
    const has = await api.hasSiteModel(host);
    box.disabled = !has;
    if (!has) box.checked = false;
    note('site-note', has ? `(${host})` : `(none for ${host})`);
  } catch (e) {
    box.disabled = true;
    note('site-note', `(${e.code})`);
  }
}

function chooseSource(name) {
  state.source = name;
  for (const t of document.querySelectorAll('[data-source]')) t.setAttribute('aria-selected', String(t.dataset.source === name));
  for (const p of document.querySelectorAll('[data-pane]')) p.hidden = p.dataset.pane !== name;
  void checkSiteModel();
}

async function takeFile(file) {
  if (!file) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  state.file = { bytes, type: file.type && file.type !== 'application/octet-stream' ? file.type : 'text/html', name: file.name };
  // Shown for reading; what is sent is the file's bytes, so the server sniffs their charset.
  $('html').value = new TextDecoder().decode(bytes.subarray(0, 200_000));
  note('file-note', `${file.name} (${bytes.length} bytes) will be sent as it is; edit the text to send that instead.`);
  chooseSource('html');
  await run();
}

async function searchStore() {
  const q = $('record-q').value.trim();
  if (!q) return;
  try {
    const r = await api.search(q);
    const items = r.hits.map((h) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `${h.title || h.id} — ${h.url ?? h.id}`;
      b.addEventListener('click', () => openRecord(h.id));
      const li = document.createElement('li');
      li.append(b);
      return li;
    });
    $('record-hits').replaceChildren(...items);
    note('record-note', `${r.hits.length} hit(s)`);
  } catch (e) {
    note('record-note', `${e.code}: ${e.message}`);
  }
}

async function openRecord(id) {
  if (!id) return;
  setStatus('busy', 'Opening the record…');
  try {
    const rec = await api.record(id);
    showRecord(rec);
    const how = state.caps.fetch && rec.url ? 'choose URL and inspect its address to see it outlined' : 'paste the page to see it outlined';
    showPage('<!doctype html><title>record</title><p>The store keeps records, not pages: the panels show the stored record. To see its blocks outlined, inspect the page itself.</p>', 'a stored record: the store keeps records, not pages');
    if (rec.url) { $('url').value = rec.url; $('page-url').value = rec.url; void checkSiteModel(); }
    state.runs++;
    document.body.dataset.runs = String(state.runs);
    setStatus('ready', `Record ${rec.id}: ${how}.`);
  } catch (e) {
    setStatus('error', `${e.code}: ${e.message}`);
  }
}

function fillSelect(select, values, chosen) {
  select.replaceChildren(...values.map((v) => { const o = document.createElement('option'); o.value = v; o.textContent = v; o.selected = v === chosen; return o; }));
}

/** Shows what the server can do: URL fetching, rendering, the store. */
function applyCapabilities(caps) {
  state.caps = caps;
  fillSelect($('algorithm'), caps.algorithms, 'default');
  fillSelect($('mode'), caps.modes, 'balanced');
  $('url').disabled = !caps.fetch;
  note('url-note', caps.fetch ? (caps.fetchPrivate ? 'The server fetches any address (--allow-private).' : 'The server fetches public addresses only.') : 'This server does not fetch URLs (start it with --allow-fetch): paste the page instead.');
  $('render').disabled = !caps.render;
  note('render-note', caps.render ? '(offline: the page\'s requests are blocked)' : '(no browser on the server)');
  for (const id of ['record-q', 'record-search', 'record-id', 'record-open']) $(id).disabled = !caps.store;
  note('record-note', caps.store ? '' : 'This server has no store (start it with --store DIR).');
  note('caps', `fetch ${caps.fetch ? 'on' : 'off'} · render ${caps.render ? 'on' : 'off'} · store ${caps.store ? 'on' : 'off'}`);
}

function wire() {
  $('source').addEventListener('submit', (e) => { e.preventDefault(); void run(); });
  document.querySelector('.source-tabs').addEventListener('click', (e) => { const b = e.target.closest('[data-source]'); if (b) chooseSource(b.dataset.source); });
  for (const id of ['algorithm', 'mode', 'comments', 'site', 'render']) $(id).addEventListener('change', () => { if (state.inspected) void run(); });
  for (const id of ['page-url', 'url']) $(id).addEventListener('change', () => void checkSiteModel());
  $('html').addEventListener('input', () => { state.file = null; note('file-note', ''); });
  $('file').addEventListener('change', () => void takeFile($('file').files[0]));
  const drop = $('source');
  drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('dropping'); });
  drop.addEventListener('dragleave', () => drop.classList.remove('dropping'));
  drop.addEventListener('drop', (e) => { e.preventDefault(); drop.classList.remove('dropping'); void takeFile(e.dataTransfer.files[0]); });
  $('record-search').addEventListener('click', () => void searchStore());
  $('record-open').addEventListener('click', () => void openRecord($('record-id').value.trim()));
  wireTabs($('panel-tabs'), 'data-panel', 'data-panel-body');
}

async function main() {
  wire();
  clearPanels();
  try {
    applyCapabilities(await api.capabilities());
    await checkSiteModel();
    setStatus('idle', 'Paste a page, drop a file, or choose a source.');
  } catch (e) {
    setStatus('error', `The server did not answer GET /v1/capabilities: ${e.code ?? ''} ${e.message}`);
  }
}

void main();
