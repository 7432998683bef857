// Fetching 100,000 conversations from the local export server with limit 1000 (100 requests), as
// `docsmith gaps --format json` does it end to end: wall time, peak memory, requests per second.
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

const here = resolve(import.meta.dirname);
const cli = resolve(here, '../dist/cli.js');

// `other: true` runs against bench/otherExportServer.mjs, an export server written apart from the mock
// (60 days of growing traffic, ascending pages), and `range` adds --from/--to to the command.
export async function runExportBench({
  conversations = 100000,
  runs = 3,
  latencyMs = 0,
  docs = resolve(here, '../examples/site'),
  other = false,
  range = [],
} = {}) {
  const server = spawn(
    process.execPath,
    other
      ? [join(here, 'otherExportServer.mjs'), '--port', '0', '--conversations', String(conversations), '--latency-ms', String(latencyMs)]
      : [cli, 'mock-server', '--port', '0', '--conversations', String(conversations), '--seed', '9', '--latency-ms', String(latencyMs)],
    {
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  const url = await new Promise((done, fail) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (\S+)/.exec(out);
      if (match) done(match[1]);
    });
    server.once('exit', (code) => fail(new Error(`mock-server exited ${code}`)));
  });
  const samples = [];
  try {
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint();
      const run = spawnSync(
        process.execPath,
        [
          '--require',
          join(here, 'peakRss.cjs'),
          cli,
          'gaps',
          '--project',
          'demo',
          '--base-url',
          url,
          '--docs',
          docs,
          '--format',
          'json',
          ...range,
        ],
        {
          env: { ...process.env, DOCSMITH_API_KEY: 'mint_demo_key' },
          encoding: 'utf8',
          maxBuffer: 512 * 1024 * 1024,
        },
      );
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (run.status !== 0) throw new Error(`gaps exited ${run.status}: ${run.stderr}`);
      const report = JSON.parse(run.stdout);
      if (report.fetched !== conversations) throw new Error(`fetched ${report.fetched} of ${conversations}`);
      samples.push({ ms, peakMb: Number(/BENCH_PEAK_RSS_KB=(\d+)/.exec(run.stderr)?.[1] ?? 0) / 1024, unanswered: report.unanswered });
    }
  } finally {
    server.kill('SIGTERM');
  }
  samples.sort((a, b) => a.ms - b.ms);
  const median = samples[Math.floor(samples.length / 2)];
  return {
    conversations,
    requests: Math.ceil(conversations / 1000),
    ms: median.ms,
    peakMb: Math.max(...samples.map((s) => s.peakMb)),
    unanswered: median.unanswered,
  };
}

if (process.argv[1] === import.meta.filename) {
  const latency = process.argv.find((arg) => arg.startsWith('--latency-ms='));
  console.log(await runExportBench({ latencyMs: latency ? Number(latency.slice('--latency-ms='.length)) : 0, runs: latency ? 1 : 3 }));
}
