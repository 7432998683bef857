// The Docs Gaps view's clusters as the extension asks for them: `docsmith/gapClusters` sent to
// dist/server.js over stdio with 10,000 questions (words mixed at random), twice (the second clustering
// reuses the index). Prints each request's time, the peak memory of this process (what the extension
// host would hold) and of the server. Usage: node bench/lspGapBench.mjs SITE_DIR [QUESTIONS]
// (the bench sites are generated into bench/.sites by npm run bench).
import { execSync } from 'node:child_process';
import { resolve } from 'node:path';
import { startLspServer } from './lspServer.mjs';

const root = resolve(process.argv[2] ?? 'bench/.sites/pages-2000');
const n = Number(process.argv[3] ?? 10000);
const { child, connection, rootUri } = await startLspServer(root);
const words = [
  'configure',
  'webhook',
  'retry',
  'deploy',
  'agent',
  'crew',
  'task',
  'memory',
  'tool',
  'api',
  'key',
  'billing',
  'error',
  'timeout',
  'limit',
  'login',
  'install',
  'python',
  'version',
  'cache',
];
let seed = 7;
const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const questions = Array.from({ length: n }, (_, i) => ({
  id: `q${i}`,
  query: `how do I ${Array.from({ length: 4 }, () => words[Math.floor(rnd() * words.length)]).join(' ')} ${i % 97}`,
  timestamp: '2026-11-01T00:00:00.000Z',
  sources: [],
}));
let peakClient = 0,
  peakServer = 0;
const timer = setInterval(() => {
  peakClient = Math.max(peakClient, process.memoryUsage().rss);
  try {
    peakServer = Math.max(peakServer, Number(execSync(`ps -o rss= -p ${child.pid}`)) * 1024);
  } catch {}
}, 100);
const t = performance.now();
const res = await connection.sendRequest('docsmith/gapClusters', { uri: `${rootUri}/docs.json`, siteVersion: 0, questions });
const ms = performance.now() - t;
const t2 = performance.now();
await connection.sendRequest('docsmith/gapClusters', { uri: `${rootUri}/docs.json`, siteVersion: 0, questions, threshold: 0.2 });
const ms2 = performance.now() - t2;
clearInterval(timer);
console.log(
  'clusters',
  res.clusters.length,
  'fallback',
  res.fallback,
  'first ms',
  ms.toFixed(0),
  'second ms',
  ms2.toFixed(0),
  'client peak MB',
  (peakClient / 1e6).toFixed(0),
  'server peak MB (main proc incl. worker)',
  (peakServer / 1e6).toFixed(0),
);
child.kill();
process.exit(0);
