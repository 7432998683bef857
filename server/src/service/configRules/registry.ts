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

/** Page entries an edit added or changed (removed ones leave only their findings to forget), and the duplicate keys it touched. */
export interface EntryChange {
  entries: readonly PageEntry[];
  keys: ReadonlySet<string>;
}

/**
 * A docs.json rule. An edit of the navigation's page entries (the edit authors make most) is applied
 * to the last state: the rules that read page entries run again, alone, on what it changed
 * (`recheck`), and every other rule keeps its findings. Any other edit of docs.json loads the site
 * again and runs every rule: nothing finer is declared, since nothing would read it.
 */
export interface ConfigRule {
  readonly name: string;
  /** Whether the rule reads the navigation's page entries (strings that name pages, and `root` values). */
  readonly readsPageEntries: boolean;
  run(context: SiteContext): void | Promise<void>;
  /**
   * Checks what an edit of page entries changed, alone: the findings of the whole run about those
   * entries and keys (their subjects) were taken back first. Absent: the rule can only run whole.
   */
  recheck?(context: SiteContext, change: EntryChange): void;
}

/** The rules of docs.json, in the order they run. */
export const configRules: readonly ConfigRule[] = [
  {
    name: 'page-form',
    readsPageEntries: true,
    run: pageFormRule,
    recheck: (context, { entries }) => entries.forEach((entry) => checkPageForm(entry, context)),
  },
  {
    name: 'page-exists',
    readsPageEntries: true,
    run: pageExistsRule,
    recheck: (context, { entries }) => entries.forEach((entry) => checkPageExists(entry, context)),
  },
  {
    name: 'duplicate-page',
    readsPageEntries: true,
    run: duplicatePageRule,
    recheck: (context, { keys }) => reportDuplicates(context, keys),
  },
  { name: 'spec-exists', readsPageEntries: false, run: specExistsRule },
  { name: 'generator-sources', readsPageEntries: false, run: generatorSourcesRule },
  { name: 'operation-exists', readsPageEntries: false, run: operationExistsRule },
  { name: 'api-auth', readsPageEntries: false, run: apiAuthRule },
  { name: 'integration-empty-value', readsPageEntries: false, run: integrationEmptyValueRule },
  { name: 'redirect', readsPageEntries: false, run: redirectRule },
  { name: 'asset-files', readsPageEntries: false, run: assetFilesRule },
  { name: 'navigation-hrefs', readsPageEntries: false, run: navigationHrefsRule },
];

/**
 * How to run again, alone, every rule that reads page entries, after an edit of them; undefined when
 * one of them can only run whole (the caller then loads the site again).
 */
export function pageEntryRechecks(): ((context: SiteContext, change: EntryChange) => void) | undefined {
  const concerned = configRules.filter((rule) => rule.readsPageEntries);
  if (concerned.some((rule) => !rule.recheck)) return undefined;
  return (context, change) => concerned.forEach((rule) => rule.recheck!(context, change));
}
