/** What VS Code's own JSON support shows on docs.json, and what Docsmith says about it (no `vscode` here: unit-tested). */

export const PLATFORM_SCHEMA = 'https://mintlify.com/docs.json';

export const DOCSMITH_ONLY = 'Use Docsmith Only for docs.json';
export const KEEP_VSCODE = "Keep VS Code's Check";

export interface ShownDiagnostic {
  source?: string;
  message: string;
  code?: unknown;
}

/** The JSON language service's code for a schema it could not load (`SchemaResolveError`). */
const SCHEMA_RESOLVE_ERROR = 0x300;
const LOAD_FAILURE = /unable to load schema|problems loading reference/i;

/** VS Code's JSON diagnostics on docs.json: a schema it could not load, and problems it found with it. */
export function whatVsCodeShows(diagnostics: readonly ShownDiagnostic[]): { loadFailures: number; problems: number } {
  let loadFailures = 0;
  let problems = 0;
  for (const diagnostic of diagnostics) {
    // VS Code's JSON support gives its diagnostics no source (older versions: "json"); Docsmith's say "docsmith".
    if (diagnostic.source !== undefined && diagnostic.source !== 'json') continue;
    const code = typeof diagnostic.code === 'object' && diagnostic.code ? (diagnostic.code as { value?: unknown }).value : diagnostic.code;
    if (code === SCHEMA_RESOLVE_ERROR || LOAD_FAILURE.test(diagnostic.message)) loadFailures++;
    else problems++;
  }
  return { loadFailures, problems };
}

/** The offer, worded by what is shown; undefined while VS Code shows nothing of its own on docs.json. */
export function offerText(diagnostics: readonly ShownDiagnostic[]): string | undefined {
  const { loadFailures, problems } = whatVsCodeShows(diagnostics);
  const later = ' You can change this later with "Docsmith: Choose Who Checks docs.json Against the Schema".';
  if (loadFailures > 0)
    return (
      `VS Code could not load the platform schema that docs.json names in "$schema" (${PLATFORM_SCHEMA}), and shows a warning about it. ` +
      `Docsmith checks docs.json without downloading anything. Hide VS Code's schema check of docs.json in this workspace?${later}`
    );
  if (problems > 0)
    return (
      `VS Code also checks docs.json against the platform schema and shows ${problems === 1 ? 'a problem' : `${problems} problems`} of its own, ` +
      `which Docsmith reports too (with codes and fixes). Leave docs.json's schema check to Docsmith in this workspace?${later}`
    );
  return undefined;
}

/** A `json.schemas` entry that maps the platform URL to an empty schema, for docs.json only. */
export const OVERRIDE = {
  fileMatch: ['**/docs.json'],
  url: PLATFORM_SCHEMA,
  schema: { type: 'object', description: 'Validated by Docsmith.' },
};

export function hasOverride(schemas: readonly unknown[]): boolean {
  return schemas.some((entry) => (entry as { url?: string } | null)?.url === PLATFORM_SCHEMA);
}

export function withoutOverride(schemas: readonly unknown[]): unknown[] {
  return schemas.filter((entry) => (entry as { url?: string } | null)?.url !== PLATFORM_SCHEMA);
}
