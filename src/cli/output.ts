/**
 * Where the CLI writes: --out files opened so that a missing folder or a path that cannot be
 * written is a typed error (E_OUTPUT, exit 1), not a stream's unhandled 'error' event with a stack
 * trace; and stdout/stderr whose reader went away (`thresher extract dir | head -1`) end the
 * process quietly, as a closed pipe ends any Unix filter.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ThresherError } from '../errors.js';

function outputError(path: string, e: unknown): ThresherError {
  const err = e as NodeJS.ErrnoException;
  const why = err.code === 'ENOENT' ? `the folder ${dirname(path)} does not exist`
    : err.code === 'EISDIR' ? 'it is a folder'
      : err.code === 'ENOTDIR' ? 'a part of the path is a file, not a folder'
        : err.code === 'EACCES' || err.code === 'EPERM' || err.code === 'EROFS' ? 'permission denied'
          : err.message;
  return new ThresherError('E_OUTPUT', `cannot write ${path}: ${why}`, { errno: err.code });
}

/** Where a command's output goes, written in order; a failed write rejects (E_OUTPUT for a file). */
export interface Output {
  write(s: string): Promise<void>;
  end(): void;
}

/**
 * `path`, opened now (a path that cannot be written throws E_OUTPUT before any work is done) and
 * written synchronously, so a full disk or an I/O error is thrown by the write that met it.
 */
export function openOutFile(path: string): Output {
  let fd: number;
  try { fd = openSync(path, 'w'); } catch (e) { throw outputError(path, e); }
  return {
    async write(s) {
      const b = Buffer.from(s, 'utf8');
      try { for (let off = 0; off < b.length;) off += writeSync(fd, b, off); } catch (e) { throw outputError(path, e); }
    },
    end() { closeSync(fd); },
  };
}

/** Standard output, waiting for 'drain' when the reader is slower than we are. */
export function stdoutOutput(): Output {
  const out = process.stdout;
  return {
    write: (s) => new Promise((resolve, reject) => {
      if (out.write(s)) { resolve(); return; }
      // Listen for an error while waiting, and stop listening once drained (a listener per line would pile up).
      const onError = (e: Error) => { out.off('drain', onDrain); reject(e); };
      const onDrain = () => { out.off('error', onError); resolve(); };
      out.once('drain', onDrain);
      out.once('error', onError);
    }),
    end() { /* stdout stays open for the process */ },
  };
}

/** mkdir -p, with E_OUTPUT for a folder that cannot be made (a file in the way, no permission). */
export function makeOutDir(path: string): void {
  try { mkdirSync(path, { recursive: true }); } catch (e) { throw outputError(path, e); }
}

/** writeFileSync, with E_OUTPUT for a path that cannot be written. */
export function writeOutFile(path: string, data: string): void {
  try { writeFileSync(path, data); } catch (e) { throw outputError(path, e); }
}

/** Whether an error is a write to a pipe whose reader has gone. */
export function isClosedPipe(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === 'EPIPE';
}

/**
 * Ends the process with status 0, silently, when stdout's reader goes away; ignores the same on
 * stderr (progress and messages then go nowhere, the output still matters). Any other stream
 * error is thrown as before.
 */
export function exitQuietlyOnClosedPipe(): void {
  process.stdout.on('error', (e) => {
    if (isClosedPipe(e)) process.exit(0);
    throw e;
  });
  process.stderr.on('error', (e) => {
    if (!isClosedPipe(e)) throw e;
  });
}
