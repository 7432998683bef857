import assert from 'node:assert/strict';
import type { Position } from 'vscode-languageserver-types';
import { LineTable } from '../../server/src/service/text/lineTable';
import { createLanguageService, type LanguageServiceInternals } from '../../server/src/service/languageService';
import type { DocsLanguageService } from '../../server/src/service';
import { MemoryWorkspace, ROOT } from './memoryWorkspace';

/** The cursor in a test text, as in vscode-markdown-languageservice's tests. */
export const CURSOR = '|';

/** A text with one {@link CURSOR}: the text without it, and where it was. */
export function withCursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf(CURSOR);
  assert.ok(offset >= 0 && marked.indexOf(CURSOR, offset + 1) < 0, `one ${CURSOR} expected in ${JSON.stringify(marked)}`);
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

/**
 * A small complete site for the editor features: navigation with tabs, groups, an API group under
 * `openapi`, a duplicate, a typo and a page left out; `api.mdx` settings; an integration; a spec.
 */
export const FEATURE_SITE: Record<string, string> = {
  'docs.json': JSON.stringify(
    {
      theme: 'mint',
      name: 'Acme',
      colors: { primary: '#0D9373' },
      navigation: {
        tabs: [
          {
            tab: 'Guides',
            groups: [
              { group: 'Get started', pages: ['index', 'guides/quikstart'] },
              { group: 'Going further', pages: ['guides/webhooks', '/guides/pagination', 'guides/webhooks'] },
            ],
          },
          {
            tab: 'API reference',
            groups: [{ group: 'Users', openapi: 'openapi.json', pages: ['api-reference/get-user', 'GET /users', 'post /users'] }],
          },
        ],
      },
      api: { mdx: { server: 'https://api.acme.dev', auth: { method: 'key' } } },
      integrations: { posthog: { apiKey: 'phc_demo', sessionRecodring: true } },
    },
    null,
    2,
  ),
  'index.mdx': '---\ntitle: Home\n---\n# Acme\n',
  'guides/quickstart.mdx': '---\ntitle: Quickstart\ndescription: Start here.\n---\n',
  'guides/webhooks.mdx': '---\ntitle: Webhooks\ndescription: Receive events from Acme.\n---\n',
  'guides/pagination.mdx': '---\ntitle: Pagination\n---\n',
  'guides/old-setup.mdx': '---\ntitle: Old setup\n---\n',
  'api-reference/get-user.mdx':
    '---\ntitle: Get a user\napi: "GET /users/{userId}"\nauthMethod: "key"\n---\n\n<ParamField path="userId" type="string" required>\n  The user.\n</ParamField>\n',
  'openapi.json': JSON.stringify(
    {
      openapi: '3.1.0',
      info: { title: 'Acme', version: '1' },
      paths: {
        '/users': { get: { summary: 'List users' }, post: { summary: 'Create a user' } },
        '/users/{userId}': {
          get: { summary: 'Get a user', parameters: [{ name: 'userId', in: 'path', required: true }] },
          delete: { summary: 'Delete a user' },
        },
      },
    },
    null,
    2,
  ),
};

export interface FeatureSite {
  service: DocsLanguageService & LanguageServiceInternals;
  workspace: MemoryWorkspace;
  uri(path: string): string;
  /** Writes a file with a cursor in it (or none), tells the service, and gives the cursor's position. */
  edit(path: string, marked: string): Position;
}

export function featureSite(files: Record<string, string> = FEATURE_SITE): FeatureSite {
  const workspace = new MemoryWorkspace(files);
  const service = createLanguageService({ workspace });
  const uri = (path: string) => `${ROOT}/${path}`;
  return {
    service,
    workspace,
    uri,
    edit(path, marked) {
      const { text, offset } = marked.includes(CURSOR) ? withCursor(marked) : { text: marked, offset: 0 };
      workspace.set(path, text);
      service.didChange(uri(path), 'changed');
      return new LineTable(text).positionAt(offset);
    },
  };
}

/** `text` with `needle` replaced by `replacement` (which may hold the cursor); the needle must be there. */
export function replaced(text: string, needle: string, replacement: string): string {
  assert.ok(text.includes(needle), `${needle} not in the text`);
  return text.replace(needle, replacement);
}
