import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/**
 * The platform's own packages, installed by scripts/provision-oracle.mjs into .oracle/ for the
 * differential tests only. Each loader returns undefined with a reason when they are not there.
 */
export const ORACLE_DIR = resolve(__dirname, '../../.oracle');

export type JsonPath = (string | number)[];

export interface PlatformVerdict {
  accepted: boolean;
  /** Where the platform rejects the file (zod issue paths), with its messages. */
  issues: { path: JsonPath; message: string }[];
  /** Keys the platform accepts but drops from what it keeps (only when accepted). */
  dropped: JsonPath[];
}

/** Why the oracle cannot be used, or undefined when it can. */
export function oracleUnavailable(): string | undefined {
  const marker = join(ORACLE_DIR, 'UNAVAILABLE');
  if (existsSync(marker)) return readFileSync(marker, 'utf8').trim();
  if (!existsSync(join(ORACLE_DIR, 'node_modules/@mintlify/validation/package.json')))
    return 'the platform packages are not installed in .oracle/ (run: node scripts/provision-oracle.mjs)';
  return undefined;
}

async function load<T>(name: string, entry: string): Promise<T> {
  return (await import(pathToFileURL(join(ORACLE_DIR, 'node_modules', name, entry)).href)) as T;
}

type ValidationResult = { success: boolean; data?: unknown; error?: { issues: { path: JsonPath; message: string }[] } };

interface ValidationModule {
  validateDocsConfig(value: unknown): ValidationResult;
  /** The validation of a site made of several repositories, whose navigation may hold `{ sourceRef }` elements. */
  validateSourceRefDocsConfig(value: unknown): ValidationResult;
  resolveRefs(value: unknown, read: (path: string) => Promise<string>): Promise<{ resolved: unknown }>;
}

let validation: Promise<ValidationModule> | undefined;
export function platformValidation(): Promise<ValidationModule> {
  return (validation ??= load<ValidationModule>('@mintlify/validation', 'dist/index.js'));
}

/** What the platform's validator says of a (resolved) docs.json value. */
export async function platformVerdict(value: unknown): Promise<PlatformVerdict> {
  const { validateDocsConfig } = await platformValidation();
  const result = validateDocsConfig(value);
  if (!result.success)
    return {
      accepted: false,
      issues: result.error?.issues.map((issue) => ({ path: issue.path, message: issue.message })) ?? [],
      dropped: [],
    };
  const dropped: JsonPath[] = [];
  droppedKeys(value, result.data, [], dropped);
  return { accepted: true, issues: [], dropped };
}

/** Keys of `input` objects that the validated `output` no longer has, walking both in parallel. */
function droppedKeys(input: unknown, output: unknown, path: JsonPath, dropped: JsonPath[]): void {
  if (Array.isArray(input)) {
    if (Array.isArray(output)) input.forEach((item, index) => droppedKeys(item, output[index], [...path, index], dropped));
    return;
  }
  if (!input || typeof input !== 'object' || !output || typeof output !== 'object' || Array.isArray(output)) return;
  for (const [key, value] of Object.entries(input)) {
    if ((output as Record<string, unknown>)[key] === undefined)
      dropped.push([...path, key]); // absent, or set to undefined by a `.catch`
    else droppedKeys(value, (output as Record<string, unknown>)[key], [...path, key], dropped);
  }
}

/** A docs.json with its `$ref`s resolved by the platform's own resolver. */
export async function platformResolve(root: string): Promise<unknown> {
  const { resolveRefs } = await platformValidation();
  const raw = JSON.parse(readFileSync(join(root, 'docs.json'), 'utf8'));
  return (await resolveRefs(raw, async (path) => readFileSync(join(root, path), 'utf8'))).resolved;
}

interface PrebuildModule {
  getMintIgnore(root: string): Promise<string[]>;
  categorizeFilePaths(root: string, mintIgnore: string[], disableOpenApi?: boolean): Promise<{ contentFilenames: string[] }>;
}

