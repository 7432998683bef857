import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  CodeAction,
  CompletionItem,
  Diagnostic,
  DocumentLink,
  Hover,
  Location,
  Position,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { startFixtureClient, type TestClient } from '../helpers/lspClient';

let client: TestClient;

before(async () => {
  client = await startFixtureClient();
});
after(() => client.dispose());

/** The position just after `needle` (plus `delta` characters) in `text`. */
function positionOf(text: string, needle: string, delta = 0): Position {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} not found`);
  return TextDocument.create('x', 'x', 0, text).positionAt(offset + needle.length + delta);
}

async function complete(relative: string, text: string, position: Position): Promise<CompletionItem[]> {
  await client.change(relative, text);
  const result = (await client.connection.sendRequest('textDocument/completion', {
    textDocument: { uri: client.uri(relative) },
    position,
  })) as CompletionItem[] | { items: CompletionItem[] };
  return Array.isArray(result) ? result : result.items;
}

async function diagnostics(relative: string): Promise<Diagnostic[]> {
  return (
    (await client.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: client.uri(relative) } })) as {
      items: Diagnostic[];
    }
  ).items;
}

test('completion in a pages array offers pages on disk, those not in navigation first', async () => {
  const text = await client.open('docs.json');
  const edited = text.replace('"pages": ["api-reference/introduction"]', '"pages": ["api-reference/introduction", ""]');
  const items = await complete('docs.json', edited, positionOf(edited, '"api-reference/introduction", "'));
  const labels = items.map((i) => i.label);
  assert.ok(labels.includes('guides/old-setup'), labels.join(', '));
  const sorted = [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
  assert.equal(sorted[0].detail, 'not in navigation yet');
  const oldSetup = items.find((i) => i.label === 'guides/old-setup')!;
  assert.equal((oldSetup.textEdit as { newText: string }).newText, '"guides/old-setup"');
  await client.change('docs.json', text);
});

test('completion under an openapi group offers its operations and spec-file forms', async () => {
  const text = await client.open('docs.json');
  const edited = text.replace('"GET /users", ', '"GET /users", "", ');
  const items = await complete('docs.json', edited, positionOf(edited, '"GET /users", "'));
  const labels = items.map((i) => i.label);
  assert.ok(labels.includes('DELETE /users/{userId}'), labels.join(', '));
  assert.ok(labels.includes('openapi.json GET /users'));
  assert.equal(items.find((i) => i.label === 'DELETE /users/{userId}')?.detail, 'Delete a user');
  await client.change('docs.json', text);
});

test('completion of keys and enum values comes from the schema, with snippets for integrations', async () => {
  const text = await client.open('docs.json');
  const withKey = text.replace('"ga4": {', '""\n    "ga4": {');
  const keys = await complete('docs.json', withKey, positionOf(withKey, '""\n', -2));
  const mixpanel = keys.find((i) => i.label === 'mixpanel');
  assert.ok(mixpanel, keys.map((i) => i.label).join(', '));
  assert.match((mixpanel!.textEdit as { newText: string }).newText, /^"mixpanel": \{\s*"projectToken": "\$\{1\}"\s*\}$/);
  assert.ok(!keys.some((i) => i.label === 'posthog'), 'keys already present are not offered');
  const existingValue = text.replace('"ga4": {', '"": {},\n    "ga4": {');
  const keyOnly = await complete('docs.json', existingValue, positionOf(existingValue, '"": {},', -6));
  assert.equal(
    (keyOnly.find((i) => i.label === 'mixpanel')!.textEdit as { newText: string }).newText,
    '"mixpanel"',
    'a key with a value keeps its value',
  );
  const theme = text.replace('"theme": "mint"', '"theme": ""');
  const values = await complete('docs.json', theme, positionOf(theme, '"theme": "'));
  assert.deepEqual(
    values
      .map((i) => i.label)
      .filter((l) => l.startsWith('"'))
      .sort()
      .slice(0, 3),
    ['"almond"', '"aspen"', '"linden"'],
  );
  await client.change('docs.json', text);
});

test('completion in front matter: keys, authMethod values, api methods and paths; ParamField names in the body', async () => {
  const page = 'api-reference/users/get-user.mdx';
  const text = await client.open(page);
  const keyText = text.replace('authMethod: "key"\n', 'authMethod: "key"\npla\n');
  const keys = await complete(page, keyText, positionOf(keyText, '\npla'));
  assert.ok(keys.some((i) => i.label === 'playground'));
  const valueText = text.replace('authMethod: "key"', 'authMethod: "');
  const values = await complete(page, valueText, positionOf(valueText, 'authMethod: "'));
  assert.deepEqual(
    values.map((i) => i.label),
    ['bearer', 'basic', 'key', 'cobo', 'none'],
  );
  const apiText = text.replace('api: "GET /users/{userId}"', 'api: "GET /us');
  const paths = await complete(page, apiText, positionOf(apiText, 'api: "GET /us'));
  assert.ok(
    paths.some((i) => i.label === '/users/{userId}'),
    paths.map((i) => i.label).join(', '),
  );
  const bodyText = text.replace('<ParamField path="userId"', '<ParamField path="');
  const params = await complete(page, bodyText, positionOf(bodyText, '<ParamField path="'));
  assert.deepEqual(
    params.map((i) => i.label),
    ['userId'],
  );
  await client.change(page, text);
});

test('hover: schema descriptions, a page title, an operation, an integration, the authMethod override', async () => {
  const text = await client.open('docs.json');
  const hover = async (relative: string, position: Position) =>
    (await client.connection.sendRequest('textDocument/hover', { textDocument: { uri: client.uri(relative) }, position })) as Hover | null;
  const value = (h: Hover | null) => (h?.contents as { value: string } | undefined)?.value ?? '';
  assert.match(value(await hover('docs.json', positionOf(text, '"them', 0))), /layout theme/);
  assert.match(value(await hover('docs.json', positionOf(text, '"guides/webh'))), /\*\*Webhooks\*\*\n\nReceive events from Acme\./);
  assert.match(value(await hover('docs.json', positionOf(text, '"GET /us'))), /\*\*GET \/users\*\* — List users[\s\S]*openapi\.json/);
  assert.match(value(await hover('docs.json', positionOf(text, '"postho'))), /PostHog integration[\s\S]*`apiKey` \(required\)/);
  const page = await client.open('api-reference/users/get-user.mdx');
  const auth = value(await hover('api-reference/users/get-user.mdx', positionOf(page, 'authMethod: "k')));
  assert.match(auth, /wins over `api\.mdx\.auth\.method` in docs\.json \(there: `key`\)/);
  const api = value(await hover('api-reference/users/get-user.mdx', positionOf(page, 'api: "GET /u')));
  assert.match(api, /GET https:\/\/api\.acme\.dev\/users\/\{userId\}/);
});

test('document links open pages and operations; definition goes to the operation in the spec', async () => {
  const text = await client.open('docs.json');
  const links = (await client.connection.sendRequest('textDocument/documentLink', {
    textDocument: { uri: client.uri('docs.json') },
  })) as DocumentLink[];
  assert.ok(links.some((l) => l.target === client.uri('guides/webhooks.mdx')));
  assert.ok(links.some((l) => l.target === `${client.uri('openapi.json')}`));
  assert.ok(links.some((l) => l.target?.startsWith(`${client.uri('openapi.json')}#L`)));
  const spec = await readFile(join(client.root, 'openapi.json'), 'utf8');
  const definition = (await client.connection.sendRequest('textDocument/definition', {
    textDocument: { uri: client.uri('docs.json') },
    position: positionOf(text, '"POST /us'),
  })) as Location[];
  assert.equal(definition[0].uri, client.uri('openapi.json'));
  const line = spec.split('\n')[definition[0].range.start.line];
  assert.match(line.slice(definition[0].range.start.character), /^"post"/);
  const page = (await client.connection.sendRequest('textDocument/definition', {
    textDocument: { uri: client.uri('docs.json') },
    position: positionOf(text, '"guides/webh'),
  })) as Location[];
  assert.equal(page[0].uri, client.uri('guides/webhooks.mdx'));
});

