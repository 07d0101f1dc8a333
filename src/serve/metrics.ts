/**
 * The counters behind `GET /metrics`, written in Prometheus's text exposition format (0.0.4) by
 * hand: a few counters, gauges and one histogram do not need a client library. Labels are the
 * route pattern (`/v1/records/:id`, never the id), the method, the status and the error code,
 * so the number of series stays bounded whatever clients send.
 */
import type { PoolStats } from '../pipeline/pool.js';

/** Latency buckets, seconds: an extraction is tens of milliseconds to seconds. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

interface Histogram { counts: number[]; sum: number; count: number }

function escapeLabel(v: string): string {
  return v.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

function labels(pairs: Record<string, string>): string {
  const parts = Object.entries(pairs).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(',')}}` : '';
}

export class Metrics {
  private readonly requests = new Map<string, { labels: Record<string, string>; n: number }>();
  private readonly latency = new Map<string, Histogram>();
  private readonly errors = new Map<string, number>();
  inFlight = 0;
  pages = 0;
  pageBytes = 0;
  /** Smoothed seconds per extraction on a worker (for Retry-After). */
  private extractSeconds = 0;

  /** One answered request: its route pattern, method, status and time. */
  request(route: string, method: string, status: number, seconds: number): void {
    const key = `${route}\u0000${method}\u0000${status}`;
    const r = this.requests.get(key);
    if (r) r.n++; else this.requests.set(key, { labels: { route, method, status: String(status) }, n: 1 });
    let h = this.latency.get(route);
    if (!h) { h = { counts: LATENCY_BUCKETS.map(() => 0), sum: 0, count: 0 }; this.latency.set(route, h); }
    for (let i = 0; i < LATENCY_BUCKETS.length; i++) if (seconds <= LATENCY_BUCKETS[i]) h.counts[i]++;
    h.sum += seconds;
    h.count++;
  }

  error(code: string): void {
    this.errors.set(code, (this.errors.get(code) ?? 0) + 1);
  }

  /** One page extracted: its size in bytes and the seconds a worker spent on it. */
  page(bytes: number, seconds: number): void {
    this.pages++;
    this.pageBytes += bytes;
    this.extractSeconds = this.extractSeconds ? 0.8 * this.extractSeconds + 0.2 * seconds : seconds;
  }

  /** Seconds until `queued` jobs ahead of a new one would be done on `workers` workers, at least 1. */
  retryAfter(queued: number, workers: number): number {
    return Math.max(1, Math.ceil((this.extractSeconds || 1) * (queued + 1) / Math.max(1, workers)));
  }

  /** The exposition text. */
  render(pool: PoolStats, memory: NodeJS.MemoryUsage = process.memoryUsage()): string {
    const out: string[] = [];
    const family = (name: string, type: string, help: string) => out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
    family('thresher_http_requests_total', 'counter', 'HTTP requests answered, by route pattern, method and status.');
    for (const r of this.requests.values()) out.push(`thresher_http_requests_total${labels(r.labels)} ${r.n}`);
    family('thresher_http_request_duration_seconds', 'histogram', 'Time from request to response, by route pattern.');
    for (const [route, h] of this.latency) {
      LATENCY_BUCKETS.forEach((b, i) => out.push(`thresher_http_request_duration_seconds_bucket${labels({ route, le: String(b) })} ${h.counts[i]}`));
      out.push(`thresher_http_request_duration_seconds_bucket${labels({ route, le: '+Inf' })} ${h.count}`);
      out.push(`thresher_http_request_duration_seconds_sum${labels({ route })} ${h.sum}`);
      out.push(`thresher_http_request_duration_seconds_count${labels({ route })} ${h.count}`);
    }
    family('thresher_http_requests_in_flight', 'gauge', 'Requests being answered now.');
    out.push(`thresher_http_requests_in_flight ${this.inFlight}`);
    family('thresher_pages_extracted_total', 'counter', 'Pages extracted.');
    out.push(`thresher_pages_extracted_total ${this.pages}`);
    family('thresher_page_bytes_total', 'counter', 'Bytes of the pages extracted (as received or fetched, decoded).');
    out.push(`thresher_page_bytes_total ${this.pageBytes}`);
    family('thresher_errors_total', 'counter', 'Error answers, by ThresherError code.');
    for (const [code, n] of this.errors) out.push(`thresher_errors_total${labels({ code })} ${n}`);
    family('thresher_pool_workers', 'gauge', 'Worker threads in the extraction pool.');
    out.push(`thresher_pool_workers ${pool.workers}`);
    family('thresher_pool_busy_workers', 'gauge', 'Workers running a job now.');
    out.push(`thresher_pool_busy_workers ${pool.busy}`);
    family('thresher_pool_saturation', 'gauge', 'Busy workers over workers (0 to 1).');
    out.push(`thresher_pool_saturation ${pool.workers ? pool.busy / pool.workers : 0}`);
    family('thresher_pool_queue_length', 'gauge', 'Jobs waiting for a worker.');
    out.push(`thresher_pool_queue_length ${pool.queued}`);
    family('thresher_pool_workers_replaced_total', 'counter', 'Workers terminated and replaced (a job past its time budget, or a crash).');
    out.push(`thresher_pool_workers_replaced_total ${pool.replaced}`);
    family('process_resident_memory_bytes', 'gauge', 'Resident set size of the server process (workers included).');
    out.push(`process_resident_memory_bytes ${memory.rss}`);
    family('nodejs_heap_used_bytes', 'gauge', 'V8 heap in use on the main thread.');
    out.push(`nodejs_heap_used_bytes ${memory.heapUsed}`);
    return out.join('\n') + '\n';
  }
}
