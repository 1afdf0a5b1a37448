/**
 * Pinning for the server benchmarks: the PocketBase process on one core and this process (the
 * load generator, and anything it runs in-process) on another, with `taskset`, so a figure is
 * the server's own on one core and comparable between runs instead of depending on how the two
 * happened to share the machine. The server is pinned once it runs, after Go has sized its
 * scheduler from the whole machine, so it is started with `GOMAXPROCS=1` (`SERVER_CORE_ENV`).
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';

/** Environment for a PocketBase that will be pinned to one core. */
export const SERVER_CORE_ENV = { GOMAXPROCS: '1' };

export interface Pinning {
  pinned: boolean;
  /** In words, for the printed notes. */
  note: string;
}

function taskset(cores: string, pid: number): boolean {
  const res = spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { encoding: 'utf8' });
  return res.status === 0;
}

/** Pins `serverPid` to core 0 and this process to core 1 (when there are two cores and taskset). */
export function pinServerAndLoader(serverPid: number): Pinning {
  if (cpus().length < 2) {
    return { pinned: false, note: 'not pinned: one core only, server and load generator share it' };
  }
  if (!taskset('0', serverPid) || !taskset('1', process.pid)) {
    return { pinned: false, note: 'not pinned: taskset failed or is missing (util-linux)' };
  }
  return {
    pinned: true,
    note: 'PocketBase pinned to core 0, the load generator (this process) to core 1 (taskset)',
  };
}

/** Pins another process of the server side (a second PocketBase) to core 0 as well. */
export function pinToServerCore(pid: number): boolean {
  return cpus().length >= 2 && taskset('0', pid);
}