test('code actions: did-you-mean, create a missing page, remove a duplicate, add an orphan to a group, insert a ParamField', async () => {
  const text = await client.open('docs.json');
  const found = await diagnostics('docs.json');
  const actionsFor = async (relative: string, diagnostic: Diagnostic) =>
    (await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri: client.uri(relative) },
      range: diagnostic.range,
      context: { diagnostics: [diagnostic] },
    })) as CodeAction[];
  const missing = found.find((d) => d.code === 'nav/page-not-found')!;
  const missingActions = await actionsFor('docs.json', missing);
  assert.deepEqual(
    missingActions.map((a) => a.title),
    ['Change to guides/quickstart', 'Create guides/quikstart.mdx'],
  );
  assert.deepEqual(missingActions[0].edit!.changes![client.uri('docs.json')][0].newText, '"guides/quickstart"');
  const create = missingActions[1].edit!.documentChanges!;
  assert.deepEqual(create[0], { kind: 'create', uri: client.uri('guides/quikstart.mdx'), options: { ignoreIfExists: true } });
  const duplicate = found.find((d) => d.code === 'nav/duplicate-page')!;
  const [remove] = await actionsFor('docs.json', duplicate);
  const after = applyEdits(text, remove.edit!.changes![client.uri('docs.json')]);
  assert.ok(after.includes('"pages": ["guides/webhooks", "/guides/pagination"]'), after.split('\n')[21]);
  const unknown = found.find((d) => d.code === 'integrations/unknown-field')!;
  const unknownActions = await actionsFor('docs.json', unknown);
  assert.deepEqual(
    unknownActions.map((a) => a.title),
    ['Change to sessionRecording', 'Remove "sessionRecodring"'],
  );
  const removed = applyEdits(text, unknownActions[1].edit!.changes![client.uri('docs.json')]);
  assert.ok(removed.includes('"apiKey": "phc_demo1234567890"\n    },'), removed);

  await client.open('guides/old-setup.mdx');
  const orphan = (await diagnostics('guides/old-setup.mdx')).find((d) => d.code === 'nav/orphan-page')!;
  const groups = await actionsFor('guides/old-setup.mdx', orphan);
  // Groups holding the most pages of the same folder come first.
  assert.deepEqual(groups.map((a) => a.title).slice(0, 2), [
    'Add to navigation: Guides › Going further',
    'Add to navigation: Guides › Get started',
  ]);
  const added = applyEdits(text, groups[0].edit!.changes![client.uri('docs.json')]);
  assert.ok(
    added.includes('"pages": ["guides/webhooks", "/guides/pagination", "guides/authentication", "guides/old-setup"]'),
    added.split('\n')[21],
  );

  const page = 'api-reference/users/delete-user.mdx';
  const pageText = await client.open(page);
  const param = (await diagnostics(page)).find((d) => d.code === 'fields/missing-path-param')!;
  const [insert] = await actionsFor(page, param);
  assert.equal(insert.title, 'Add <ParamField path="userId" type="string" required>');
  assert.ok(
    applyEdits(pageText, insert.edit!.changes![client.uri(page)]).includes(
      '</ParamField>\n\n<ParamField path="userId" type="string" required>',
    ),
  );
});

