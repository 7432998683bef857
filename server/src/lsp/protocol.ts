/**
 * Docsmith's own LSP requests, typed once for the server and the VS Code client (as rust-analyzer's
 * `lsp_ext.ts` does). Only types and method names: nothing here runs on either side.
 */
import { RequestType, type WorkspaceEdit } from 'vscode-languageserver-protocol';
import type { DraftPageRequest, PageIndex, SiteMap } from '../service';

/** What mapping cited URLs to local files needs of the site a file belongs to; null outside any site. */
export const siteMapRequest = new RequestType<{ uri: string }, SiteMap | null, void>('docsmith/siteMap');

/** The docs roots in or below these folders (a monorepo may hold several), sorted. */
export const docsRootsRequest = new RequestType<{ folderUris: string[] }, string[], void>('docsmith/docsRoots');

/** Every page of the navigation of the site a file belongs to, cut into sections at its headings; null outside any site. */
export const pageIndexRequest = new RequestType<{ uri: string }, PageIndex | null, void>('docsmith/pageIndex');

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
