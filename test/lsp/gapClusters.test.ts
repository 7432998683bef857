import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CancellationTokenSource } from 'vscode-languageserver-protocol';
import { clusterGaps, type GapQuestion } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { gapClustersRequest, prepareGapClustersNotification, type GapClustersParams } from '../../server/src/lsp/protocol';
import { loadLabelledSet } from '../../bench/gapQuality';
import { startFixtureClient } from '../helpers/lspClient';

/**
 * The Docs Gaps view's clusters over the LSP: the server indexes the site itself (in a worker thread)
 * and answers with the clusters the calling thread would compute; the pages never cross the LSP.
 */
const set = resolve(__dirname, '../fixtures/gaps-labelled');

async function labelled(): Promise<{ questions: GapQuestion[]; pages: Parameters<typeof createPageRanker>[0] }> {
  const { topics, pages } = await loadLabelledSet(set);
  const questions = topics.flatMap((topic, t) =>
    topic.questions.map((query, i) => ({ id: `${t}-${i}`, query, timestamp: '2026-11-01T00:00:00.000Z', sources: [] })),
  );
  return { questions, pages };
}

test('the server clusters the questions among the pages it indexed, and indexes again for a new count of changes', async () => {
  const { questions, pages } = await labelled();
  const client = await startFixtureClient(join(set, 'site'));
  try {
    const uri = client.uri('docs.json');
    await client.connection.sendNotification(prepareGapClustersNotification.method, { uri, siteVersion: 0 });
    const ask = (params: Omit<GapClustersParams, 'uri'>) => client.connection.sendRequest(gapClustersRequest.method, { uri, ...params });
    const answer = (await ask({ siteVersion: 0, questions, threshold: 0.2 })) as { clusters: unknown; fallback?: string };
    assert.equal(answer.fallback, undefined, 'clustered in the worker');
    assert.deepEqual(answer.clusters, clusterGaps(questions, { ranker: createPageRanker(pages), threshold: 0.2 }));

    // A heading of a suggested page renamed on disk: the same count keeps the index, the next one reads it.
    const suggested = clusterGaps(questions, { ranker: createPageRanker(pages) }).find((cluster) => cluster.suggestion?.heading)!;
    const { file, heading } = suggested.suggestion!;
    const path = join(client.root, file);
    writeFileSync(path, readFileSync(path, 'utf8').replace(`## ${heading}\n`, `## ${heading} (renamed)\n`));
    const headingOf = async (siteVersion: number) => {
      const { clusters } = (await ask({
        siteVersion,
        questions: suggested.conversationIds.map((id) => questions.find((q) => q.id === id)!),
      })) as {
        clusters: { suggestion: { heading: string } | null }[];
      };
      return clusters[0].suggestion?.heading;
    };
    assert.equal(await headingOf(0), heading);
    assert.equal(await headingOf(1), `${heading} (renamed)`);
    assert.equal(client.stderr(), '');
  } finally {
    await client.dispose();
  }
});

test('a cancelled clustering is dropped, and the next one is answered by a worker', async () => {
  const { questions, pages } = await labelled();
  const client = await startFixtureClient(join(set, 'site'));
  try {
    const uri = client.uri('docs.json');
    const source = new CancellationTokenSource();
    const many = Array.from({ length: 20 }, () => questions)
      .flat()
      .map((question, i) => ({ ...question, id: `q${i}` }));
    const cancelled = client.connection.sendRequest(gapClustersRequest.method, { uri, siteVersion: 0, questions: many }, source.token);
    setTimeout(() => source.cancel(), 30);
    assert.equal(await cancelled, null, 'answered empty, as every cancelled request of this server is');
    const answer = (await client.connection.sendRequest(gapClustersRequest.method, { uri, siteVersion: 0, questions })) as {
      clusters: unknown;
      fallback?: string;
    };
    assert.equal(answer.fallback, undefined);
    assert.deepEqual(answer.clusters, clusterGaps(questions, { ranker: createPageRanker(pages) }));
    assert.equal(client.stderr(), '');
  } finally {
    await client.dispose();
  }
});
