// Which cited URLs the Docs Gaps view may hand to the system (no vscode import: unit-tested).

/**
 * The URL to open in a browser, or undefined when it must not be opened: only `http:` and `https:`
 * are. A conversation's source comes from the export API, so `javascript:`, `file:`, `data:` or a
 * custom scheme that would start another program are refused.
 */
export function externalLink(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.toString() : undefined;
}
