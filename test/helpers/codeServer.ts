import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { tempDir } from './tempDir';
import { codeServerArgs } from '../../scripts/codeServerArgs.mjs';

export const REPO = resolve(__dirname, '../..');
export const E2E = join(REPO, '.e2e/node_modules');
export const CODE_SERVER = join(E2E, '.bin/code-server');
export const CHROMIUM = '/usr/bin/chromium';

/** Why the e2e suites cannot run here, or undefined when they can (scripts/provision-e2e.sh installs it all). */
export function e2eUnavailable(): string | undefined {
  if (process.env.DOCSMITH_SKIP_E2E === '1') return 'DOCSMITH_SKIP_E2E=1';
  // Why scripts/ensure-e2e.mjs could not provision here (no apt-get, not root, a failed install).
  const why = join(REPO, '.e2e/UNAVAILABLE');
  if (existsSync(why)) return readFileSync(why, 'utf8').trim();
  if (!existsSync(CODE_SERVER)) return `code-server is not provisioned (${CODE_SERVER}); run scripts/provision-e2e.sh`;
  if (!existsSync(CHROMIUM)) return `${CHROMIUM} is missing; run scripts/provision-e2e.sh`;
  return undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface CodeServer {
  port: number;
  url: string;
  process: ChildProcess;
  log(): string;
  stop(): Promise<void>;
}

/**
 * A home of its own for code-server and Chromium under `dir` (in /tmp): their config, cache and data
 * (code-server's config.yaml, VS Code's device id, Chromium's crash reports) go there, not into the
 * user's home.
 */
export function isolatedHome(dir: string): Record<string, string> {
  return {
    HOME: join(dir, 'home'),
    XDG_CONFIG_HOME: join(dir, 'home/.config'),
    XDG_CACHE_HOME: join(dir, 'home/.cache'),
    XDG_DATA_HOME: join(dir, 'home/.local/share'),
  };
}

/**
 * Starts code-server on a workspace folder with a fresh user-data dir, in its own process group, so
 * stopping it also stops the extension host and the language server.
 */
export async function startCodeServer(
  workspace: string,
  options: { env?: Record<string, string>; extensionsDir?: string; userDataDir?: string; trust?: boolean } = {},
): Promise<CodeServer> {
  const port = await freePort();
  const dir = tempDir('docsmith-cs-');
  await writeFile(join(dir, 'config.yaml'), '');
  const userData = options.userDataDir ?? join(dir, 'ud');
  const args = codeServerArgs({
    config: join(dir, 'config.yaml'),
    port,
    userDataDir: userData,
    extensionsDir: options.extensionsDir ?? join(dir, 'exts'),
    workspace,
    trust: options.trust !== false,
  });
  // Its IPC sockets go in a temporary folder of its own, removed with the others when the tests end.
  const tmp = join(dir, 'tmp');
  await mkdir(tmp, { recursive: true });
  const child = spawn(CODE_SERVER, args, {
    detached: true,
    env: { ...process.env, ...isolatedHome(dir), TMPDIR: tmp, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout!.on('data', (chunk) => (log += chunk));
  child.stderr!.on('data', (chunk) => (log += chunk));
  await new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`code-server did not start in 30 s:\n${log}`)), 30000);
    const check = () => {
      if (log.includes('HTTP server listening')) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`code-server exited with ${code}:\n${log}`));
    });
  });
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    process: child,
    log: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Playwright (from .e2e/) driving Debian's Chromium, headless. */
export async function launchBrowser() {
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: CHROMIUM,
    env: { ...process.env, ...isolatedHome(tempDir('docsmith-chromium-')) },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The workbench URL for a folder, with the pairs of the `payload` query (skipWelcome always). */
export function workbenchUrl(server: CodeServer, folder: string, pairs: [string, string][] = []): string {
  const payload = [['skipWelcome', 'true'], ...pairs];
  return `${server.url}/?folder=${encodeURIComponent(folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/** A path as the workbench sees a remote file: `vscode-remote://127.0.0.1:PORT/abs/path`. */
export function remoteUri(server: CodeServer, path: string): string {
  return `vscode-remote://127.0.0.1:${server.port}${path}`;
}

/**
 * Runs an extension-host suite (a mocha `run()` module under dist-test/) in code-server on a copy of
 * examples/site, the extension loaded from this folder. Returns the exit code and what the suite logged.
 */
export async function runExtensionHostSuite(
  suite: string,
  options: { env?: Record<string, string>; trust?: boolean } = {},
): Promise<{ code: number; lines: string[]; serverLog: string }> {
  const { cp, mkdtemp, rm } = await import('node:fs/promises');
  const { format } = await import('node:util');
  const workspace = await mkdtemp(join(tmpdir(), 'docsmith-site-'));
  await cp(join(REPO, 'examples/site'), workspace, { recursive: true });
  const server = await startCodeServer(workspace, options);
  const browser = await launchBrowser();
  const lines: string[] = [];
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(15000);
    await page.exposeFunction(
      'codeAutomationLog',
      (_type: string, args: unknown[]) => void lines.push(format(...(args as [unknown, ...unknown[]]))),
    );
    const exit = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
    await page.goto(
      workbenchUrl(server, workspace, [
        ['extensionDevelopmentPath', remoteUri(server, REPO)],
        ['extensionTestsPath', remoteUri(server, join(REPO, 'dist-test', suite))],
      ]),
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>(
      (_, fail) => (timer = setTimeout(() => fail(new Error(`the ${suite} suite did not finish in 150 s`)), 150000)),
    );
    const code = await Promise.race([exit, timeout]).finally(() => clearTimeout(timer));
    return { code, lines, serverLog: server.log() };
  } finally {
    await browser.close();
    await server.stop();
    await rm(workspace, { recursive: true, force: true });
  }
}
