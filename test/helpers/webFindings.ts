import type { Diagnostic } from 'vscode-languageserver-types';
import { pathToUri, relativeUri } from '../../server/src/service';
import { baselineByUri } from './corpusBaseline';
import { filesOf, startWebServer } from './webServer';

/** Findings as `file:line:column code message`, sorted: what the web and desktop answers are compared by. */
function lines(root: string, found: Iterable<[string, Diagnostic[]]>): string[] {
  const out: string[] = [];
  for (const [uri, diagnostics] of found)
    for (const { range, code, message } of diagnostics)
      out.push(`${relativeUri(root, uri) ?? uri}:${range.start.line + 1}:${range.start.character + 1} ${code} ${message}`);
  return out.sort();
}

/** A site's findings as `docsmith check` makes them (the service over the file system, default settings). */
export async function desktopFindings(dir: string): Promise<string[]> {
  return lines(pathToUri(dir), await baselineByUri(dir));
}

/**
 * A site's findings from the browser build's server, in a worker, with every file served from memory
 * through its `docsmith/fs/*` requests: the workspace pull (`workspace/diagnostic`) of every file.
 */
export async function webFindings(dir: string): Promise<string[]> {
  const files = filesOf(dir);
  const server = await startWebServer(files, {
    capabilities: { textDocument: { diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } },
  });
  try {
    const report = (await server.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as {
      items: { uri: string; items?: Diagnostic[] }[];
    };
    return lines(
      files.rootUri,
      report.items.map((item) => [item.uri, item.items ?? []]),
    );
  } finally {
    await server.close();
  }
}