test('create page under an API group uses an endpoint template', async () => {
  const text = await client.open('docs.json');
  const edited = text.replace('"POST /users"]', '"POST /users", "api-reference/users/list-users"]');
  await client.change('docs.json', edited);
  const missing = (await diagnostics('docs.json')).find(
    (d) => d.code === 'nav/page-not-found' && edited.split('\n')[d.range.start.line].includes('list-users'),
  )!;
  const actions = (await client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri: client.uri('docs.json') },
    range: missing.range,
    context: { diagnostics: [missing] },
  })) as CodeAction[];
  const create = actions.find((a) => a.title.startsWith('Create'))!;
  assert.equal(create.title, 'Create api-reference/users/list-users.mdx (endpoint page)');
  const insert = (create.edit!.documentChanges![1] as { edits: { newText: string }[] }).edits[0].newText;
  assert.match(insert, /^---\ntitle: "List users"\napi: "GET \/list-users"\n---/);
  await client.change('docs.json', text);
});

test('a method in lower case can be rewritten in upper case', async () => {
  const text = await client.open('docs.json');
  const edited = text.replace('"POST /users"', '"post /users"');
  await client.change('docs.json', edited);
  const position = positionOf(edited, '"pos');
  const actions = (await client.connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri: client.uri('docs.json') },
    range: { start: position, end: position },
    context: { diagnostics: [] },
  })) as CodeAction[];
  const upper = actions.find((a) => a.title.startsWith('Write the method in upper case'))!;
  assert.ok(applyEdits(edited, upper.edit!.changes![client.uri('docs.json')]).includes('"POST /users"'));
  await client.change('docs.json', text);
});

