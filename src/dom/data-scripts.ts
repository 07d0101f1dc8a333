/**
 * Data scripts (`<script type="application/ld+json">`, Next.js `__NEXT_DATA__`, Nuxt payloads:
 * any `type` ending in `json`) are JSON, not code: page metadata (JSON-LD) and the JSON article
 * fallback read them. Every other script is dropped unread by the parser and its tokenizer fast
 * path (prescan.ts); the text of these is collected here, although the element is never attached.
 * Bounded, so a page cannot make the parser hold megabytes of payload nobody reads.
 */
import type { DataScript, DomElement } from './node.js';

export const MAX_DATA_SCRIPT_CHARS = 4 * 1024 * 1024;

export class DataScriptCollector {
  readonly scripts: DataScript[] = [];
  private chars = 0;
  /** The script element whose text is being collected (the tokenizer asks: see prescan.ts). */
  open: DomElement | null = null;

  /** Called for every script element the parser creates; starts collecting when it is a data script. */
  noteScript(el: DomElement): void {
    const type = el.attr('type')?.trim().toLowerCase();
    if (!type || !type.endsWith('json')) return;
    const id = el.attr('id');
    this.scripts.push(id ? { type, id, text: '' } : { type, text: '' });
    this.open = el;
  }

  add(text: string): void {
    const room = MAX_DATA_SCRIPT_CHARS - this.chars;
    if (room <= 0) return;
    const piece = text.length > room ? text.slice(0, room) : text;
    this.scripts[this.scripts.length - 1].text += piece;
    this.chars += piece.length;
  }
}

/** The collector of the parse in progress (parsing is synchronous and never re-entered). */
export const dataScripts = { current: null as DataScriptCollector | null };
