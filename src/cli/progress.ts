import { terminalLine } from './terminal-text.js';

/**
 * Progress on stderr: a bar redrawn in place when stderr is a terminal. Elsewhere (a log, a pipe)
 * nothing by default, so logs hold no noise; with `lineEveryMs`, a plain line that often, so
 * that a long run in a log still shows it is alive. A total of undefined (a stream of unknown
 * length) shows a count and a rate instead of a bar.
 */
export class Progress {
  private n = 0;
  private last = 0;
  private readonly start = Date.now();
  private lastLine = this.start;
  private readonly tty: boolean;
  constructor(private readonly total: number | undefined, private readonly stream: NodeJS.WriteStream, private readonly options: { lineEveryMs?: number } = {}) {
    this.tty = Boolean(stream.isTTY);
  }
  tick(label = ''): void {
    this.n++;
    const now = Date.now();
    const rate = this.n / Math.max(0.001, (now - this.start) / 1000);
    const count = this.total === undefined ? `${this.n}` : `${this.n}/${this.total}`;
    if (!this.tty) {
      const every = this.options.lineEveryMs;
      if (every === undefined || now - this.lastLine < every) return;
      this.lastLine = now;
      this.stream.write(`${count} ${rate.toFixed(1)}/s ${terminalLine(label)}\n`);
      return;
    }
    if (now - this.last < 100 && (this.total === undefined || this.n < this.total)) return;
    this.last = now;
    const width = 30, frac = this.total ? this.n / this.total : 1;
    const bar = this.total === undefined ? '' : `[${'#'.repeat(Math.round(frac * width)).padEnd(width, '.')}] `;
    const cols = this.stream.columns ?? 100;
    // The label is often a page's id or URL.
    const line = `${bar}${count} ${rate.toFixed(1)}/s ${terminalLine(label)}`;
    this.stream.write(`\r${line.slice(0, cols - 1).padEnd(Math.min(cols - 1, line.length))}\x1b[K`);
  }
  done(summary: string): void {
    if (this.tty) this.stream.write('\r\x1b[K');
    this.stream.write(`${terminalLine(summary)} in ${((Date.now() - this.start) / 1000).toFixed(1)} s\n`);
  }
}
