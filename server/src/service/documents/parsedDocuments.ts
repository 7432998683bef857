import { parseConfigDocument, type ConfigDocument } from '../docsJson/configDocument';
import { parsePageDocument, type PageDocument } from './pageDocument';
import { throwIfCancelled, type Cancellation } from '../cancellation';
import type { PageVariables } from '../mdx/variables';

/**
 * Another page of the site, as the editor has it (open, or on disk), through the one parsed-document
 * cache; undefined when it cannot be read. Made per request: it stops the request when cancelled.
 */
export type PageReader = (uri: string) => Promise<PageDocument | undefined>;

/** Pages kept parsed at most: those being edited or looked at, not every page a site check reads. */
const MAX_PAGES = 64;

/**
 * The last parsed version of each file the editor works on. A request on unchanged text gets the
 * parse the previous request (or the diagnostics) made; a new text is parsed once.
 */
export class ParsedDocuments {
  private readonly configs = new Map<string, ConfigDocument>();
  private readonly pages = new Map<string, PageDocument>();

  config(uri: string, text: string): ConfigDocument {
    const known = this.configs.get(uri);
    if (known?.text === text) return known;
    const parsed = parseConfigDocument(uri, text);
    this.configs.set(uri, parsed);
    return parsed;
  }

  /** A configuration document made another way (an edit applied to the previous version). */
  rememberConfig(document: ConfigDocument): void {
    this.configs.set(document.uri, document);
  }

  /** The page as the site reads it (with its docs.json `variables`): parsed again when the text or the variables changed. */
  page(uri: string, text: string, variables?: PageVariables): PageDocument {
    const known = this.pages.get(uri);
    if (known && same(known, text, variables)) {
      // Most recently used last, so the oldest is dropped first.
      this.pages.delete(uri);
      this.pages.set(uri, known);
      return known;
    }
    const parsed = parsePageDocument(uri, text, variables);
    this.pages.set(uri, parsed);
    if (this.pages.size > MAX_PAGES) this.pages.delete(this.pages.keys().next().value!);
    return parsed;
  }

  /**
   * The page, as {@link page} gives it, with the reference parser's reading done off the calling
   * thread where it must be read (see {@link PageDocument.prepare}), for a request that uses it now.
   */
  async preparedPage(uri: string, text: string, token: Cancellation, variables?: PageVariables): Promise<PageDocument> {
    const document = this.page(uri, text, variables);
    await document.prepare();
    throwIfCancelled(token);
    return document;
  }

  /**
   * The page parsed, from the cache when this text is there, else parsed without keeping it: a closed
   * page checked once in a pass over the site would only push out the ones being worked on, and, kept
   * a while, its parse outlives the young generation and fills the old one with garbage.
   */
  pageOnce(uri: string, text: string, variables?: PageVariables): PageDocument {
    const known = this.pages.get(uri);
    return known && same(known, text, variables) ? known : parsePageDocument(uri, text, variables);
  }

  forget(uri: string): void {
    this.configs.delete(uri);
    this.pages.delete(uri);
  }

  clear(): void {
    this.configs.clear();
    this.pages.clear();
  }
}

function same(document: PageDocument, text: string, variables: PageVariables | undefined): boolean {
  return document.text === text && document.variables?.key === variables?.key;
}
