import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSink, SourceFiles } from '../diagnostics';
import { parseFrontMatter } from '../frontMatter/parseFrontMatter';
import { scanFieldTags, type FieldTag } from '../mdx/fieldTags';
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
 * `source` is the page's text, or why it could not be read, when the caller has read it already (a
 * thread that reads ahead); else it is read here.
 */
export async function checkPage(
  state: SiteState,
  id: string,
  relative: string,
  uri: string,
  source?: string | WorkspaceError,
): Promise<Diagnostic[] | undefined> {
  const site = state.context;
  if (!site) return [];
  const sink = new DiagnosticSink(new SourceFiles());
  let text: string | undefined;
  try {
    if (source instanceof WorkspaceError) throw source;
    text = source ?? (await site.workspace.readFile(uri));
  } catch (error) {
    if (!(error instanceof WorkspaceError)) throw error;
    sink.sources.add(uri, '');
    sink.atOffset('page/unreadable', uri, 0, 0, error.message);
    return sink.result().get(uri);
  }
  if (text === undefined) return undefined;
  const pageText = text;
  const frontMatter = parseFrontMatter(pageText);
  let fields: FieldTag[] | undefined;
  const page: PageContext = {
    uri,
    relative,
    id,
    text: pageText,
    frontMatter,
    fields: () => (fields ??= scanFieldTags(pageText, frontMatter.bodyOffset)),
    site,
    inNavigation: state.inNavigation,
    navigationUnknown: state.configBroken,
    siteSpecs: state.siteSpecs,
    report(code, offset, length, message, options) {
      if (!sink.sources.has(uri)) sink.sources.add(uri, pageText);
      sink.atOffset(code, uri, offset, length, message, options);
    },
  };
  for (const rule of pageRules) await rule(page);
  return sink.result().get(uri) ?? [];
}
