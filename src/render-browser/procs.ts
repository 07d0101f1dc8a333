/**
 * The browser's processes, read from /proc (Linux): Chromium is one browser process and a tree
 * of helpers below it (zygotes, renderers, GPU, network and storage services). The pool reads
 * the tree to add up its memory (the leak guard), and to kill every member when it shuts down:
 * a helper whose browser died is re-parented away from us, so it must be found while the tree
 * still stands. Without /proc (not Linux) the functions return empty answers and the pool
 * relies on Playwright's own shutdown.
 *
 * Outer ring: reads /proc, sends signals.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface ProcInfo {
  pid: number;
  ppid: number;
  /** The executable's name as the kernel records it (15 characters at most). */
  comm: string;
  /** R, S, D, Z (zombie), T, ... */
  state: string;
}

/** One /proc/<pid>/stat, or undefined when the process is gone. */
export function procInfo(pid: number): ProcInfo | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
  // comm is in parentheses and may itself hold ") ": the fields after it follow the last one.
  const open = stat.indexOf('('), close = stat.lastIndexOf(')');
  const rest = stat.slice(close + 2).split(' ');
  return { pid, comm: stat.slice(open + 1, close), state: rest[0], ppid: Number(rest[1]) };
}

/** Every process now running, as /proc lists them. */
export function allProcs(): ProcInfo[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcInfo[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const p = procInfo(Number(name));
    if (p) out.push(p);
  }
  return out;
}

/** `root` and every process below it (children, their children, ...). */
export function processTree(root: number, procs: ProcInfo[] = allProcs()): number[] {
  const kids = new Map<number, number[]>();
  for (const p of procs) {
    const list = kids.get(p.ppid);
    if (list) list.push(p.pid);
    else kids.set(p.ppid, [p.pid]);
  }
  const out: number[] = [];
  if (!procs.some((p) => p.pid === root)) return out;
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    out.push(pid);
    for (const k of kids.get(pid) ?? []) stack.push(k);
  }
  return out;
}

/** A process that still runs (exists and is not a zombie waiting to be reaped). */
export function isAlive(pid: number): boolean {
  const p = procInfo(pid);
  return p !== undefined && p.state !== 'Z';
}

/** Resident memory of one process in bytes (VmRSS), 0 when gone. */
export function rssBytes(pid: number): number {
  try {
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'latin1'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Proportional set size in bytes (shared pages split among their users), 0 when unknown. */
export function pssBytes(pid: number): number {
  try {
    const m = /^Pss:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'latin1'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** SIGKILL each pid that still exists; never throws (a process may end on its own meanwhile). */
export function killAll(pids: Iterable<number>): void {
  for (const pid of pids) {
    if (pid === process.pid || pid <= 1) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone already, or not ours
    }
  }
}
