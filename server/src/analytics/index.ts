/**
 * Gap review's public interface: the export API client, the gap report, the clusters, page mapping,
 * ranking and drafts. It is the only import path into server/src/analytics for the CLI, the language
 * server, the gap worker and the VS Code client (an ESLint rule keeps deep imports out); inside, the
 * folder is free to change shape.
 */
export { fetchAllConversations } from './client';
export { ExportApiError } from './errors';
export { buildGapReport, isUnanswered, mayBeUnanswered } from './gapReport';
export type { GapReport, ReportConversation, ReportSource } from './gapReport';
export { DEFAULT_BASE_URL, DEFAULT_MAX_CONVERSATIONS, MAX_PAGE_LIMIT } from './limits';
export { createUrlMapper, type MappableSite } from './pageMapping';
export { parseExportDate, previousRange } from './query';
export type { Conversation } from './types';
export { pageDraft, sectionDraft } from './gaps/drafts';
export { clusterGaps, type ClusterOptions, type GapCluster, type GapQuestion } from './gaps/gapClusters';
export { createPageRanker, type PageRanker, type PageSuggestion } from './gaps/pageRanking';
export { MIN_SUGGESTION_COVERAGE } from './gaps/suggestionConfidence';
export { placeInFile } from './gaps/placeInFile';
export { byMostAsked, mostAsked } from './gaps/repeats';
export { gapQuestions, toReportClusters, type ReportCluster } from './gaps/reportClusters';
export { DEFAULT_THRESHOLD, isClusterSimilarity, parseClusterSimilarity } from './gaps/threshold';
export { cutToWidth, labelWidth, LABEL_MAX } from './gaps/labels';
export {
  hasNoCorrections,
  mergeClusters,
  moveQuestion,
  NO_CORRECTIONS,
  readCorrections,
  splitOff,
  type ClusterCorrections,
} from './gaps/corrections';
export {
  decodeVector,
  embeddingsDestination,
  EmbeddingsError,
  encodeVector,
  fetchEmbeddings,
  type EmbeddingsCache,
  type EmbeddingsOptions,
  VectorStore,
} from './embeddings';
