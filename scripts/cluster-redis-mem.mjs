// Redis memory per queued cluster job (docs/cluster.md, "Scale on paper"): queues N jobs shaped as
// cluster mode queues them (same options, a run directory path of typical length) on a queue of
// its own, and reports used_memory's growth per job while they wait, and again once each is
// completed with a small return value (what a finished run leaves in Redis). Removes its queue.
//   node scripts/cluster-redis-mem.mjs redis://127.0.0.1:6379 [N=20000]
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

const url = process.argv[2] ?? 'redis://127.0.0.1:6379';
const N = Number(process.argv[3] ?? 20000);
const redis = new Redis(url, { maxRetriesPerRequest: null });
const used = async () => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))[1]);
const name = `thresher-mem-${process.pid}`;
const queue = new Queue(name, { connection: redis });
const before = await used();
const out = '/mnt/shared/thresher/runs/cc-2026-11-26';
for (let i = 0; i < N; i += 500) {
  await queue.addBulk(Array.from({ length: Math.min(500, N - i) }, (_, k) => ({
    name: 'clean',
    data: { out, runId: '0123456789ab', stage: 'clean', n: i + k },
    opts: { jobId: `0123456789ab-mi2k3x9-clean-${i + k}`, attempts: 3, backoff: { type: 'fixed', delay: 500 }, removeOnComplete: false, removeOnFail: false },
  })));
}
const queued = await used();
// A finished job keeps its hash with a return value, timestamps and its worker's name.
const keys = await redis.keys(`bull:${name}:0123456789ab-*`);
const sample = keys.slice(0, 200);
let bytes = 0;
for (const k of sample) {
  await redis.hset(k, 'returnvalue', JSON.stringify({ pages: 250 }), 'finishedOn', String(Date.now()), 'processedOn', String(Date.now()), 'pb', 'thresher-worker-host-12345', 'atm', '1');
  bytes += Number(await redis.memory('USAGE', k));
}
console.log(`redis: ${N} queued jobs took ${queued - before} bytes of used_memory, ${((queued - before) / N).toFixed(0)} B per queued job; a finished job's hash ${(bytes / sample.length).toFixed(0)} B (MEMORY USAGE, mean of ${sample.length})`);
await queue.obliterate({ force: true });
await queue.close();
redis.disconnect();
