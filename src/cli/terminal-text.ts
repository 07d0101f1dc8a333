/**
 * Page-derived text made safe to print. A page's title, URL or body can hold terminal escape
 * sequences (ESC ] 0 ; … BEL sets the window title, ESC [ 2 J clears the screen, OSC 8 makes
 * links, some terminals answer queries by typing into the shell), and a CR or a bidi override can
 * make a line show something other than what it holds. Everything the CLI prints that came from a
 * page goes through one of these: text loses its control characters, JSON keeps them as \u escapes
 * (lossless: JSON.stringify already escapes C0, these add DEL, C1 and the bidi controls).
 */

/** CSI sequences (ESC [ or the C1 CSI), whole: parameters, intermediates, final byte. */
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]/g;
/**
 * String sequences (OSC, DCS, SOS, PM, APC; ESC-introduced or C1) up to their terminator (BEL or
 * ST), whole, so their payload (a window title) does not show. The payload may not hold another
 * introducer or a newline, so scans never overlap: linear time on any input. An unterminated one
 * loses only its control characters below.
 */
const STRING_SEQ = /(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c\x90\x98\x9d\x9e\x9f\n]*(?:\x07|\x1b\\|\x9c)/g;
/** Bidi embeddings, overrides and isolates: they reorder what a line shows. */
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
/** C0 (but tab and newline), DEL, C1. */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

function stripSequences(s: string): string {
  return s.replace(STRING_SEQ, '').replace(CSI, '').replace(BIDI, '');
}

/** One line of page-derived text for the terminal: sequences removed, tabs and line breaks as spaces, other controls removed. */
export function terminalLine(s: string): string {
  return stripSequences(s).replace(/[\t\n\r]/g, ' ').replace(CONTROL, '');
}

/** Page-derived text of several lines for the terminal: newlines and tabs kept (CR LF as LF), other controls removed. */
export function terminalText(s: string): string {
  return stripSequences(s).replace(/\r\n/g, '\n').replace(CONTROL, '');
}

/** JSON.stringify whose output holds no raw control or bidi character: they come out as \u escapes, so the value is unchanged. */
export function terminalJson(value: unknown, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(/[\x7f-\x9f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