/**
 * The pages the platform's build publishes for a docs root, and how it resolves a navigation entry to
 * one of them: by its path without extension, or (as it serves folders) by the folder's index page.
 */
export async function platformPages(root: string): Promise<{ files: string[]; resolve(id: string): string | null }> {
  const prebuild = await load<PrebuildModule>('@mintlify/prebuild', 'dist/index.js');
  const mintIgnore = await prebuild.getMintIgnore(root);
  const { contentFilenames } = await quietly(() => prebuild.categorizeFilePaths(root, mintIgnore, true));
  const bySlug = new Map<string, string>();
  for (const file of contentFilenames) {
    const relative = file.replace(/^\//, '');
    const slug = relative.replace(/\.mdx?$/, '');
    // Both x.mdx and x.md: the platform's map keeps the one written last; Docsmith prefers .mdx.
    if (!bySlug.has(slug) || relative.endsWith('.mdx')) bySlug.set(slug, relative);
  }
  return {
    files: contentFilenames.map((file) => file.replace(/^\//, '')),
    resolve: (id) => bySlug.get(trimTrailingSlashes(id)) ?? bySlug.get(id === '' ? 'index' : `${id}/index`) ?? null,
  };
}

/** Runs platform code with its console output held back (it logs what it finds). */
async function quietly<T>(work: () => Promise<T>): Promise<T> {
  const saved = { log: console.log, warn: console.warn, error: console.error };
  console.log = console.warn = console.error = () => {};
  try {
    return await work();
  } finally {
    Object.assign(console, saved);
  }
}

function trimTrailingSlashes(id: string): string {
  let end = id.length;
  while (end > 0 && id[end - 1] === '/') end--;
  return id.slice(0, end);
}

/** A broken link as `mint broken-links` reports it: the file it is in and the URL as written. */
export interface PlatformBrokenLink {
  file: string;
  url: string;
}

/** One page as the link checker read it with the platform's MDX parser: the URLs it found and the anchors it computed, or its syntax error. */
export type PlatformPageRead = { file: string; urls: string[]; anchors: string[] } | { file: string; error: string };

export type PlatformLinkCheck = (
  { links: PlatformBrokenLink[]; redirects: { source: string; destination: string }[] } | { error: string }
) & { pages: PlatformPageRead[] };

/**
 * What the platform's link checker (`mint broken-links --check-anchors --check-snippets`, whose engine
 * is @mintlify/link-rot) reports for a docs root: broken links and broken redirects, or the error it
 * stops on; and how it read each page. Remote specs are not fetched (this machine is offline; Docsmith does not fetch them
 * either). Each root is checked in a child process (linkRotWorker.mjs), so several run side by side.
 */
export async function platformBrokenLinks(root: string): Promise<PlatformLinkCheck> {
  const { stdout } = await execFileAsync(process.execPath, [join(__dirname, 'linkRotWorker.mjs'), root], { maxBuffer: 256 * 1024 * 1024 });
  return JSON.parse(stdout) as PlatformLinkCheck;
}

interface FrontMatterReaders {
  /** The platform's reader (`parseFrontmatter` of @mintlify/common is this package, as it reads page metadata). */
  platform(text: string): { attributes: unknown; body: string };
  /** gray-matter, with js-yaml 4 as its YAML engine (as the design would use it). */
  grayMatter(text: string): { data: unknown; content: string };
}

/** The front-matter readers the differential test compares Docsmith's split with. */
export function frontMatterReaders(): FrontMatterReaders {
  const require = createRequire(join(ORACLE_DIR, 'package.json'));
  const platform = require('front-matter') as (text: string) => { attributes: unknown; body: string };
  const matter = require('gray-matter') as (text: string, options: unknown) => { data: unknown; content: string };
  const yaml = require(join(ORACLE_DIR, '..', 'node_modules', 'js-yaml')) as { load(text: string): unknown };
  return {
    platform,
    // Called with options, gray-matter keeps no cache of texts.
    grayMatter: (text) => matter(text, { engines: { yaml: (source: string) => yaml.load(source) } }),
  };
}
