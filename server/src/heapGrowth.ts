import { setFlagsFromString } from 'node:v8';

/**
 * How much more than was live after the last full collection the heap may grow to (V8's own range on
 * small devices: 30 to 100%). The language server lives long beside the editor: memory first. A CLI
 * check of a crewAI-sized site peaks under 300 MB at 50%, at no measurable cost in time.
 */
export const HEAP_GROWING_PERCENT = { server: 50, cli: 50 } as const;

/**
 * Bounds how far V8 lets the heap grow between full collections, for a process that lives long and
 * makes much short-lived garbage (the language server: every docs.json edit parses the file again,
 * a workspace pull reads every page). On a machine with memory to spare V8 lets the heap grow to four
 * times what was live: at crewAI's scale 80-95 MB live became a 280-370 MB peak, most of it garbage
 * not yet collected. At 1.5 times the peak is 240 MB, for collections a little more often; a CLI check
 * of a crewAI-sized site of real pages peaks at 289-304 MB at 1.5 times, 308-338 MB at 2 times (see
 * docs/performance.md). A `--heap-growing-percent` on node's command line wins (`node
 * --heap-growing-percent=0 dist/cli.js` is V8's own; node refuses the flag in NODE_OPTIONS).
 */
export function boundHeapGrowth(percent: number, execArgv: readonly string[] = process.execArgv): boolean {
  if (execArgv.some((option) => /heap[-_]growing[-_]percent/.test(option))) return false;
  setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}
