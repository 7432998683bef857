/**
 * The language service's public interface: all that the LSP server, the CLI, the analytics layer and
 * the VS Code client may import from it (an ESLint rule keeps everything else out of reach). Inside,
 * the service is free to change shape.
 */
import { createLanguageService as create, type DocsLanguageService, type LanguageServiceOptions } from './languageService';

/** The pure language service over an injected workspace. */
export const createLanguageService: (options: LanguageServiceOptions) => DocsLanguageService = create;
export type { DocsLanguageService, LanguageServiceOptions, FileChange } from './languageService';
export type { EditorFeatures } from './editorFeatures';
export type { FileRename } from './features/rename';
export type { SiteCheckResult, CheckCache, WholeSite } from './session/checkSite';
export type { SiteShares, SharedAnchors } from './session/siteShares';
export type { SiteMap, SiteMapOperation } from './siteIndex/siteMap';
export type { PageIndex, IndexedPage, IndexedSection } from './siteIndex/pageIndex';
export type { DraftPageRequest } from './features/draftPage';
export type { DraftPlace } from './features/navigationGroups';
export type { NavigationEdit } from './navigationView/navigationEdits';
export type { NavigationItem, NavigationLevel, NavigationScopeChoice, NavigationTarget } from './navigationView/navigationItems';
export type { NavigationEditAnswer } from './navigationView/navigationQueries';

export type { DocsWorkspace, DirectoryEntry, FileStat, FileListing } from './workspace';
export { WorkspaceError } from './workspace';
export { MAX_ROOT_DEPTH } from './site/docsRoots';

export type { LanguageServiceSettings, SeveritySetting } from './settings';
export { codeDidYouMean, isDiagnosticCode, severitySettings } from './settings';
export { FIX_ALL_KIND } from './features/fixAll';
export { diagnosticCodes, codeHref, DIAGNOSTIC_SOURCE, type DiagnosticCode, type Severity } from './check/diagnosticCodes';
export { internalErrorDiagnostic } from './check/diagnostics';
export { occurrences } from './check/groupRepeats';
export { CancelledError, NOT_CANCELLED, yieldToEventLoop, type Cancellation } from './cancellation';
export { useReferenceParser, type ReferenceParser } from './mdx/referenceParser';
export { parseMdx, type MdxParse } from './mdx/mdxReference';
export { pathToUri, uriToPath, relativeUri, joinUri } from './uri';
