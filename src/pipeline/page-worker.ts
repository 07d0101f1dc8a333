/** Worker-thread side of PagePool: cleans the pages it is sent and posts back outcomes. */
import { parentPort } from 'node:worker_threads';
import { processPage, type PageInput } from '../corpus/page-record.js';
import type { PageOutcome } from './pool.js';

parentPort!.on('message', (msg: { page: PageInput }) => {
  let out: PageOutcome;
  try {
    out = { ok: true, ...processPage(msg.page) };
  } catch (e) {
    const err = e as { code?: string; message?: string };
    out = { ok: false, code: typeof err.code === 'string' ? err.code : 'E_EXTRACT', message: err.message ?? String(e) };
  }
  parentPort!.postMessage(out);
});
parentPort!.postMessage('ready');
