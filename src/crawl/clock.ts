/**
 * Time for the crawler: the real clock, and a virtual one for tests, so that politeness and
 * back-off schedules can be checked exactly without waiting for them.
 */

export interface Clock {
  /** Milliseconds since the epoch (persisted in the crawl state, so wall-clock based). */
  now(): number;
  /** Resolve after `ms`, or early (without error) when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * The longest delay a Node timer takes (2^31 - 1 ms, about 24.8 days). setTimeout turns a longer
 * one into 1 ms, with a TimeoutOverflowWarning: a huge Crawl-delay or Retry-After would then spin.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) => new Promise<void>((resolve) => {
    if (signal?.aborted || !(ms > 0)) { resolve(); return; }
    let left = ms;
    // A sleep past the timer limit is taken in steps of at most MAX_TIMER_MS.
    const step = (): ReturnType<typeof setTimeout> => {
      const d = Math.min(left, MAX_TIMER_MS);
      left -= d;
      return setTimeout(() => (left > 0 ? (t = step()) : done()), d);
    };
    let t = step();
    function done(): void { clearTimeout(t); signal?.removeEventListener('abort', done); resolve(); }
    signal?.addEventListener('abort', done, { once: true });
  }),
};

interface Timer { at: number; seq: number; resolve: () => void; cancelled: boolean }

/**
 * A virtual clock. Time moves only when every task is waiting on it: each sleep schedules a
 * check after pending I/O callbacks and microtasks (setImmediate), and if the earliest timer
 * is still pending then, time jumps to it. Work that finishes by promises alone (a fake
 * fetcher) therefore runs in virtual time, deterministically and at full speed.
 */
export class VirtualClock implements Clock {
  private t: number;
  private seq = 0;
  private timers: Timer[] = [];
  private scheduled = false;
  constructor(start = 1_700_000_000_000) { this.t = start; }
  now(): number { return this.t; }
  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve) => {
      if (signal?.aborted) { resolve(); return; }
      const timer: Timer = { at: this.t + Math.max(0, ms), seq: this.seq++, resolve, cancelled: false };
      this.timers.push(timer);
      signal?.addEventListener('abort', () => { timer.cancelled = true; resolve(); }, { once: true });
      this.schedule();
    });
  }
  /** Move time forward by hand (fires every timer due by then). */
  advance(ms: number): void {
    this.t += ms;
    this.fireDue();
  }
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.timers = this.timers.filter((x) => !x.cancelled);
      if (!this.timers.length) return;
      const next = this.timers.reduce((a, b) => (b.at < a.at || (b.at === a.at && b.seq < a.seq) ? b : a));
      if (next.at > this.t) this.t = next.at;
      this.fireDue();
    });
  }
  private fireDue(): void {
    const due = this.timers.filter((x) => !x.cancelled && x.at <= this.t).sort((a, b) => a.at - b.at || a.seq - b.seq);
    this.timers = this.timers.filter((x) => !x.cancelled && x.at > this.t);
    for (const x of due) x.resolve();
    if (this.timers.length) this.schedule();
  }
}
