import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { tempDir } from '../helpers/tempDir';

/**
 * What `npm pack` makes (from the built dist/, as `npm test` leaves it) installs into an empty folder
 * with nothing else, and its `docsmith` runs `check`, `mock-server` and `gaps`.
 */
const REPO = resolve(__dirname, '../..');
const example = join(REPO, 'examples/site');
let bin: string;
let packed: string[];

function npm(args: string[], cwd: string): string {
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' });
  assert.equal(result.status, 0, `npm ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

before(() => {
  const out = tempDir();
  // --ignore-scripts: the suite already built dist/; a prepack build would rewrite it under other tests.
  const [info] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', out], REPO));
  packed = info.files.map((file: { path: string }) => file.path).sort();
  const project = tempDir();
  writeFileSync(join(project, 'package.json'), '{ "private": true }\n');
  npm(['install', '--offline', join(out, info.filename)], project);
  bin = join(project, 'node_modules/.bin/docsmith');
});

function run(args: string[], env: Record<string, string> = {}): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(bin, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

test('the tarball holds the CLI, language server, gap worker and parser worker bundles, the notices of what they bundle, the README and the licence, and nothing else', () => {
  assert.deepEqual(packed, [
    'LICENSE',
    'README.md',
    'dist/THIRD_PARTY_NOTICES.md',
    'dist/cli-gaps.js',
    'dist/cli.js',
    'dist/english-words.js',
    'dist/gapWorker.js',
    'dist/mdx-reference.js',
    'dist/openapi-overlays.js',
    'dist/parserWorker.js',
    'dist/server.js',
    'dist/stopwords.js',
    'package.json',
  ]);
  assert.ok(existsSync(bin));
});

test('the installed docsmith checks a site', () => {
  const result = run(['check', example, '--format', 'json']);
  assert.equal(result.status, 1, result.stderr);
  const report = JSON.parse(result.stdout);
  assert.ok(report.diagnostics.some((d: { code: string }) => d.code === 'nav/page-not-found'));
  assert.match(run(['--version']).stdout, /^\d+\.\d+\.\d+/);
});

let server: ChildProcess;
after(() => server?.kill('SIGTERM'));

test('the installed docsmith serves the mock export API and reports gaps from it', async () => {
  server = spawn(
    bin,
    ['mock-server', '--port', '0', '--key', 'mint_pack_key', '--project', 'acme', '--seed', '2', '--conversations', '40'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const url = await new Promise<string>((done, fail) => {
    let out = '';
    server.stdout!.on('data', (chunk) => {
      out += chunk;
      const found = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1];
      if (found) done(found);
    });
    server.once('exit', (code) => fail(new Error(`mock-server exited ${code}`)));
  });
  const result = await new Promise<{ status: number | null; stdout: string }>((done) => {
    const child = spawn(bin, ['gaps', '--project', 'acme', '--base-url', url, '--docs', example, '--format', 'json'], {
      env: { ...process.env, DOCSMITH_API_KEY: 'mint_pack_key' },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('close', (status) => done({ status, stdout }));
  });
  assert.equal(result.status, 0);
  const report = JSON.parse(result.stdout);
  assert.equal(report.fetched, 40);
  assert.ok(report.unanswered > 0 && report.conversations.length === report.unanswered, result.stdout.slice(0, 300));
});
