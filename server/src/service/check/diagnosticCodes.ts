/**
 * Every diagnostic code Docsmith emits, with its default severity and a one-line summary. Codes are
 * stable (`area/name`): settings, the CLI config file and docs/diagnostics.md refer to them.
 */
export type Severity = 'error' | 'warning' | 'info' | 'hint';

export interface CodeInfo {
  severity: Severity;
  summary: string;
}

export const diagnosticCodes = {
  'json/syntax': { severity: 'error', summary: 'docs.json (or a file it references) is not valid JSON.' },
  'json/too-deep': { severity: 'error', summary: 'A configuration file nests arrays or objects deeper than Docsmith reads (512 levels).' },
  'json/unreadable': { severity: 'error', summary: 'A configuration file cannot be read as text (too large, binary, or unreadable).' },
  'json/replacement-character': {
    severity: 'warning',
    summary: 'A configuration file is not UTF-8 (saved as Windows-1252 or Latin-1): the site shows "�" for its bytes that are not.',
  },

  'site/internal-error': { severity: 'error', summary: 'Docsmith itself failed on a file; the message says what to report.' },
  'site/unlisted-folder': {
    severity: 'warning',
    summary:
      'A folder of the docs root cannot be listed (a symlink loop, no permission), or a link leads out of it; what it holds was not read.',
  },

  'ref/not-found': { severity: 'error', summary: 'A `$ref` names a file that does not exist.' },
  'ref/circular': { severity: 'error', summary: '`$ref` files reference each other in a loop.' },
  'ref/outside-root': { severity: 'error', summary: 'A `$ref` points outside the docs root.' },
  'ref/limit': {
    severity: 'error',
    summary: 'A `$ref` past what Docsmith follows: a chain over 64 files, over 1,000 files, or over 64 MB of configuration.',
  },
  'ref/invalid': { severity: 'error', summary: 'A `$ref` value is not a relative path to a JSON file.' },

  'config/unknown-key': { severity: 'warning', summary: 'A key the platform does not know; it is silently dropped.' },
  'config/ignored-key': {
    severity: 'warning',
    summary: 'A known key the platform silently drops: another key wins, or its value is invalid.',
  },
  'config/rejected-key': { severity: 'error', summary: 'A key the platform does not know, in an object where it rejects unknown keys.' },
  'config/file-not-found': {
    severity: 'warning',
    summary:
      'A favicon, logo, background image, thumbnail background, font or custom language file docs.json names is not in the docs root.',
  },
  'config/missing-property': { severity: 'error', summary: 'A required key is missing.' },
  'config/invalid-value': { severity: 'error', summary: 'A value has the wrong type or is not one of the allowed values.' },

  'nav/unknown-key': { severity: 'warning', summary: 'A key a navigation node does not have; the platform drops it.' },
  'nav/missing-property': { severity: 'error', summary: 'A navigation node lacks a key its shape requires.' },
  'nav/invalid-value': { severity: 'error', summary: 'A navigation value has the wrong type or an unknown value.' },
  'nav/ignored-key': {
    severity: 'warning',
    summary: 'A navigation key the platform silently drops: the node holds another division it uses, or the value is invalid.',
  },
  'nav/rejected-key': {
    severity: 'error',
    summary: 'A key the platform does not know, in a navigation object where it rejects unknown keys.',
  },
  'nav/page-not-found': { severity: 'error', summary: 'A navigation entry names a page with no `.mdx` or `.md` file.' },
  'nav/page-outside-root': { severity: 'error', summary: 'A navigation entry climbs out of the docs root.' },
  'nav/page-extension': { severity: 'warning', summary: 'A navigation entry carries the file extension.' },
  'nav/leading-slash': { severity: 'info', summary: 'A navigation entry starts with `/` or `./` (the platform tolerates it).' },
  'nav/cross-listed-page': {
    severity: 'info',
    summary: 'A page listed in two tabs, anchors, dropdowns or menu items: both show it.',
  },
  'nav/duplicate-page': { severity: 'warning', summary: 'The same page is listed twice in one navigation scope.' },
  'nav/orphan-page': { severity: 'info', summary: 'A page file that no navigation entry reaches.' },
  'nav/operation-not-found': { severity: 'error', summary: 'An OpenAPI entry names an operation its spec does not have.' },
  'nav/no-openapi-in-scope': { severity: 'error', summary: 'A `METHOD /path` entry has no OpenAPI spec in scope.' },
  'nav/openapi-fallback': {
    severity: 'hint',
    summary: 'A `METHOD /path` entry relies on `api.openapi` rather than an `openapi` on an enclosing node.',
  },

  'asyncapi/spec-not-found': {
    severity: 'error',
    summary: 'A navigation `asyncapi` names a file that does not exist or is not an AsyncAPI document; the build stops.',
  },
  'nav/source-not-found': {
    severity: 'error',
    summary: 'A navigation `graphql` schema or `sdk` source that is not in the docs root; the build stops.',
  },
  'openapi/spec-not-found': {
    severity: 'error',
    summary: "An OpenAPI spec file named in navigation does not exist; the platform's build stops.",
  },
  'openapi/spec-invalid': { severity: 'error', summary: 'An OpenAPI spec file cannot be parsed or has no `paths`.' },
  'openapi/not-checked': { severity: 'info', summary: 'A spec given as a URL is not fetched, so its operations were not checked.' },

  'api/unknown-key': { severity: 'warning', summary: 'A key under `api` the platform does not know.' },
  'api/rejected-key': { severity: 'error', summary: 'A key the platform does not know, in an `api` object where it rejects unknown keys.' },
  'api/missing-property': { severity: 'error', summary: 'A required key under `api` is missing.' },
  'api/invalid-value': { severity: 'error', summary: 'A value under `api` has the wrong type or an unknown value.' },
  'api/spec-not-found': {
    severity: 'warning',
    summary: '`api.openapi` names a local spec file that does not exist; the platform ignores it.',
  },
  'api/auth-name-missing': { severity: 'warning', summary: '`api.mdx.auth.method` is `key` but `api.mdx.auth.name` names no header.' },

  'integrations/unknown-integration': { severity: 'error', summary: 'An integration key the platform does not know; it rejects the file.' },
  'integrations/unknown-field': { severity: 'warning', summary: 'A field an integration does not have; the platform drops it.' },
  'integrations/missing-field': { severity: 'error', summary: 'An integration lacks a required field.' },
  'integrations/invalid-field': { severity: 'error', summary: 'An integration field has the wrong type or format.' },
  'integrations/empty-value': { severity: 'warning', summary: 'A required integration field is an empty string.' },

  'page/unreadable': { severity: 'error', summary: 'A page file cannot be read as text.' },
  'page/replacement-character': {
    severity: 'warning',
    summary: 'A page file is not UTF-8 (saved as Windows-1252 or Latin-1): the page shows "�" for its bytes that are not.',
  },
  'frontmatter/yaml-syntax': { severity: 'error', summary: 'The front matter is not valid YAML; the platform fails the build.' },
  'frontmatter/not-a-mapping': {
    severity: 'warning',
    summary: 'The front matter is a plain value or a list, not `key: value` lines; the platform keeps no metadata from it.',
  },
  'frontmatter/unclosed': {
    severity: 'warning',
    summary: 'A `---` on line 1 above `key: value` lines that no `---` closes; the platform reads no front matter.',
  },
  'frontmatter/unread': {
    severity: 'warning',
    summary: 'The opening `---` is followed by spaces; the platform takes no metadata from the block.',
  },
  'frontmatter/no-title': { severity: 'info', summary: 'A page in navigation has no `title`; the platform titles it from its file name.' },
  'frontmatter/invalid-value': { severity: 'error', summary: 'A front matter value is not one of the values the platform allows.' },
  'frontmatter/wrong-type': {
    severity: 'warning',
    summary: 'A front matter value has a type the platform does not expect (a quoted `"true"` for a boolean, ...).',
  },
  'frontmatter/unknown-key': { severity: 'warning', summary: 'A front matter key that looks like a misspelt known key.' },
  'frontmatter/duplicate-key': { severity: 'warning', summary: 'A front matter key appears twice; the last one wins.' },
  'frontmatter/api-format': { severity: 'error', summary: '`api` is not `METHOD URL` or `METHOD /path`.' },
  'frontmatter/api-server-missing': {
    severity: 'warning',
    summary: 'A relative `api` path, but docs.json has no `api.mdx.server`: the playground has no host to send requests to.',
  },
  'frontmatter/api-path-params': {
    severity: 'error',
    summary: 'Path parameters of `api` are not in balanced curly braces with valid names.',
  },
  'frontmatter/api-colon-param': {
    severity: 'warning',
    summary: 'An Express-style `:name` in `api`: the playground fills in `{name}` only.',
  },
  'frontmatter/openapi-format': {
    severity: 'warning',
    summary: '`openapi` is not `[spec] METHOD /path`: the page is shown as plain MDX, with no API content.',
  },
  'frontmatter/operation-not-found': {
    severity: 'warning',
    summary: "The `openapi` operation is not in the site's specs; the platform silently shows no API content.",
  },
  'frontmatter/spec-not-found': { severity: 'warning', summary: 'The spec named in `openapi` does not exist.' },
  'frontmatter/api-and-openapi': { severity: 'warning', summary: 'A page sets both `api` and `openapi`.' },
  'frontmatter/auth-name-missing': {
    severity: 'warning',
    summary: '`authMethod: key`, but docs.json names no `api.mdx.auth.name` header.',
  },

  'fields/missing-path-param': { severity: 'warning', summary: 'A path parameter of `api` has no `<ParamField path=...>`.' },
  'fields/unknown-path-param': { severity: 'warning', summary: 'A `<ParamField path=...>` names no parameter of the `api` path.' },
  'fields/location': { severity: 'warning', summary: 'A `<ParamField>` needs exactly one of `path`, `body`, `query`, `header`.' },
  'fields/missing-type': { severity: 'warning', summary: 'A `<ParamField>` or `<ResponseField>` has no `type`.' },
  'fields/missing-name': { severity: 'warning', summary: 'A `<ResponseField>` has no `name`.' },
  'fields/required-not-boolean': { severity: 'warning', summary: '`required` is a string rather than a bare flag or a boolean.' },
  'fields/duplicate': { severity: 'warning', summary: 'The same field is declared twice.' },

  'links/page-not-found': {
    severity: 'error',
    summary: 'A link in a page names no page: no file, no page generated from a spec, no redirect that ends on one.',
  },
  'links/file-not-found': {
    severity: 'error',
    summary: 'An image or file a page links to is not in the docs root (names match with case).',
  },
  'links/anchor-not-found': {
    severity: 'warning',
    summary: 'A `#anchor` names no heading, custom id, component id or field of the page it points into.',
  },
  'links/anchor-unchecked': {
    severity: 'info',
    summary: 'An `#anchor` into a page rendered from an OpenAPI operation: its anchors come from the spec, so it is not checked.',
  },
  'snippets/not-found': { severity: 'error', summary: 'An import names a snippet file that does not exist, or a name it does not export.' },
  'snippets/unused-import': {
    severity: 'warning',
    summary: 'An import the platform drops (no file of the docs root), of names the page never uses: nothing renders differently.',
  },
  'snippets/unused': {
    severity: 'info',
    summary: 'A snippet no page shows: the platform never serves it, and its links are not checked.',
  },
  'mdx/syntax': {
    severity: 'error',
    summary: 'The page does not parse as MDX; the platform publishes a parsing-error notice in place of its content.',
  },
  'mdx/not-checked': {
    severity: 'info',
    summary: 'A page too large or too costly for the full MDX parser: whether it parses was not checked.',
  },
  'mdx/unknown-component': {
    severity: 'warning',
    summary: 'A capitalised JSX tag that is neither a component of the platform nor imported in the page.',
  },
  'mdx/undefined-variable': {
    severity: 'warning',
    summary: "`{{name}}` in a page that docs.json's variables do not define: MDX reads an expression React cannot render, not text.",
  },
  'mdx/component-warning': {
    severity: 'warning',
    summary:
      "A component used as the platform's build warns about: a Step or Tab outside its group, an accordion without a title, a second request example.",
  },
  'mdx/unknown-prop': { severity: 'warning', summary: 'A prop that a built-in component does not take.' },
  'mdx/invalid-prop': { severity: 'warning', summary: 'A prop of a built-in component with a value it does not accept.' },
  'images/missing-alt': { severity: 'info', summary: 'An image without alt text; screen readers have nothing to say for it.' },
  'suppressions/unused': {
    severity: 'warning',
    summary: 'A `docsmith-ignore-next-line` comment that drops no finding (or names a code that does not exist).',
  },

  'redirects/destination-not-found': {
    severity: 'error',
    summary: 'A redirect sends readers to a path that is no page (after following other redirects).',
  },
  'redirects/loop': { severity: 'error', summary: 'Redirects that send a path round in a loop.' },
  'redirects/invalid-source': {
    severity: 'warning',
    summary: 'A redirect source with a `#anchor` or `?query`, which the platform never matches.',
  },
} as const satisfies Record<string, CodeInfo>;

export type DiagnosticCode = keyof typeof diagnosticCodes;

export const DIAGNOSTIC_SOURCE = 'docsmith';
export const DIAGNOSTICS_DOC_URL = 'https://github.com/docsmith/docsmith/blob/main/docs/diagnostics.md';

export function codeHref(code: DiagnosticCode): string {
  return `${DIAGNOSTICS_DOC_URL}#${code.replace('/', '')}`;
}
