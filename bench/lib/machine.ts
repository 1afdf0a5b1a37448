/** What the figures were measured on: printed with every table and stored with every result. */
import { cpus, platform, release, totalmem } from 'node:os';

export interface MachineInfo {
  cpuModel: string;
  cpuCores: number;
  memoryGiB: number;
  os: string;
  node: string;
  chromium: string | null;
  pocketbase: string | null;
  date: string;
}

export function machineInfo(extra: { chromium?: string; pocketbase?: string } = {}): MachineInfo {
  const list = cpus();
  return {
    cpuModel: list[0]?.model.trim() ?? 'unknown',
    cpuCores: list.length,
    memoryGiB: Number((totalmem() / 1024 ** 3).toFixed(1)),
    os: `${platform()} ${release()}`,
    node: process.version,
    chromium: extra.chromium ?? null,
    pocketbase: extra.pocketbase ?? null,
    date: new Date().toISOString(),
  };
}

export function describeMachine(m: MachineInfo): string {
  return [
    `${m.cpuModel} × ${m.cpuCores} cores, ${m.memoryGiB} GiB, ${m.os}`,
    `node ${m.node}, chromium ${m.chromium ?? '?'}, pocketbase ${m.pocketbase ?? '?'}`,
    m.date,
  ].join(' · ');
}
