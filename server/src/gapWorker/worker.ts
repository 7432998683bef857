/**
 * The gap worker's entry (dist/gapWorker.js): indexes the docs site named in its workerData, then
 * clusters the questions it is sent (see siteClusterer.ts). Started by `docsmith gaps` and by the
 * language server for the Docs Gaps view.
 */
import { siteClustererWorker } from './siteClusterer';

siteClustererWorker();
