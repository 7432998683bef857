import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSink, SourceFiles } from '../diagnostics';
import { parsePageDocument, type PageDocument } from '../documents/pageDocument';
import type { SiteState } from '../siteState';
import { WorkspaceError } from '../workspace';
import type { PageContext, PageRule } from './pageContext';
import { apiRule } from './rules/apiRule';
import { authMethodRule } from './rules/authMethodRule';
import { frontMatterSchemaRule } from './rules/frontMatterSchemaRule';
import { frontMatterSyntaxRule } from './rules/frontMatterSyntaxRule';
import { openapiRule } from './rules/openapiRule';
import { orphanRule } from './rules/orphanRule';
import { paramFieldsRule } from './rules/paramFieldsRule';

const pageRules: PageRule[] = [
  frontMatterSyntaxRule,
  frontMatterSchemaRule,
  apiRule,
  openapiRule,
  authMethodRule,
  paramFieldsRule,
  orphanRule,
];

/**
 * Checks one page of a site against the site's state. Returns undefined when the file is gone.
 * `document` is the page as the caller parsed it (the editor keeps the open ones); else it is read here.
 */
export async function checkPage(
  state: SiteState,
  id: string,
  relative: string,
  uri: string,
  document?: PageDocument,
): Promise<Diagnostic[] | undefined> {
  const site = state.context;
  if (!site) return [];
  const sink = new DiagnosticSink(new SourceFiles());
  if (!document) {
    let text: string | undefined;
    try {
      text = await site.workspace.readFile(uri);
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      sink.sources.add(uri, '');
      sink.atOffset('page/unreadable', uri, 0, 0, error.message);
      return sink.result().get(uri);
    }
    if (text === undefined) return undefined;
    document = parsePageDocument(uri, text);
  }
  const parsed = document;
  const page: PageContext = {
    uri,
    relative,
    id,
    text: parsed.text,
    lines: parsed.lines,
    frontMatter: parsed.frontMatter,
    fields: parsed.fields,
    site,
    inNavigation: state.inNavigation,
    navigationUnknown: state.configBroken,
    siteSpecs: state.siteSpecs,
    report(code, offset, length, message, options) {
      if (!sink.sources.has(uri)) sink.sources.addLines(uri, parsed.lines);
      sink.atOffset(code, uri, offset, length, message, options);
    },
  };
  for (const rule of pageRules) await rule(page);
  return sink.result().get(uri) ?? [];
}
