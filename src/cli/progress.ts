import { terminalLine } from './terminal-text.js';

/** A progress bar on stderr, drawn only when stderr is a terminal (no noise in logs or pipes). */
export class Progress {
  private n = 0;
  private last = 0;
  private readonly start = Date.now();
  private readonly tty: boolean;
  constructor(private readonly total: number, private readonly stream: NodeJS.WriteStream) {
    this.tty = Boolean(stream.isTTY);
  }
  tick(label = ''): void {
    this.n++;
    if (!this.tty) return;
    const now = Date.now();
    if (now - this.last < 100 && this.n < this.total) return;
    this.last = now;
    const width = 30, frac = this.total ? this.n / this.total : 1;
    const bar = '#'.repeat(Math.round(frac * width)).padEnd(width, '.');
    const rate = this.n / Math.max(0.001, (now - this.start) / 1000);
    const cols = this.stream.columns ?? 100;
    // The label is often a page's id or URL.
    const line = `[${bar}] ${this.n}/${this.total} ${rate.toFixed(1)}/s ${terminalLine(label)}`;
    this.stream.write(`\r${line.slice(0, cols - 1).padEnd(Math.min(cols - 1, line.length))}\x1b[K`);
  }
  done(summary: string): void {
    if (this.tty) this.stream.write('\r\x1b[K');
    this.stream.write(`${terminalLine(summary)} in ${((Date.now() - this.start) / 1000).toFixed(1)} s\n`);
  }
}
