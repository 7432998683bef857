import { Command, Option } from 'commander';
import { version } from '../../../package.json';
import { join } from 'node:path';
import { SCENARIOS, type Scenario } from '../mock/scenarios';
import { CHECK_FORMATS, runCheck, type CheckFormat } from './check';
import { isUsageError, UsageError } from './config';
import type { GapsOptions } from './gaps';
import { DEFAULT_THRESHOLD, parseClusterSimilarity } from '../analytics';
import { DEFAULT_BASE_URL, defaultEmbeddingsCache, GAP_FORMATS } from './gapOptions';
import { DEFAULT_MAX_CONVERSATIONS } from '../analytics';
import { plainNumber } from '../common/text';
import { printable } from './printable';
import { StatusLine } from './statusLine';
import { plural, thousands } from '../common/plural';
import { isMainThread, workerData } from 'node:worker_threads';
import { isShareData, runShare } from './checkThreads';
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from '../heapGrowth';

type GapsModule = typeof import('./gapsEntry');
let gapsModule: GapsModule | undefined;

/** dist/cli-gaps.js, beside this bundle: loaded only for `gaps` and `mock-server`. */
function gaps(): GapsModule {
  // A second bundle loaded on demand, so `check` never parses the HTTP client: a runtime require by design.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  gapsModule ??= require(join(__dirname, 'cli-gaps.js')) as GapsModule;
  return gapsModule;
}

const program = new Command();
program.name('docsmith').description('Checks Mintlify-format documentation sites (docs.json and MDX pages).').version(version);
program.exitOverride();
program.configureOutput({ outputError: (text, write) => write(text) });

program
  .command('check')
  .description('Check docs.json, the files it references and the pages of a docs site.')
  .argument('[dir]', 'the docs root (the folder holding docs.json) or a folder above one', '.')
  .addOption(new Option('-f, --format <format>', 'output format').choices(CHECK_FORMATS).default('text'))
  .option('-c, --config <file>', 'settings file (default: .docsmithrc.json in DIR)')
  .option('--no-orphans', 'do not report pages that no navigation entry reaches')
  .option('--no-color', 'plain text output')
  .option('--cache', 'reuse the findings of pages unchanged since the last run (kept in ~/.cache/docsmith)')
  .option('--cache-location <file>', 'the cache file (implies --cache); keep it between CI runs to check only what changed')
  .option('--changed-since <ref>', 'check only the pages changed since this git ref, and those that may link to them (plus docs.json)')
  .option('--baseline <file>', 'report only the findings this baseline does not hold')
  .option('--write-baseline <file>', "record this run's findings as the baseline (exit 0)")
  .option('--sarif-file <file>', 'also write the findings as SARIF to this file (for code scanning), whatever the format')
  .option(
    '--threads <n>',
    'threads that check pages: a number, or auto (two on 4 cores or more, when the pages would take one thread over 5 s)',
    parseThreads,
    'auto',
  )
  .option(
    '--parser-timeout <seconds>',
    "stop the MDX parser on a page after this long and report the page as not checked by it (by default it parses every page in full, as the platform's build does)",
    parseSeconds,
  )
  .action(
    async (
      dir: string,
      options: {
        format: CheckFormat;
        config?: string;
        orphans: boolean;
        color: boolean;
        cache?: boolean;
        cacheLocation?: string;
        baseline?: string;
        writeBaseline?: string;
        sarifFile?: string;
        changedSince?: string;
        threads: number | 'auto';
        parserTimeout?: number;
      },
    ) => {
      // Progress only where someone watches: stderr is a terminal.
      const status = process.stderr.isTTY ? new StatusLine(process.stderr) : undefined;
      const { exitCode, output } = await runCheck(dir, {
        format: options.format,
        config: options.config,
        orphans: options.orphans,
        cache: options.cacheLocation ?? options.cache,
        baseline: options.baseline,
        changedSince: options.changedSince,
        writeBaseline: options.writeBaseline,
        sarifFile: options.sarifFile,
        threads: options.threads,
        parserTimeoutMs: options.parserTimeout && options.parserTimeout * 1000,
        note: (message) => (status?.clear(), process.stderr.write(`docsmith: ${printable(message)}\n`)),
        colour: options.color && Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
        version,
        progress: status && ((message) => status.say(printable(message))),
        pagesDone: status && ((done, total) => status.show(`${thousands(done)} of ${thousands(total)} pages checked`)),
        warn: (message) => (status?.clear(), process.stderr.write(`docsmith: warning: ${printable(message)}\n`)),
      }).finally(() => status?.clear());
      // Set first: a reader that stops early (`| head`) still sees the check's verdict.
      process.exitCode = exitCode;
      await writeAll(output);
    },
  );

