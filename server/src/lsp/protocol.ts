/**
 * Docsmith's own LSP requests, typed once for the server and the VS Code client (as rust-analyzer's
 * `lsp_ext.ts` does): the method names and the shapes that cross the wire, defined here and nowhere
 * else, so that a change inside the server cannot change the protocol unseen (the server's handlers
 * are checked against these types by the compiler). Nothing here runs on either side.
 */
import { NotificationType, RequestType, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { GapCluster, GapQuestion, PageSuggestion } from '../analytics';
import type { DecodedFile } from '../common/fileText';
import type {
  NavigationEdit,
  NavigationEditAnswer,
  NavigationItem,
  NavigationLevel,
  NavigationScopeChoice,
  NavigationTarget,
  SiteMap,
  SiteMapOperation,
} from '../service';

/**
 * The shapes the service and gap review own, crossing the wire as they are: defined once, by their
 * owners, and named here for both sides (the client imports them from this module only).
 */
export type {
  GapCluster,
  GapQuestion,
  PageSuggestion,
  SiteMap,
  SiteMapOperation,
  NavigationEdit,
  NavigationEditAnswer,
  NavigationItem,
  NavigationLevel,
  NavigationScopeChoice,
  NavigationTarget,
};

/** `docsmith.*` settings as the server receives them (workspace/configuration or initializationOptions). */
export interface ClientSettings {
  /** Severities per code; `scope` here is `docsmith.diagnostics.scope` as a client that sends the section as is has it. */
  diagnostics?: Record<string, string>;
  diagnosticsScope?: string;
  orphans?: boolean;
  rename?: { redirects?: string };
  renameRedirects?: string;
}

/** A new page to create and list beside a neighbour in the navigation. */
export interface DraftPageParams {
  rootUri: string;
  /** The new page's id (path without extension, relative to the docs root). */
  pageId: string;
  /** `.mdx` (default) or `.md`. */
  extension?: string;
  content: string;
  /** The page whose navigation group the new page joins; without it, the best group for the page's folder. */
  nearPageId?: string;
  /** The group the author chose: a `group` of {@link draftPlacesRequest}'s answer (before `nearPageId`). */
  group?: number;
}

/** A navigation group a new page can be listed in. */
export interface DraftPlace {
  /** Its index among the navigation's `pages` arrays, for {@link DraftPageParams.group}. */
  group: number;
  /** "Guides › Get started". */
  label: string;
  /** The folder most of its pages are in ('' for the root). */
  folder: string;
}

/** The groups a new page can be listed in, the best guess first: the author picks where a drafted page goes. */
export const draftPlacesRequest = new RequestType<{ rootUri: string; pageId: string }, DraftPlace[], void>('docsmith/draftPlaces');

/** What mapping cited URLs to local files needs of the site a file belongs to; null outside any site. */
export const siteMapRequest = new RequestType<{ uri: string }, SiteMap | null, void>('docsmith/siteMap');

/**
 * The 0-based line of a page's heading (or element with an `id`) that an `#anchor` reaches, by the
 * server's one anchor rule (`über-uns`, `whats-new`, `a-2` for a repeated title); null when none does.
 * The client has no slug code of its own: it opens a cited page at the line this answers.
 */
export const anchorLineRequest = new RequestType<{ uri: string; anchor: string }, number | null, void>('docsmith/anchorLine');

/** The docs roots in or below these folders (a monorepo may hold several), sorted. */
export const docsRootsRequest = new RequestType<{ folderUris: string[] }, string[], void>('docsmith/docsRoots');

/**
 * The site whose pages the gap clusters suggest: its docs.json (null: none, no suggestions) and the
 * client's count of changes to its files. The server indexes the site once per count, from disk.
 */
export interface GapSite {
  uri: string | null;
  siteVersion: number;
}

/** The clusters of these questions, with where each answer belongs among the site's pages. */
export interface GapClustersParams extends GapSite {
  questions: GapQuestion[];
  /** The questions of the range before, for the trends. */
  previous?: { query: string }[];
  /** The clustering's threshold; its default when absent. */
  threshold?: number;
  /** An author's corrections (`.docsmith/gaps.json`): pairs of question texts that must, or must not, share a cluster. */
  corrections?: { mustLink: [string, string][]; cannotLink: [string, string][] };
  /** Sentence embeddings of the questions from the user's model (opt-in): each text's float32 vector in base64. */
  embeddings?: { texts: string[]; vectors: string[] };
}

export interface GapClustersResult {
  clusters: GapCluster[];
  /** Why they were computed on the server's main thread, not in its worker thread; absent when they were not. */
  fallback?: string;
}

/** Clustered in a worker thread of the server, which indexes the site itself: the pages never cross the LSP. Null if it failed. */
export const gapClustersRequest = new RequestType<GapClustersParams, GapClustersResult | null, void>('docsmith/gapClusters');

/** Starts indexing the site for the gap clusters (while the client downloads the questions). */
export const prepareGapClustersNotification = new NotificationType<GapSite>('docsmith/prepareGapClusters');

/**
 * One workspace edit that creates a page and lists it in the navigation group of a neighbouring page;
 * null when the page exists or no group can take it.
 */
export const draftPageRequest = new RequestType<DraftPageParams, WorkspaceEdit | null, void>('docsmith/draftPage');

/**
 * Sent by the server's own message cap in place of a message it refused for its size, with that
 * message's id: the server answers it with an error, so the client hears why.
 */
export const oversizeMessageRequest = new RequestType<{ bytes: number; max: number }, never, void>('docsmith/oversizeMessage');

/**
 * One level of the Navigation view: the children of `parent` (an item's id), or the first level (the
 * language, version or product `scope` names: a choice's id; else the one readers land on). Also the
 * `docsmith.navigation.level` command, with the same params, for other LSP clients.
 */
export const navigationLevelRequest = new RequestType<{ rootUri: string; parent?: string; scope?: string }, NavigationLevel, void>(
  'docsmith/navigationLevel',
);

/** The ids of the Navigation view's items from its first level down to a page's entry; null when no entry lists it. Also the `docsmith.navigation.path` command. */
export const navigationPathRequest = new RequestType<{ uri: string; scope?: string }, string[] | null, void>('docsmith/navigationPath');

/**
 * An edit of the navigation (move, add, remove, rename a group, new page, delete page), planned as one
 * workspace edit of the files that hold the nodes, or refused with why. The client applies it. The
 * `docsmith.navigation.edit` command takes the same params and applies the edit itself
 * (`workspace/applyEdit`), for clients that only run commands.
 */
export const navigationEditRequest = new RequestType<{ rootUri: string; edit: NavigationEdit }, NavigationEditAnswer, void>(
  'docsmith/navigationEdit',
);

/** Every place of the navigation a page or group can be moved or added to, each named by the labels above it. Also the `docsmith.navigation.targets` command. */
export const navigationTargetsRequest = new RequestType<{ rootUri: string }, NavigationTarget[], void>('docsmith/navigationTargets');

/** The `workspace/executeCommand` names of the navigation requests, for LSP clients other than VS Code's. */
export const NAVIGATION_COMMANDS = {
  level: 'docsmith.navigation.level',
  path: 'docsmith.navigation.path',
  targets: 'docsmith.navigation.targets',
  edit: 'docsmith.navigation.edit',
} as const;

/*
 * Files through the editor (the browser build: github.dev, vscode.dev). The server in a Web Worker has
 * no file system: it asks the client, which reads with `vscode.workspace.fs`. Requests from the server
 * to the client; each may be cancelled by the server (a background pass stopped).
 */

/** A file's text as the client decoded it (common/fileText.ts), or why it cannot be used as text; null: no such file. */
export type ClientFileText = DecodedFile;

/**
 * The texts of files, in the order asked (null: no such file). Several at once: the server reads
 * ahead of its checks, and one message per file would cost more than the reads (a Web Worker's
 * connection handles one message per timer tick).
 */
export const readFilesRequest = new RequestType<{ uris: string[] }, (ClientFileText | null)[], void>('docsmith/fs/readFiles');

/** A file's or folder's kind, size and modification time; null when there is none. */
export const statRequest = new RequestType<{ uri: string }, ClientFileStat | null, void>('docsmith/fs/stat');
export interface ClientFileStat {
  kind: 'file' | 'directory';
  size: number;
  mtime: number;
}

/** The entries of one folder (none when it cannot be read), a symlink as one. */
export const readDirectoryRequest = new RequestType<{ uri: string }, { name: string; kind: 'file' | 'directory' | 'symlink' }[], void>(
  'docsmith/fs/readDirectory',
);

/**
 * Every file below a folder (relative paths with `/`), as the service's `listFiles` lists them: the
 * client walks the folders (skipping `node_modules` and `.git`, following no symlinked folder), with
 * the problems met on the way.
 */
export const listFilesRequest = new RequestType<{ uri: string }, { files: string[]; problems: { uri: string; message: string }[] }, void>(
  'docsmith/fs/listFiles',
);
