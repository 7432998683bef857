import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { ESLint } from 'eslint';

/**
 * The layers are kept by ESLint rules (eslint.config.mjs), and `npm run lint` runs in `npm test`. These
 * tests show each rule bites: an import that crosses a layer, linted as if it were in that file.
 */
const eslint = new ESLint({ cwd: resolve(__dirname, '../..') });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(__dirname, '../..', file) });
  return result.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

test('outside the service, only its public index may be imported', async () => {
  assert.equal(
    (await restricted('server/src/cli/x.ts', "import { pathToUri } from '../service/uri';\nexport const x = pathToUri;")).length,
    1,
  );
  assert.equal(
    (
      await restricted(
        'client/src/gaps/x.ts',
        "import type { SiteState } from '../../../server/src/service/siteState';\nexport type X = SiteState;",
      )
    ).length,
    1,
  );
  assert.deepEqual(await restricted('server/src/cli/x.ts', "import { pathToUri } from '../service';\nexport const x = pathToUri;"), []);
});

test('outside gap review, only its public index may be imported', async () => {
  assert.equal(
    (
      await restricted(
        'client/src/gaps/x.ts',
        "import { mostAsked } from '../../../server/src/analytics/gaps/repeats';\nexport const x = mostAsked;",
      )
    ).length,
    1,
  );
  assert.equal(
    (await restricted('server/src/cli/x.ts', "import { buildGapReport } from '../analytics/gapReport';\nexport const x = buildGapReport;"))
      .length,
    1,
  );
  assert.deepEqual(
    await restricted('server/src/cli/x.ts', "import { buildGapReport } from '../analytics';\nexport const x = buildGapReport;"),
    [],
  );
  assert.deepEqual(
    await restricted('server/src/analytics/gaps/x.ts', "import { buildGapReport } from '../gapReport';\nexport const x = buildGapReport;"),
    [],
    'inside, the folder imports its own files',
  );
});

test('the language service imports no vscode, no file system, no network, nothing above it', async () => {
  for (const code of [
    "import * as vscode from 'vscode';",
    "import { readFileSync } from 'node:fs';",
    "import { readFileSync } from 'fs';",
    "import { request } from 'node:https';",
    "import { fetchAllConversations } from '../analytics/client';",
    "import { runCheck } from '../../cli/check';",
  ])
    assert.equal((await restricted('server/src/service/docsJson/x.ts', `${code}\nexport {};`)).length, 1, code);
  assert.deepEqual(
    await restricted('server/src/service/docsJson/x.ts', "import { trimEndOf } from '../../common/text';\nexport const x = trimEndOf;"),
    [],
  );
});

test('the language service uses only the packages on its allow-list', async () => {
  for (const name of ['lodash', 'undici', 'vscode-languageserver', 'jsonc-parser/lib/umd/main'])
    assert.equal((await restricted('server/src/service/x.ts', `import * as m from '${name}';\nexport const x = m;`)).length, 1, name);
  for (const name of ['jsonc-parser', 'vscode-languageserver-types', './uri'])
    assert.deepEqual(await restricted('server/src/service/x.ts', `import * as m from '${name}';\nexport const x = m;`), [], name);
});

test("the language service's own imports stay inside it, common/, generated/ and schemas/", () => {
  const root = resolve(__dirname, '../..');
  const allowed = ['server/src/service/', 'server/src/common/', 'server/src/generated/', 'schemas/'].map((folder) => join(root, folder));
  const outside: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (path.endsWith('.ts'))
        for (const { fileName } of ts.preProcessFile(readFileSync(path, 'utf8'), true, true).importedFiles)
          if (fileName.startsWith('.') && !allowed.some((folder) => resolve(dirname(path), fileName).startsWith(folder)))
            outside.push(`${relative(root, path)}: ${fileName}`);
    }
  };
  visit(join(root, 'server/src/service'));
  assert.deepEqual(outside, []);
});

test('only client/ imports vscode', async () => {
  assert.equal((await restricted('server/src/lsp/x.ts', "import * as vscode from 'vscode';\nexport const x = vscode;")).length, 1);
  assert.deepEqual(await restricted('client/src/x.ts', "import * as vscode from 'vscode';\nexport const x = vscode;"), []);
});

test('61.1: inside the service, a folder imports only the layers below it (SERVICE_LAYERS, docs/architecture.md)', async () => {
  for (const [file, code] of [
    ['server/src/service/check/x.ts', "import type { SiteState } from '../session/siteState';\nexport type X = SiteState;"],
    ['server/src/service/pages/rules/x.ts', "import { checkPage } from '../../session/checkPage';\nexport const x = checkPage;"],
    ['server/src/service/mdx/x.ts', "import type { ConfigDocument } from '../docsJson/configDocument';\nexport type X = ConfigDocument;"],
    [
      'server/src/service/settings.ts',
      "import { createLanguageService } from './languageService';\nexport const x = createLanguageService;",
    ],
  ]) {
    const messages = await restricted(file, code);
    assert.equal(messages.length, 1, `${file}: ${code}`);
    assert.match(messages[0], /in the service's layers/);
  }
  for (const [file, code] of [
    ['server/src/service/session/x.ts', "import type { PageContext } from '../pages/pageContext';\nexport type X = PageContext;"],
    ['server/src/service/pages/rules/x.ts', "import { LineTable } from '../../../common/lineTable';\nexport const x = LineTable;"],
    ['server/src/service/session/incremental/x.ts', "import type { SiteState } from '../siteState';\nexport type X = SiteState;"],
  ])
    assert.deepEqual(await restricted(file, code), [], `${file}: ${code}`);
});

test('61.1: no file of the service imports a layer above its own', async () => {
  const results = await eslint.lintFiles(['server/src/service/**/*.ts']);
  const upward = results.flatMap((result) =>
    result.messages
      .filter((message) => /in the service's layers/.test(message.message))
      .map((message) => `${result.filePath}: ${message.message}`),
  );
  assert.deepEqual(upward, []);
  assert.ok(results.length > 150, `${results.length} files linted`);
});

test('61.1: every folder and root file of the service has its place in the layers', async () => {
  const { SERVICE_LAYERS } = (await import(resolve(__dirname, '../../eslint.config.mjs'))) as { SERVICE_LAYERS: string[] };
  const service = resolve(__dirname, '../../server/src/service');
  const units = readdirSync(service, { withFileTypes: true }).map((entry) =>
    entry.isDirectory() ? entry.name : entry.name.replace(/\.ts$/, ''),
  );
  assert.deepEqual(
    units.filter((unit) => !SERVICE_LAYERS.includes(unit)),
    [],
  );
  assert.deepEqual(
    SERVICE_LAYERS.filter((unit) => !units.includes(unit)),
    [],
  );
});