program
  .command('gaps')
  .description('Report the assistant questions the docs could not answer (key from DOCSMITH_API_KEY).')
  .requiredOption('-p, --project <id>', 'the project ID')
  .option('--base-url <url>', 'the analytics API', DEFAULT_BASE_URL)
  .option('--from <date>', 'start of the range, inclusive (YYYY-MM-DD or ISO 8601)')
  .option('--to <date>', 'end of the range, exclusive (YYYY-MM-DD or ISO 8601)')
  .option('--docs <dir>', 'the docs root (or a folder above it), to map cited pages to local files', '.')
  .option('--site-url <url>', 'the published site URL, when the mapping cannot guess its base path')
  .option(
    '--max-conversations <n>',
    'stop the export after this many conversations, and say so',
    (v) => integer(v, '--max-conversations'),
    DEFAULT_MAX_CONVERSATIONS,
  )
  .option(
    '--cluster-similarity <s>',
    `how alike questions must be to share a cluster, above 0 and up to 1 (default ${DEFAULT_THRESHOLD}): higher gives more, tighter clusters`,
    (v) => {
      const similarity = parseClusterSimilarity(v);
      if (similarity === undefined)
        throw new UsageError(`--cluster-similarity must be a number above 0 and up to 1, such as 0.2; got "${v}".`);
      return similarity;
    },
  )
  .option(
    '--embeddings-url <url>',
    'an OpenAI-compatible embeddings API (such as http://localhost:11434/v1) to group questions by meaning too; their texts are sent there (key from DOCSMITH_EMBEDDINGS_KEY)',
  )
  .option('--embeddings-model <name>', 'the embeddings model that API runs (with --embeddings-url)')
  .option('--embeddings-cache <dir>', 'where embeddings are kept between runs (a folder of your own)', defaultEmbeddingsCache())
  .addOption(new Option('-f, --format <format>', 'output format').choices(GAP_FORMATS).default('text'))
  .action(
    // What the command line gives; the keys, the signal and the output callbacks are added here.
    async (options: Omit<GapsOptions, 'apiKey' | 'embeddingsKey' | 'progress' | 'warn' | 'notice' | 'signal'>) => {
      // Progress on one line a terminal overwrites; a notice or a warning clears it first.
      const status = process.stderr.isTTY ? new StatusLine(process.stderr) : undefined;
      const controller = new AbortController();
      process.once('SIGINT', () => controller.abort());
      const output = await gaps()
        .runGaps({
          ...options,
          apiKey: process.env.DOCSMITH_API_KEY,
          embeddingsKey: process.env.DOCSMITH_EMBEDDINGS_KEY || undefined,
          signal: controller.signal,
          notice: (message) => (status?.clear(), process.stderr.write(`docsmith: ${printable(message)}\n`)),
          progress: status && ((message) => status.show(printable(message))),
          warn: (message) => (status?.clear(), process.stderr.write(`docsmith: warning: ${printable(message)}\n`)),
        })
        .finally(() => status?.clear());
      // Ctrl-C while the clusters were computed (the signal is read between pages): no report, as during the export.
      await writeAll(output, controller.signal);
      if (controller.signal.aborted) {
        process.stderr.write('docsmith: cancelled; the report was not written in full.\n');
        process.exitCode = 130;
      }
    },
  );

