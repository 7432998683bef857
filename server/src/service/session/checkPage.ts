import { throwIfCancelled, type Cancellation } from '../cancellation';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DiagnosticSink, SourceFiles } from '../check/diagnostics';
import { parsePageDocument, type PageDocument } from '../documents/pageDocument';
import type { SiteLinks } from '../links/siteLinks';
import type { SiteState } from './siteState';
import { WorkspaceError } from '../workspace';
import type { DeferredCheck, PageContext, PageRule } from '../pages/pageContext';
import { apiRule } from '../pages/rules/apiRule';
import { authMethodRule } from '../pages/rules/authMethodRule';
import { frontMatterSchemaRule } from '../pages/rules/frontMatterSchemaRule';
import { frontMatterSyntaxRule } from '../pages/rules/frontMatterSyntaxRule';
import { openapiRule } from '../pages/rules/openapiRule';
import { orphanRule } from '../pages/rules/orphanRule';
import { paramFieldsRule } from '../pages/rules/paramFieldsRule';
import { componentRule } from '../pages/rules/componentRule';
import { variableRule } from '../pages/rules/variableRule';
import { componentUseRule } from '../pages/rules/componentUseRule';
import { imageAltRule } from '../pages/rules/imageAltRule';
import { linkRule } from '../pages/rules/linkRule';
import { mdxSyntaxRule } from '../pages/rules/mdxSyntaxRule';
import { replacementCharacterRule } from '../pages/rules/replacementCharacterRule';
import { snippetImportRule } from '../pages/rules/snippetImportRule';
import { snippetUseRule } from '../pages/rules/snippetUseRule';
import { applySuppressions, findSuppressions } from '../pages/suppressions';

/** The rules of a page's body: they run on snippets too, which are MDX included into pages. */
const bodyRules: PageRule[] = [
  replacementCharacterRule,
  mdxSyntaxRule,
  linkRule,
  snippetImportRule,
  componentRule,
  componentUseRule,
  variableRule,
  imageAltRule,
];
/** A snippet's rules: its body's, and whether any page shows it. */
const snippetRules: PageRule[] = [snippetUseRule, ...bodyRules];

const pageRules: PageRule[] = [
  frontMatterSyntaxRule,
  frontMatterSchemaRule,
  apiRule,
  openapiRule,
  authMethodRule,
  paramFieldsRule,
  orphanRule,
  ...bodyRules,
];

/** What checking a page found. */
export interface PageCheck {
  diagnostics: Diagnostic[];
  /** The other page files whose anchors were read: when one changes, this page is checked again. */
  dependencies: Set<string>;
  /** Checks left for after every page of the run was read (only when asked to defer them). */
  deferred: DeferredCheck[];
  /** The page as parsed (undefined when it could not be read). */
  document?: PageDocument;
  /**
   * With deferred checks: applies the page's inline suppressions to its complete findings (the
   * caller's, once the deferred ones are in). Absent when the page has none.
   */
  suppress?: (diagnostics: Diagnostic[]) => Diagnostic[];
}

export interface CheckPageOptions {
  /** The page as the caller parsed it (the editor keeps the open ones); else it is read here. */
  document?: PageDocument;
  /** Leave checks that need other pages in `deferred` (a whole-site run); else they are run here. */
  defer?: boolean;
  /** The file is a snippet (included into pages, never published itself): only its body is checked. */
  snippet?: boolean;
  /** Stops the check between rules (each may read other pages) when the request is cancelled. */
  token?: Cancellation;
}

/** Checks one page of a site against the site's state. Returns undefined when the file is gone. */
export async function checkPage(
  state: SiteState,
  id: string,
  relative: string,
  uri: string,
  options: CheckPageOptions = {},
): Promise<PageCheck | undefined> {
  const site = state.context;
  const dependencies = new Set<string>();
  const deferred: DeferredCheck[] = [];
  if (!site) return { diagnostics: [], dependencies, deferred };
  const sink = new DiagnosticSink(new SourceFiles());
  let document = options.document;
  if (!document) {
    let text: string | undefined;
    try {
      text = await site.workspace.readFile(uri);
    } catch (error) {
      if (!(error instanceof WorkspaceError)) throw error;
      sink.sources.add(uri, '');
      sink.atOffset('page/unreadable', uri, 0, 0, error.message);
      return { diagnostics: sink.result().get(uri) ?? [], dependencies, deferred };
    }
    if (text === undefined) return undefined;
    document = parsePageDocument(uri, text, site.variables);
  }
  // A document read without the site's variables (or with others) is read again with them.
  if (document.variables?.key !== site.variables?.key) document = parsePageDocument(uri, document.text, site.variables);
  const parsed = document;
  const links = site.links;
  const page: PageContext = {
    uri,
    relative,
    id,
    text: parsed.text,
    snippet: options.snippet ?? false,
    lines: parsed.lines,
    frontMatter: parsed.frontMatter,
    fields: parsed.fields,
    document: parsed,
    site,
    inNavigation: state.inNavigation,
    navigationUnknown: state.configBroken,
    siteSpecs: state.siteSpecs,
    linkTargets: () => links.targets(),
    resolveLink: (path) => links.resolveLink(path),
    basePath: () => links.basePath(),
    withoutHostedBase: (path) => links.withoutHostedBase(path),
    mayBeGenerated: (path) => links.mayBeGenerated(path),
    ...linkedFacts(links, dependencies),
    later: (check) => void deferred.push(check),
    report(code, offset, length, message, options) {
      if (!sink.sources.has(uri)) sink.sources.addLines(uri, parsed.lines);
      sink.atOffset(code, uri, offset, length, message, options);
    },
  };
  for (const rule of options.snippet ? snippetRules : pageRules) {
    await rule(page);
    throwIfCancelled(options.token);
  }
  const diagnostics = sink.result().get(uri) ?? [];
  const suppressions = findSuppressions(parsed.text, () => parsed.body().comments, parsed.lines);
  const suppress = suppressions.length ? (all: Diagnostic[]) => applySuppressions(all, suppressions) : undefined;
  if (options.defer) return { diagnostics, dependencies, deferred, document: parsed, suppress };
  for (const check of deferred) {
    diagnostics.push(...(await check()));
    throwIfCancelled(options.token);
  }
  return { diagnostics: suppress ? suppress(diagnostics) : diagnostics, dependencies, deferred: [], document: parsed };
}

/**
 * What a page reads of other files, each read recorded as a dependency. Made outside checkPage so that
 * the deferred checks holding these functions keep only the site's links alive, not the page's text
 * and parse (a whole-site run keeps a deferred check for every link with an anchor).
 */
function linkedFacts(
  links: SiteLinks,
  dependencies: Set<string>,
): Pick<PageContext, 'anchorsOf' | 'exactAnchorsOf' | 'snippetOf' | 'shownAnchorsOf' | 'snippetUsersOf'> {
  return {
    shownAnchorsOf(relative, shows) {
      return links.shownAnchors(relative, shows, (file) => {
        dependencies.add(file);
        return links.anchorsOf(file);
      });
    },
    async snippetUsersOf(relative) {
      const users = await links.snippetUsers(relative);
      for (const user of users) dependencies.add(user);
      return users;
    },
    anchorsOf(target) {
      dependencies.add(target);
      return links.anchorsOf(target);
    },
    exactAnchorsOf(target) {
      dependencies.add(target);
      return links.exactAnchorsOf(target);
    },
    snippetOf(target) {
      dependencies.add(target);
      return links.snippetOf(target);
    },
  };
}