test('renaming a page or a folder rewrites navigation entries with minimal edits', async () => {
  const text = await client.open('docs.json');
  const edit = (await client.connection.sendRequest('workspace/willRenameFiles', {
    files: [{ oldUri: client.uri('guides/pagination.mdx'), newUri: client.uri('guides/paging.mdx') }],
  })) as WorkspaceEdit;
  const edits = edit.changes![client.uri('docs.json')];
  assert.equal(edits.length, 1);
  assert.equal(edits[0].newText, '"/guides/paging"', 'the entry keeps its leading slash');
  const folder = (await client.connection.sendRequest('workspace/willRenameFiles', {
    files: [{ oldUri: client.uri('guides'), newUri: client.uri('tutorials') }],
  })) as WorkspaceEdit;
  const renamed = applyEdits(text, folder.changes![client.uri('docs.json')]);
  assert.ok(renamed.includes('"pages": ["index", "tutorials/quikstart", "tutorials/authentication"]'), renamed.split('\n')[17]);
  assert.ok(renamed.includes('"pages": ["tutorials/webhooks", "/tutorials/pagination", "tutorials/authentication"]'));
  assert.equal(renamed.length - text.length, ('tutorials'.length - 'guides'.length) * 5, 'only the five entries change');
});

function applyEdits(text: string, edits: { range: { start: Position; end: Position }; newText: string }[]): string {
  const document = TextDocument.create('x', 'x', 0, text);
  return TextDocument.applyEdits(document, edits);
}

test('a rename can add redirects from the old paths: asked, then appended in the file style', async () => {
  const text = await client.open('docs.json');
  client.messageAnswers.push('Add redirects');
  const edit = (await client.connection.sendRequest('workspace/willRenameFiles', {
    files: [{ oldUri: client.uri('guides/webhooks.mdx'), newUri: client.uri('guides/events.mdx') }],
  })) as WorkspaceEdit;
  assert.match(client.messageRequests.at(-1)!, /Add a redirect from the old path \(\/guides\/webhooks\) to docs\.json\?/);
  const after = applyEdits(text, edit.changes![client.uri('docs.json')]);
  assert.ok(after.includes('"pages": ["guides/events", "/guides/pagination", "guides/authentication"]'));
  const parsed = JSON.parse(after);
  assert.deepEqual(parsed.redirects, [{ source: '/guides/webhooks', destination: '/guides/events' }]);
  assert.ok(
    after.endsWith(
      '  },\n  "redirects": [\n    {\n      "source": "/guides/webhooks",\n      "destination": "/guides/events"\n    }\n  ]\n}\n',
    ),
    after.slice(-200),
  );
  const declined = (await client.connection.sendRequest('workspace/willRenameFiles', {
    files: [{ oldUri: client.uri('guides/webhooks.mdx'), newUri: client.uri('guides/events.mdx') }],
  })) as WorkspaceEdit;
  assert.equal(declined.changes![client.uri('docs.json')].length, 1, 'no answer: only the entry changes');
});
