/** Figures and verdicts as the benchmarks print them (infra/bench/README.md). */
import { readFileSync } from 'node:fs';

/** The median of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The p-th percentile of sorted numbers (nearest rank). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

/** Prints `  PASS what` / `  FAIL what` after a blank line; true when every verdict passed. */
export function printVerdicts(verdicts) {
  console.log('');
  for (const [what, ok] of verdicts) console.log(`  ${ok ? 'PASS' : 'FAIL'} ${what}`);
  return verdicts.every(([, ok]) => ok);
}

/** The process's name and CPU ticks (user + system) from /proc/<pid>/stat, with its parent and its reaped children's ticks; null when it has gone. */
export function procStat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    const comm = text.slice(text.indexOf('(') + 1, close);
    const fields = text.slice(close + 2).split(' ');
    return { comm, parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), reaped: Number(fields[13]) + Number(fields[14]) };
  } catch {
    return null;
  }
}

/** The whole machine's ticks so far (first line of /proc/stat: user nice system idle iowait irq softirq steal …). */
export function machineTicks() {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal: steal || 0 };
}
