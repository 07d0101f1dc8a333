// Main-thread GC pauses while a measurement runs, for the worker and ab.mjs: a tool's allocation
// pattern can cost it as much as its own code (bench/README.md, "GC share").
import { PerformanceObserver } from 'node:perf_hooks';

/** Starts summing GC pause time; `ms()` reads the sum so far, `settle()` lets pending entries in. */
export function watchGc() {
  let total = 0;
  const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) total += e.duration; });
  observer.observe({ entryTypes: ['gc'] });
  return {
    ms: () => total,
    // GC entries are delivered asynchronously: wait a moment before reading the sum.
    settle: () => new Promise((r) => setTimeout(r, 20)),
    stop: () => observer.disconnect(),
  };
}
