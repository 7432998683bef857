/**
 * Docsmith's own LSP requests, typed once for the server and the VS Code client (as rust-analyzer's
 * `lsp_ext.ts` does). Only types and method names: nothing here runs on either side.
 */
import { NotificationType, RequestType, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { GapCluster, GapQuestion } from '../analytics';
import type { DraftPageRequest, SiteMap } from '../service';

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
export const draftPageRequest = new RequestType<{ rootUri: string } & DraftPageRequest, WorkspaceEdit | null, void>('docsmith/draftPage');

/**
 * Sent by the server's own message cap in place of a message it refused for its size, with that
 * message's id: the server answers it with an error, so the client hears why.
 */
export const oversizeMessageRequest = new RequestType<{ bytes: number; max: number }, never, void>('docsmith/oversizeMessage');
