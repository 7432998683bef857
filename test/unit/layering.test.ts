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
