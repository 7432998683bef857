import type { Diagnostic } from 'vscode-languageserver-types';
import { createLanguageService } from '../../server/src/service';
import type { LanguageServiceSettings } from '../../server/src/service/settings';
import { relativeUri } from '../../server/src/service/uri';
import { MemoryWorkspace, ROOT } from './memoryWorkspace';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

export interface Found {
  file: string;
  code: string;
  severity: number;
  message: string;
  /** The text the range covers. */
  text: string;
  line: number;
  diagnostic: Diagnostic;
}

/** Checks an in-memory site and returns its diagnostics flattened, each with the text its range covers. */
export async function checkSite(
  files: Record<string, string | null> | MemoryWorkspace,
  settings: LanguageServiceSettings = {},
): Promise<Found[]> {
  const workspace = files instanceof MemoryWorkspace ? files : new MemoryWorkspace(files);
  const service = createLanguageService({ workspace, settings });
  const result = await service.checkSite(ROOT, { token: NOT_CANCELLED });
  const found: Found[] = [];
  for (const [uri, diagnostics] of result.diagnostics) {
    const file = relativeUri(ROOT, uri) ?? uri;
    const content = workspace.files.get(uri) ?? '';
    for (const diagnostic of diagnostics) {
      found.push({
        file,
        code: String(diagnostic.code),
        severity: diagnostic.severity ?? 1,
        message: diagnostic.message,
        text: textOf(content, diagnostic),
        line: diagnostic.range.start.line,
        diagnostic,
      });
    }
  }
  return found;
}

/** The text a diagnostic's range covers in `content`. */
export function textOf(content: string, diagnostic: Diagnostic): string {
  const lines = content.split('\n');
  const { start, end } = diagnostic.range;
  if (start.line === end.line) return (lines[start.line] ?? '').slice(start.character, end.character);
  return [
    lines[start.line].slice(start.character),
    ...lines.slice(start.line + 1, end.line),
    (lines[end.line] ?? '').slice(0, end.character),
  ].join('\n');
}

export function codes(found: Found[]): string[] {
  return found.map((f) => f.code).sort();
}

export function only(found: Found[], code: string): Found[] {
  return found.filter((f) => f.code === code);
}

/** A minimal valid docs.json with the given navigation (and other top-level keys). */
export function docsJson(navigation: unknown, extra: Record<string, unknown> = {}): string {
  return JSON.stringify(
    { $schema: 'https://mintlify.com/docs.json', theme: 'mint', name: 'Test', colors: { primary: '#0D9373' }, navigation, ...extra },
    null,
    2,
  );
}

/** A site with docs.json and an empty page for each id. */
export function site(
  navigation: unknown,
  pages: string[] = [],
  extra: Record<string, unknown> = {},
  more: Record<string, string> = {},
): Record<string, string> {
  const files: Record<string, string> = { 'docs.json': docsJson(navigation, extra) };
  for (const page of pages) files[page.includes('.') ? page : `${page}.mdx`] = `---\ntitle: ${page}\n---\n`;
  return { ...files, ...more };
}
