// npm start: the demo. Starts the local export server with demo data, prints the `docsmith check` and
// `docsmith gaps` reports for examples/site, then (unless --no-editor) starts VS Code (code-server)
// with the packaged extension on a copy of the demo site, configured for the local server, and prints
// the URL to open. It installs what it needs the first time (scripts/provision-e2e.sh) and reuses it.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { codeServerArgs } from './codeServerArgs.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(root, 'dist/cli.js');
const noEditor = process.argv.includes('--no-editor');
// Bold only in a terminal: piped or in CI, plain text (and never with NO_COLOR).
const bold = process.stdout.isTTY && !process.env.NO_COLOR;
const say = (message) => console.log(bold ? `\x1b[1m[docsmith demo]\x1b[0m ${message}` : `[docsmith demo] ${message}`);
const children = [];
/** Folders made for this run (the copy of the demo site), removed on every way out. */
const made = [];
const stopAll = () => {
  children.forEach((child) => {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      child.kill('SIGTERM');
    }
  });
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
};
process.on('exit', stopAll);
// A failure says what failed, without a stack trace, and still cleans up (through 'exit').
const fail = (error) => {
  say(`stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));

function startDetached(command, args, options = {}) {
  const child = spawn(command, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.push(child);
  return child;
}

function waitForLine(child, pattern, what, timeoutMs = 60000) {
  return new Promise((done, fail) => {
    let log = '';
    const timer = setTimeout(() => fail(new Error(`${what} did not start:\n${log}`)), timeoutMs);
    const onData = (chunk) => {
      log += chunk;
      const match = pattern.exec(log);
      if (match) {
        clearTimeout(timer);
        done(match);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${what} exited with ${code}:\n${log}`)));
  });
}

// The editor's port first: a taken PORT is said at once, before a build of half a minute.
const port = noEditor ? undefined : await editorPort();
say('building');
if (spawnSync('npm', ['run', '--silent', 'build'], { cwd: root, stdio: 'inherit' }).status !== 0)
  fail(new Error('the build failed (see above).'));
say('starting the local analytics export server (demo data, key mint_demo_key, project demo)');
const mock = startDetached(process.execPath, [cli, 'mock-server', '--port', '0', '--seed', '1', '--conversations', '240']);
const [, mockUrl] = await waitForLine(mock, /listening on (http:\/\/\S+)/, 'the export server');
say(`export server: ${mockUrl} (its OpenAPI description: ${mockUrl}/openapi.json)`);

console.log(`\n$ docsmith check examples/site\n`);
const check = spawnSync(process.execPath, [cli, 'check', 'examples/site'], { cwd: root, stdio: 'inherit' });
console.log(
  check.status === 1 ? '\n(The demo site has deliberate problems, so docsmith check exits 1; 0 on a clean site, 2 on a usage error.)' : '',
);

console.log(`\n$ DOCSMITH_API_KEY=mint_demo_key docsmith gaps --project demo --base-url ${mockUrl} --docs examples/site\n`);
spawnSync(process.execPath, [cli, 'gaps', '--project', 'demo', '--base-url', mockUrl, '--docs', 'examples/site'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DOCSMITH_API_KEY: 'mint_demo_key' },
});

if (noEditor) {
  say('--no-editor: done.');
  process.exit(0);
}

if (!existsSync(join(root, '.e2e/.provisioned')))
  say("first run: installing code-server (VS Code 1.100) and Chromium's dependencies into .e2e/ (about 2 minutes, once)");
const provision = spawnSync('node', ['scripts/ensure-e2e.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DOCSMITH_SKIP_E2E: '' },
});
if (provision.status !== 0) {
  say('could not install code-server; the reports above still stand. Run with --no-editor to skip the editor.');
  process.exit(1);
}
say('packaging the extension (npm run package)');
const packaged = spawnSync('node', ['scripts/package.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
if (packaged.status !== 0) process.exit(1);
const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const vsix = join(root, `${name}-${version}.vsix`);

const demo = join(root, '.e2e/demo');
const userData = join(demo, 'user-data');
const extensions = join(demo, 'extensions');
mkdirSync(join(userData, 'User'), { recursive: true });
const site = mkdtempSync(join(tmpdir(), 'docsmith-demo-site-'));
made.push(site);
cpSync(join(root, 'examples/site'), site, { recursive: true });
mkdirSync(join(site, '.vscode'), { recursive: true });
writeFileSync(
  join(site, '.vscode/settings.json'),
  JSON.stringify({ 'docsmith.analytics.projectId': 'demo', 'docsmith.analytics.baseUrl': mockUrl }, null, 2),
);
// The demo opens trusted (it is our own example) and without the Get Started walkthrough.
writeFileSync(
  join(userData, 'User/settings.json'),
  JSON.stringify(
    {
      'workbench.startupEditor': 'none',
      'workbench.welcomePage.walkthroughs.openOnInstall': false,
      'security.workspace.trust.enabled': false,
    },
    null,
    2,
  ),
);
writeFileSync(join(demo, 'config.yaml'), '');
const codeServer = join(root, '.e2e/node_modules/.bin/code-server');
say('installing the .vsix into code-server');
spawnSync(codeServer, ['--user-data-dir', userData, '--extensions-dir', extensions, '--install-extension', vsix, '--force'], {
  stdio: 'ignore',
});
// code-server's sockets and scratch files go in a folder of the demo's own, removed on exit.
const scratch = mkdtempSync(join(tmpdir(), 'docsmith-demo-tmp-'));
made.push(scratch);
const editor = startDetached(
  codeServer,
  codeServerArgs({ config: join(demo, 'config.yaml'), port, userDataDir: userData, extensionsDir: extensions, workspace: site }),
  { env: { ...process.env, TMPDIR: scratch } },
);
await waitForLine(editor, /HTTP server listening/, 'code-server');
console.log('');
say(`VS Code is ready: open http://127.0.0.1:${port}/?folder=${encodeURIComponent(site)}`);
say('then run "Docsmith: Set Admin API Key" (F1) with the key mint_demo_key, and refresh the Docs Gaps view in the Explorer.');
say(`the demo site is a copy in ${site}; Ctrl-C stops VS Code and the export server.`);
await new Promise(() => undefined);

/** Whether a port of 127.0.0.1 is free to listen on. */
function isFree(port) {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/**
 * PORT when given (an error naming it when it is taken); else 8080, or a free port when 8080 is
 * taken (by another `npm start`, say), and it says so.
 */
async function editorPort() {
  if (process.env.PORT) {
    if (await isFree(Number(process.env.PORT))) return process.env.PORT;
    throw new Error(`port ${process.env.PORT} is taken (another npm start?); choose another with PORT=9000 npm start.`);
  }
  if (await isFree(8080)) return '8080';
  const port = await new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => done(free));
    });
  });
  say(`port 8080 is taken (another npm start?), so VS Code uses ${port}; PORT=9000 npm start chooses one.`);
  return String(port);
}
