import type { SiteContext } from './siteContext';
import type { PageEntry } from '../docsJson/navigation';
import { apiAuthRule } from './apiAuthRule';
import { duplicatePageRule, reportDuplicates } from './duplicatePageRule';
import { integrationEmptyValueRule } from './integrationEmptyValueRule';
import { operationExistsRule } from './operationExistsRule';
import { checkPageExists, pageExistsRule } from './pageExistsRule';
import { checkPageForm, pageFormRule } from './pageFormRule';
import { redirectRule } from './redirectRule';
import { specExistsRule } from './specExistsRule';
import { generatorSourcesRule } from './generatorSourcesRule';
import { assetFilesRule } from './assetFilesRule';
import { navigationHrefsRule } from './navigationHrefsRule';

/**
 * What of a site a docs.json rule reads. An edit that changes only parts a rule does not read keeps
 * the rule's findings; one that changes a part it reads runs it again (alone, where it can be).
 */
export type ConfigPart =
  /** The navigation's page entries (strings that name pages, and `root` values). */
  | 'pageEntries'
  /** The navigation's operation entries (`GET /users`). */
  | 'operations'
  /** `openapi` values (navigation and `api.openapi`) and the specs they name. */
  | 'specs'
  | 'api'
  | 'integrations'
  | 'redirects'
  /** The `href`s of navigation items. */
  | 'hrefs'
  /** The favicon, logo, background image, thumbnails' background and font sources. */
  | 'assets'
  /** The files of the docs root. */
  | 'files';

/** Page entries an edit added or changed (removed ones leave only their findings to forget), and the duplicate keys it touched. */
export interface EntryChange {
  entries: readonly PageEntry[];
  keys: ReadonlySet<string>;
}

export interface ConfigRule {
  readonly name: string;
  readonly reads: readonly ConfigPart[];
  run(context: SiteContext): void | Promise<void>;
  /**
   * Checks what an edit of page entries changed, alone: the findings of the whole run about those
   * entries and keys (their subjects) were taken back first. Absent: the rule can only run whole.
   */
  recheck?(context: SiteContext, change: EntryChange): void;
}

/** The rules of docs.json, in the order they run, each with what it reads. */
export const configRules: readonly ConfigRule[] = [
  {
    name: 'page-form',
    reads: ['pageEntries'],
    run: pageFormRule,
    recheck: (context, { entries }) => entries.forEach((entry) => checkPageForm(entry, context)),
  },
  {
    name: 'page-exists',
    reads: ['pageEntries', 'files'],
    run: pageExistsRule,
    recheck: (context, { entries }) => entries.forEach((entry) => checkPageExists(entry, context)),
  },
  {
    name: 'duplicate-page',
    reads: ['pageEntries'],
    run: duplicatePageRule,
    recheck: (context, { keys }) => reportDuplicates(context, keys),
  },
  { name: 'spec-exists', reads: ['specs', 'files'], run: specExistsRule },
  { name: 'generator-sources', reads: ['specs', 'files'], run: generatorSourcesRule },
  { name: 'operation-exists', reads: ['operations', 'specs', 'files'], run: operationExistsRule },
  { name: 'api-auth', reads: ['api'], run: apiAuthRule },
  { name: 'integration-empty-value', reads: ['integrations'], run: integrationEmptyValueRule },
  { name: 'redirect', reads: ['redirects', 'operations', 'specs', 'files'], run: redirectRule },
  { name: 'asset-files', reads: ['assets', 'files'], run: assetFilesRule },
  { name: 'navigation-hrefs', reads: ['hrefs', 'redirects', 'operations', 'specs', 'files'], run: navigationHrefsRule },
];

/**
 * How to run again, alone, every rule that reads a part an edit changed; undefined when one of them
 * can only run whole (the caller then loads the site again).
 */
export function rechecksFor(changed: readonly ConfigPart[]): ((context: SiteContext, change: EntryChange) => void) | undefined {
  const concerned = configRules.filter((rule) => rule.reads.some((part) => changed.includes(part)));
  if (concerned.some((rule) => !rule.recheck)) return undefined;
  return (context, change) => concerned.forEach((rule) => rule.recheck!(context, change));
}
