import type { PageVariables } from '../mdx/variables';
import type { DiagnosticSink } from '../check/diagnostics';
import type { SpecResolver } from '../openapi/specStore';
import type { LanguageServiceSettings } from '../settings';
import type { SiteFiles } from './siteFiles';
import type { DocsWorkspace } from '../workspace';
import type { SiteSpecs } from '../openapi/spec';
import type { JsonNode } from '../json/jsonTree';
import type { NavigationModel, NavigationNode } from '../docsJson/navigation';

/** A loaded site: its configuration, files and specs. What its links are made from (see SiteContext, which adds them). */
export interface SiteBasics {
  rootUri: string;
  docsJsonUri: string;
  /** The resolved docs.json (`$ref`s spliced in). */
  config: JsonNode;
  /** Its plain value. */
  value: Record<string, any>;
  navigation: NavigationModel;
  /** The navigation as a tree (the Navigation view's), walked again from the JSON as it is now on each call. */
  navigationTree(): NavigationNode;
  /** docs.json's `variables`, which pages are read with (see mdx/variables.ts); undefined when it has none. */
  variables: PageVariables | undefined;
  /** An empty entry at the editor's last edit (being typed), left out of the verdict and the navigation. */
  typing?: JsonNode;
  files: SiteFiles;
  /** The specs docs.json and pages name, each looked up once per state (a change of a spec makes a new state). */
  specs: SpecResolver;
  sink: DiagnosticSink;
  settings: LanguageServiceSettings;
  workspace: DocsWorkspace;
  /** The site's OpenAPI specs (discovered once, on first use). */
  siteSpecs(): Promise<SiteSpecs>;
}
