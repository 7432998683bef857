import { availableParallelism } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import type { Diagnostic } from 'vscode-languageserver-types';
import { FsWorkspace } from '../fsWorkspace';
import { createLanguageService, NOT_CANCELLED, type LanguageServiceSettings, type SharedAnchors, type SiteShares } from '../service';
import { FileCheckCache, type CacheLearnt } from './checkCache';
import { useParserTimeout } from './parserTimeout';

/**
 * A whole-site check on several threads (issue 41): this thread and `threads - 1` workers each load the
 * site and take pages from a counter they share; then they trade the anchors of the pages they
 * checked, check the links into them, and the workers send their findings here. The output is the
 * same as one thread's, byte for byte (a test compares them on the corpus).
 */

/**
 * With `--threads auto`, a second thread starts only on a machine of {@link MIN_CORES} cores or more,
 * and only when the pages left would take this thread longer than {@link MIN_REMAINING_MS}, judged
 * from the pages {@link SAMPLE_FROM} to {@link SAMPLE_TO} (the first ones run before the code is
 * optimised, several times slower). On the 2-core machine of this project a second thread made the
 * crewAI-shaped synthetic site 14% faster and the site made of real pages no faster (each thread ran
 * at about half speed beside the other: node's collector and compiler already use the second core),
 * for 120 to 250 MB more (docs/performance.md, "Threads").
 */
export const MIN_CORES = 4;
export const MIN_REMAINING_MS = 5000;
export const SAMPLE_FROM = 300;
export const SAMPLE_TO = 800;

/** How a cache is opened, so that a worker opens its own on the same file. */
export interface CacheArguments {
  location: string;
  salt: string;
  started: number;
  folder: string;
}

/** What the main thread gives a worker. */
export interface ShareData {
  docsmithCheckShare: true;
  rootUri: string;
  settings: LanguageServiceSettings;
  pageCount: number;
  counter: Int32Array;
  cache?: CacheArguments;
  /** This worker's place among the shares, and how many there are (for {@link evenClaims}). */
  share: number;
  shares: number;
  even: boolean;
  /** `--parser-timeout`, in ms. */
  parserTimeoutMs?: number;
}

/**
 * DOCSMITH_CHECK_SHARES=even (the tests): share k of n checks pages k, k + n, k + 2n… whenever it
 * starts, so that every thread checks pages even on a small site (the shared counter lets the main
 * thread take them all before a worker has loaded the site).
 */
function evenClaims(share: number, shares: number): (pageCount: number) => number {
  let next = share;
  return () => ((next += shares), next - shares);
}

/** What a worker's share found, and what its cache learnt. */
export interface ShareOutcome {
  diagnostics: [string, Diagnostic[]][];
  filesChecked: number;
  reused: number;
  cache?: CacheLearnt;
}

type FromWorker = { kind: 'anchors'; anchors: SharedAnchors } | ({ kind: 'done' } & ShareOutcome);

/**
 * How many threads check a site: the number asked for (never more than pages), or with `auto`, two
 * on {@link MIN_CORES} cores or more when the pages left would take longer than {@link MIN_REMAINING_MS},
 * given how long the first ones took (`elapsedMs` for `checked` pages; undefined: not measured yet).
 */
export function threadsFor(
  requested: number | 'auto',
  pageCount: number,
  checked = 0,
  elapsedMs?: number,
  cores = availableParallelism(),
): number {
  if (requested !== 'auto') return Math.max(1, Math.min(requested, pageCount));
  if (elapsedMs === undefined || checked === 0 || cores < MIN_CORES) return 1;
  return (elapsedMs / checked) * (pageCount - checked) > MIN_REMAINING_MS ? 2 : 1;
}

/**
 * The main thread's share. Workers start at its first claim, when the page count is known, or with
 * `auto` once the first pages show that a second thread pays; {@link finish} gives their findings
 * once the main share is done.
 */
export class MainShare implements SiteShares {
  readonly first = true;
  private readonly counter = new Int32Array(new SharedArrayBuffer(4));
  private workers: { worker: Worker; anchors: Promise<SharedAnchors>; done: Promise<ShareOutcome> }[] = [];
  private started = false;
  /** Pages claimed here so far, and when the sample began (for `auto`). */
  private claims = 0;
  private since = 0;
  private readonly even = process.env.DOCSMITH_CHECK_SHARES === 'even';
  private claimOwn: ((pageCount: number) => number) | undefined;

  constructor(
    private readonly rootUri: string,
    private readonly settings: LanguageServiceSettings,
    private readonly requested: number | 'auto',
    private readonly script: string,
    private readonly cache?: CacheArguments,
    private readonly parserTimeoutMs?: number,
  ) {}

