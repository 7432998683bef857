import type { GapCluster, GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { createLanguageService } from '../../server/src/service';
import { indexPage } from '../../server/src/service/siteIndex/pageIndex';
import { ROOT, type MemoryWorkspace } from './memoryWorkspace';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** An unanswered question asked on day `day` of November 2026, citing `files`. */
export function gapQuestion(id: string, query: string, day = 1, files: string[] = []): GapQuestion {
  return { id, query, timestamp: `2026-11-${String(day).padStart(2, '0')}T00:00:00.000Z`, sources: files.map((file) => ({ file })) };
}

/** A page `id`.mdx of a site under file:///docs, indexed from its text for ranking. */
export function indexedPage(id: string, text: string) {
  return indexPage(id, `${id}.mdx`, `file:///docs/${id}.mdx`, text);
}

/** The cluster holding a conversation. */
export function clusterOf<T extends Pick<GapCluster, 'conversationIds'>>(clusters: readonly T[], id: string): T {
  const found = clusters.find((cluster) => cluster.conversationIds.includes(id));
  if (!found) throw new Error(`no cluster holds ${id}: ${JSON.stringify(clusters.map((cluster) => cluster.conversationIds))}`);
  return found;
}

/** The page index of a site in memory, as the service builds it (navigation, snippets, operations). */
export async function indexedPagesOf(site: MemoryWorkspace) {
  return (await createLanguageService({ workspace: site }).getPageIndex(`${ROOT}/docs.json`, NOT_CANCELLED))!.pages;
}

/** Seven questions of three needs: webhook retries, webhook signatures, paying invoices by bank transfer. */
export const WEBHOOK_QUESTIONS = [
  gapQuestion('a', 'Do you retry failed webhooks?'),
  gapQuestion('b', 'webhook retry policy'),
  gapQuestion('c', 'How many times are failed webhooks retried?'),
  gapQuestion('d', 'How do I verify the webhook signature in PHP?'),
  gapQuestion('e', 'verify webhook signature php example'),
  gapQuestion('f', 'Can I pay invoices by bank transfer?'),
  gapQuestion('g', 'invoice payment by bank transfer'),
];
