// The browser build's language server (dist/web/server.js) in a worker, every file read through its
// `docsmith/fs/*` requests with 5 ms added to each first read of a file (a slow file system: on
// github.dev each is a round trip to GitHub): time to the first diagnostics of docs.json, to the whole
// site's diagnostics (the workspace pass), and the worker's heap at its largest. Run by bench.mjs:
// `node --import tsx bench/webBench.ts SITE_DIR` prints one JSON line.
import { filesOf, startWebServer } from '../test/helpers/webServer';

const LATENCY_MS = 5;

async function main(dir: string): Promise<void> {
  const files = filesOf(dir);
  const server = await startWebServer(files, {
    latencyMs: LATENCY_MS,
    capabilities: { textDocument: { diagnostic: {} }, workspace: { diagnostics: { refreshSupport: true } } },
  });
  const start = performance.now();
  await server.connection.sendRequest('textDocument/diagnostic', { textDocument: { uri: `${files.rootUri}/docs.json` } });
  const first = performance.now() - start;
  const readFirst = server.asked.read.length;
  const report = (await server.connection.sendRequest('workspace/diagnostic', { previousResultIds: [] })) as { items: unknown[] };
  const whole = performance.now() - start;
  const heapPeak = (await server.heapPeak()) / 1024 / 1024;
  console.log(
    JSON.stringify({
      first,
      whole,
      heapPeak,
      readFirst,
      read: server.asked.read.length,
      requests: server.asked.readFile,
      files: files.bytes.size,
      reported: report.items.length,
    }),
  );
  await server.close();
}

void main(process.argv[2]);