  claim(pageCount: number): number {
    if (!this.started) {
      if (this.requested !== 'auto') this.start(pageCount, threadsFor(this.requested, pageCount));
      else if (this.claims === SAMPLE_FROM) this.since = performance.now();
      else if (this.claims === SAMPLE_TO)
        this.start(pageCount, threadsFor('auto', pageCount - SAMPLE_FROM, SAMPLE_TO - SAMPLE_FROM, performance.now() - this.since));
    }
    this.claims++;
    return this.claimOwn ? this.claimOwn(pageCount) : Atomics.add(this.counter, 0, 1);
  }

  private start(pageCount: number, threads: number): void {
    this.started = true;
    for (let i = 1; i < threads; i++) this.workers.push(this.spawn(pageCount, i, threads));
    if (this.even && this.claims === 0) this.claimOwn = evenClaims(0, threads);
  }

  async exchange(anchors: () => SharedAnchors): Promise<SharedAnchors> {
    if (this.workers.length === 0) return [];
    const mine = anchors();
    const theirs = await Promise.all(this.workers.map(({ anchors: sent }) => sent));
    for (const [index, { worker }] of this.workers.entries())
      worker.postMessage([...mine, ...theirs.filter((_, other) => other !== index).flat()]);
    return theirs.flat();
  }

  /** The workers' findings, in the order the workers started (each worker's in its check order). */
  async finish(): Promise<ShareOutcome[]> {
    try {
      return await Promise.all(this.workers.map(({ done }) => done));
    } finally {
      this.workers = [];
    }
  }

  /** Stops the workers (the main share failed). */
  stop(): void {
    for (const { worker } of this.workers) void worker.terminate();
    this.workers = [];
  }

  private spawn(pageCount: number, share: number, shares: number) {
    const data: ShareData = {
      docsmithCheckShare: true,
      rootUri: this.rootUri,
      settings: this.settings,
      pageCount,
      counter: this.counter,
      cache: this.cache,
      share,
      shares,
      even: this.even,
      parserTimeoutMs: this.parserTimeoutMs,
    };
    const worker = new Worker(this.script, { workerData: data });
    let gotAnchors!: (anchors: SharedAnchors) => void;
    let gotDone!: (outcome: ShareOutcome) => void;
    let failed!: (error: Error) => void;
    const failure = new Promise<never>((_, reject) => (failed = reject));
    failure.catch(() => undefined); // reported through the promises below
    const anchors = Promise.race([new Promise<SharedAnchors>((resolve) => (gotAnchors = resolve)), failure]);
    const done = Promise.race([new Promise<ShareOutcome>((resolve) => (gotDone = resolve)), failure]);
    anchors.catch(() => undefined);
    done.catch(() => undefined);
    worker.on('message', (message: FromWorker) => {
      if (message.kind === 'anchors') gotAnchors(message.anchors);
      else gotDone(message);
    });
    worker.on('error', (error) => failed(new Error(`a check thread failed: ${error.message}`)));
    worker.on('exit', (code) => failed(new Error(`a check thread stopped before it was done (exit code ${code})`)));
    return { worker, anchors, done };
  }
}

/** A worker's share: checks the pages it claims, trades anchors with the main thread, sends its findings. */
export async function runShare(data: ShareData): Promise<void> {
  const port = parentPort!;
  // The main thread has warned of what its own parser found: this one's notices are not repeated.
  if (data.parserTimeoutMs) useParserTimeout(data.parserTimeoutMs);
  const workspace = new FsWorkspace();
  const service = createLanguageService({ workspace, settings: data.settings });
  // The main thread has warned of the cache file already: its warnings are not repeated here.
  const cache =
    data.cache && new FileCheckCache(data.cache.location, workspace, data.cache.salt, () => {}, data.cache.started, data.cache.folder);
  const others = new Promise<SharedAnchors>((resolve) => port.once('message', resolve));
  const own = data.even ? evenClaims(data.share, data.shares) : () => Atomics.add(data.counter, 0, 1);
  const share: SiteShares = {
    first: false,
    // A site that changed between the loads (another page count) is left to the main thread.
    claim: (pageCount) => (pageCount === data.pageCount ? own(pageCount) : Number.MAX_SAFE_INTEGER),
    exchange: (anchors) => {
      port.postMessage({ kind: 'anchors', anchors: anchors() } satisfies FromWorker);
      return others;
    },
  };
  const result = await service.checkSite(data.rootUri, { cache, token: NOT_CANCELLED, shares: share });
  port.postMessage({
    kind: 'done',
    diagnostics: [...result.diagnostics],
    filesChecked: result.filesChecked,
    reused: result.reused,
    cache: cache?.learnt(),
  } satisfies FromWorker);
}

export function isShareData(data: unknown): data is ShareData {
  return typeof data === 'object' && data !== null && (data as Partial<ShareData>).docsmithCheckShare === true;
}
