import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolve } from 'node:path';
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

test('only client/ imports vscode', async () => {
  assert.equal((await restricted('server/src/lsp/x.ts', "import * as vscode from 'vscode';\nexport const x = vscode;")).length, 1);
  assert.deepEqual(await restricted('client/src/x.ts', "import * as vscode from 'vscode';\nexport const x = vscode;"), []);
});
