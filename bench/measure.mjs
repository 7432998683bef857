// Timing a command as a process: wall time and peak memory (bench/peakRss.cjs), once or as the median
// of RUNS runs after a warm-up. Exit codes 0 and 1 are a check's verdicts; anything else is an error.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const here = resolve(import.meta.dirname);
export const RUNS = 5;

export function measureOnce(args) {
  const start = process.hrtime.bigint();
  const run = spawnSync(process.execPath, ['--require', join(here, 'peakRss.cjs'), ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return { ms, mb: Number(/BENCH_PEAK_RSS_KB=(\d+)/.exec(run.stderr)?.[1] ?? 0) / 1024 };
}

export function measure(args) {
  const times = [];
  const rss = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const one = measureOnce(args);
    if (i === 0) continue; // warms the file system cache, as a developer's second run would
    times.push(one.ms);
    rss.push(one.mb);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], peak: Math.max(...rss) };
}

/**
 * The largest heap that survives a full collection in one run (MB): what the process holds at once,
 * apart from when the collector chooses to run, which moves the peak resident memory from one run to
 * the next by tens of MB. Read from V8's `--trace-gc` lines (the command's output is thrown away);
 * with worker threads, each isolate's largest is added.
 */
export function measureLiveHeap(args) {
  const run = spawnSync(process.execPath, ['--trace-gc', ...args], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024 });
  if (run.status !== 0 && run.status !== 1) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  const largest = new Map();
  for (const [, isolate, after] of run.stdout.matchAll(/^\[\d+:(0x[0-9a-f]+)\][^\n]*?Mark-Compact[^\n]*?-> ([\d.]+) \(/gm))
    largest.set(isolate, Math.max(largest.get(isolate) ?? 0, Number(after)));
  return [...largest.values()].reduce((sum, mb) => sum + mb, 0);
}
