import { test } from 'node:test';
import assert from 'node:assert/strict';
import { builtinModules } from 'node:module';
import * as esbuild from 'esbuild';
// @ts-expect-error: a build script in JavaScript, without types
import { NODE_BUILTINS, WEB_BUDGETS, webContexts } from '../../scripts/webBuild.mjs';

/**
 * The browser build (github.dev, vscode.dev) runs where there is no Node: neither of its bundles may
 * import a Node built-in, and each stays within its size budget. Built here as `npm run build` builds
 * them (scripts/webBuild.mjs), in memory, with esbuild's metafile read.
 */
const builds = Promise.all(
  (webContexts({ outdir: 'dist-test-web' }) as esbuild.BuildOptions[]).map((options) =>
    esbuild.build({ ...options, write: false, metafile: true, sourcemap: false, logLevel: 'silent' }),
  ),
);
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`), ...(NODE_BUILTINS as string[])]);

test('the web bundles import no Node built-in: nothing left external but vscode, no input from Node', async () => {
  for (const { metafile } of await builds) {
    for (const [output, { imports }] of Object.entries(metafile!.outputs)) {
      const external = imports.filter((imported) => imported.external).map((imported) => imported.path);
      assert.deepEqual(
        external.filter((path) => path !== 'vscode'),
        [],
        `${output} leaves these to the host, which has no Node`,
      );
    }
    for (const [input, { imports }] of Object.entries(metafile!.inputs)) {
      assert.ok(!builtins.has(input), `${input} is a Node built-in`);
      for (const imported of imports) assert.ok(!builtins.has(imported.path), `${input} imports ${imported.path}`);
    }
  }
});

test('a Node built-in imported by the web build fails the check: the build refuses it', async () => {
  const [server] = webContexts({ outdir: 'dist-test-web' }) as esbuild.BuildOptions[];
  await assert.rejects(
    esbuild.build({
      ...server,
      entryPoints: undefined,
      stdin: { contents: "import { readFileSync } from 'node:fs'; readFileSync('x');", resolveDir: '.', loader: 'ts' },
      write: false,
      logLevel: 'silent',
    }),
    /node:fs/,
  );
});

test('the web bundles stay within their size budgets', async () => {
  const sizes: Record<string, number> = {};
  for (const { metafile } of await builds)
    for (const [output, { bytes }] of Object.entries(metafile!.outputs)) {
      const name = Object.keys(WEB_BUDGETS).find((budgeted) => output.endsWith(budgeted));
      if (name) sizes[name] = bytes;
    }
  assert.deepEqual(Object.keys(sizes).sort(), Object.keys(WEB_BUDGETS).sort());
  for (const [name, bytes] of Object.entries(sizes))
    assert.ok(bytes <= (WEB_BUDGETS as Record<string, number>)[name], `${name}: ${bytes} bytes, over its budget`);
});

/** Node's globals, which a browser's worker lacks: a use that is not guarded fails there at run time (the bundle builds). */
const NODE_GLOBAL = /(?<![\w$.'"`])(?:Buffer|__dirname|__filename|setImmediate|require)\b(?!\s*[?:])|(?<![\w$.'"`?])process\.(?!env\b)/;

test("the web bundles' own sources use no Node global unguarded (Buffer, process, setImmediate, __dirname, require)", async () => {
  const { readFileSync } = await import('node:fs');
  const found: string[] = [];
  for (const { metafile } of await builds)
    for (const input of Object.keys(metafile!.inputs)) {
      if (!/^(?:server|client)\/src\/.*\.ts$/.test(input)) continue;
      readFileSync(input, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const comment = Math.min(...['//', '/*'].map((start) => line.indexOf(start)).filter((at) => at >= 0));
          const code = line.trimStart().startsWith('*') ? '' : line.slice(0, comment);
          // A guarded use names the global through globalThis or typeof first.
          if (NODE_GLOBAL.test(code) && !/globalThis|typeof /.test(code)) found.push(`${input}:${index + 1}: ${line.trim()}`);
        });
    }
  assert.deepEqual([...new Set(found)], []);
});