program
  .command('mock-server')
  .description('Serve the analytics export API locally with demo data (for demos, tests and e2e).')
  .option('--port <n>', 'port (0 picks a free one)', (v) => integer(v, '--port'), 0)
  .option('--key <key>', 'the admin key it accepts', 'mint_demo_key')
  .option('--project <id>', 'the project it serves', 'demo')
  .option('--conversations <n>', 'how many conversations', (v) => integer(v, '--conversations'), 240)
  .option('--seed <n>', 'seed of the generated data', (v) => integer(v, '--seed'), 1)
  .option('--fault-rate <r>', 'share of requests answered with a 500 (0 to 1)', (v) => fraction(v), 0)
  .option('--latency-ms <n>', 'delay of every answer', (v) => integer(v, '--latency-ms'), 0)
  .addOption(new Option('--scenario <name>', 'misbehave on purpose').choices(SCENARIOS))
  .option('--no-status', 'leave resolutionStatus out of conversations')
  .option('--cors <origin>', 'let pages of this origin (or *) call it from a browser, as the browser build does')
  .action(
    async (options: {
      port: number;
      key: string;
      project: string;
      conversations: number;
      seed: number;
      faultRate: number;
      latencyMs: number;
      scenario?: Scenario;
      status: boolean;
      cors?: string;
    }) => {
      const server = await gaps().startExportServer({ ...options, omitStatus: !options.status });
      process.stdout.write(`listening on ${server.url}\n`);
      process.stderr.write(
        `project ${options.project}, key ${options.key.slice(0, 5)}…, ${plural(server.conversations.length, 'conversation')} (seed ${options.seed})\n`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => void server.close().then(resolve);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    },
  );

function integer(value: string, name: string): number {
  if (!/^\d+$/.test(value)) throw new UsageError(`${name} must be a whole number; got "${value}".`);
  return Number(value);
}

function fraction(value: string): number {
  const number = plainNumber(value);
  if (number === undefined || number > 1) throw new UsageError(`--fault-rate must be a number from 0 to 1; got "${value}".`);
  return number;
}

/** Output in pieces, gathered into writes of about 64 KB, each waited for when the pipe is full; stops on abort. */
async function writeAll(chunks: Iterable<string>, signal?: AbortSignal): Promise<void> {
  let pending = '';
  for (const chunk of chunks) {
    if (signal?.aborted) return;
    pending += chunk;
    if (pending.length >= 65536) {
      await write(pending);
      pending = '';
    }
  }
  if (pending) await write(pending);
}

function parseThreads(value: string): number | 'auto' {
  if (value === 'auto') return value;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 64)
    throw new UsageError(`--threads takes a number from 1 to 64, or auto, not "${value}".`);
  return Number(value);
}

function parseSeconds(value: string): number {
  const seconds = Number(value);
  if (!/^\d+(?:\.\d+)?$/.test(value) || seconds <= 0 || seconds > 3600)
    throw new UsageError(`--parser-timeout takes a number of seconds above 0 and up to 3600, such as 30, not "${value}".`);
  return seconds;
}

function write(text: string): Promise<void> {
  return new Promise((resolve) => (process.stdout.write(text) ? resolve() : process.stdout.once('drain', () => resolve())));
}

/**
 * `docsmith check | head -1`: the reader goes away, the next write fails with EPIPE. That is the
 * reader's choice, not an error of ours: stop quietly, with the exit code the run had so far.
 */
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });

async function main(): Promise<void> {
  try {
    await program.parseAsync(process.argv);
  } catch (error) {
    if (isUsageError(error)) {
      process.stderr.write(`docsmith: ${printable(error.message)}\n`);
      process.exitCode = 2;
    } else if (error instanceof Error && error.name === 'ExportApiError') {
      process.stderr.write(`\ndocsmith: ${printable(error.message)}\n`);
      process.exitCode = (error as InstanceType<GapsModule['ExportApiError']>).kind === 'cancelled' ? 130 : 1;
    } else if (
      error &&
      typeof error === 'object' &&
      'exitCode' in error &&
      'code' in error &&
      String((error as { code: string }).code).startsWith('commander.')
    ) {
      // commander already printed help, the version or the usage error
      process.exitCode = (error as { exitCode: number }).exitCode === 0 ? 0 : 2;
    } else {
      process.stderr.write(
        `docsmith: internal error: ${printable(error instanceof Error ? error.message : String(error))}\nPlease report it with the command you ran.\n`,
      );
      if (process.env.DOCSMITH_DEBUG && error instanceof Error) process.stderr.write(`${error.stack}\n`);
      process.exitCode = 3;
    }
  }
}

// dist/cli.js is also the script of the check's threads (checkThreads.ts).
if (!isMainThread && isShareData(workerData)) void runShare(workerData);
else {
  // Once per process (its threads share the heap's settings): see heapGrowth.ts.
  boundHeapGrowth(HEAP_GROWING_PERCENT.cli);
  void main();
}
