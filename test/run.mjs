// Runs every suite with node's test runner (TypeScript through tsx). Usage: node test/run.mjs [folder or file...]
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  writeSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { compileSchemas } from '../scripts/compileSchemas.mjs';

compileSchemas();

// --quick (npm run test:quick, the edit-test loop): no coverage.
if (process.argv.includes('--quick')) process.env.DOCSMITH_COVERAGE ??= '0';
const args = process.argv.slice(2).filter((arg) => arg !== '--quick');
const folders = args.length
  ? args
  : [
      'test/unit',
      'test/features',
      'test/property',
      'test/analytics',
      'test/client',
      'test/cli',
      'test/lsp',
      'test/corpus',
      'test/differential',
      'test/e2e',
    ];
const listed = folders.flatMap((folder) => {
  if (!existsSync(folder)) return [];
  if (statSync(folder).isFile()) return [folder];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => join(folder, name));
});
// Files run several at a time finish sooner when the longest start first: each file's time in the
// last runs is kept in .tmp/ (ignored), and files not timed yet (new ones) start before all of them.
const durationsFile = join(import.meta.dirname, '..', '.tmp', 'test-durations.json');
const durations = existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};
const timeOf = (file) => durations[file.split(sep).join('/')] ?? Infinity;
const files = listed
  .map((file, index) => ({ file, index }))
  .sort((a, b) => timeOf(b.file) - timeOf(a.file) || a.index - b.index)
  .map(({ file }) => file);
if (files.length === 0) {
  console.error('no test files found in', folders.join(', '));
  process.exit(1);
}
// What runs, and how long the slow suites usually take here (2 cores, warm), before the first line of output.
const TYPICAL = { corpus: 'about 3 min', differential: 'side by side with corpus', e2e: 'about 1-4 min' };
console.log(
  `# running ${files.length} test file${files.length === 1 ? '' : 's'} of ${[...new Set(files.map((file) => file.split(sep)[1]))].join(', ')}` +
    (Object.keys(TYPICAL).some((suite) => files.some((file) => file.split(sep)[1] === suite))
      ? `; the slow ones usually take: ${Object.entries(TYPICAL)
          .filter(([suite]) => files.some((file) => file.split(sep)[1] === suite))
          .map(([suite, time]) => `${suite} ${time}`)
          .join(', ')}`
      : ''),
);
// The usual spec output, and one JSON line per test for the summary table printed at the end.
const summaryDir = mkdtempSync(join(tmpdir(), 'docsmith-summary-'));
// Line coverage of server/src and client/src by the fast suites' own processes (c8 over V8's
// coverage). The corpus, differential and e2e suites run after them without it: over real sites, V8's
// precise counts cost minutes of CI, and what those suites reach the fast ones reach too.
// DOCSMITH_COVERAGE=0 leaves it out.
const coverageDir = process.env.DOCSMITH_COVERAGE === '0' ? undefined : join(summaryDir, 'coverage');
const heavy = (file) => /^test[\\/](?:corpus|differential|e2e)[\\/]/.test(file);
const e2e = (file) => /^test[\\/]e2e[\\/]/.test(file);
// The fast suites run two files at a time (their tests wait on child processes and sockets as much
// as on the CPU), and so do the corpus and differential suites (CPU-bound, one process each: two
// cores, two files); the e2e suite runs alone (its steps are timed by a real editor).
// DOCSMITH_TEST_CONCURRENCY sets all three.
const concurrency = process.env.DOCSMITH_TEST_CONCURRENCY;
const runs = [
  { files: files.filter((file) => !heavy(file)), coverage: coverageDir, concurrency: concurrency ?? '2' },
  { files: files.filter((file) => heavy(file) && !e2e(file)), coverage: undefined, concurrency: concurrency ?? '2' },
  { files: files.filter(e2e), coverage: undefined, concurrency: concurrency ?? '1' },
].filter((run) => run.files.length);
let status = 0;
/**
 * What the heavy suites need: the platform's packages for the differential suite (.oracle/), code-server
 * and Chromium for the e2e suites (.e2e/; where they cannot be installed, those suites say NOT RUN and
 * why). On a fresh clone that is minutes of downloading and unpacking, so it starts in the background
 * as the fast suites start (their feedback does not wait for it), its output kept in a log printed
 * once it is done, and the heavy suites wait for it.
 */
function provision(heavyFiles) {
  const steps = [
    [
      'test/differential',
      'scripts/provision-oracle.mjs',
      "the platform's packages for the differential suite (first time: about 2 minutes)",
    ],
    ['test/e2e', 'scripts/ensure-e2e.mjs', 'code-server and Chromium for the e2e suites (first time: about 6 minutes)'],
  ].filter(([folder]) => heavyFiles.some((file) => file.split(sep).join('/').startsWith(`${folder}/`)));
  if (!steps.length) return undefined;
  console.log(`# provisioning what the heavy suites need, in the background: ${steps.map(([, , what]) => what).join('; ')}`);
  // Both start now, side by side (they write different folders): the event loop is blocked while the
  // fast suites run, so a step started when another ends would wait for them.
  const started = steps.map(([, script, what], at) => {
    const log = join(summaryDir, `provision-${at}.log`);
    const out = openSync(log, 'w');
    writeSync(out, `# provisioning ${what}\n`);
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', script)], { stdio: ['ignore', out, out] });
    return new Promise((resolve) => {
      child.on('error', (error) => resolve({ log, failure: `node ${script} did not start: ${error.message}` }));
      child.on('exit', (code) => resolve({ log, failure: code === 0 ? undefined : `node ${script} exited ${code}` }));
    });
  });
  return Promise.all(started);
}
const provisioning = provision(files.filter(heavy));

/** The suites that start from the whole-site check of each unchanged corpus site (test/helpers/corpusBaseline.ts). */
const BASELINE_USERS = /^test\/corpus\/(?:corpus|fixAll|headingRename|quickFixes|rename|webDesktop)\.test\.ts$/;

/** Those checks, made once, one share per core, before the suites that read them. */
async function warmBaselines() {
  const started = Date.now();
  const shares = Math.max(1, Number(concurrency ?? 2));
  const children = Array.from({ length: shares }, (_, share) =>
    spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'helpers/warmBaselines.ts'), String(share), String(shares)], {
      stdio: 'inherit',
    }),
  );
  await Promise.all(children.map((child) => new Promise((done) => child.on('exit', done))));
  console.log(`# the corpus sites' whole-site checks, shared by the corpus suites: ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
for (const [index, run] of runs.entries()) {
  if (run.coverage === undefined && run.files.some(heavy) && provisioning) {
    for (const { log, failure } of await provisioning) {
      console.log(readFileSync(log, 'utf8').trimEnd());
      if (failure) console.log(`# provisioning failed: ${failure}`);
      if (failure) status = 1;
    }
  }
  if (run.files.some((file) => BASELINE_USERS.test(file.split(sep).join('/')))) await warmBaselines();
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--import',
      join(import.meta.dirname, 'helpers/coverageScope.mjs'),
      '--test',
      `--test-concurrency=${run.concurrency}`,
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      `--test-reporter=${join(import.meta.dirname, 'helpers/summaryReporter.mjs')}`,
      `--test-reporter-destination=${join(summaryDir, `tests-${index}.jsonl`)}`,
      ...run.files,
    ],
    { stdio: 'inherit', env: run.coverage ? { ...process.env, NODE_V8_COVERAGE: run.coverage } : process.env },
  );
  status = Math.max(status, result.status ?? 1);
}
if (coverageDir) printCoverage(coverageDir);
const records = runs.flatMap((_, index) => {
  const file = join(summaryDir, `tests-${index}.jsonl`);
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line))
    : [];
});
rmSync(summaryDir, { recursive: true, force: true });
saveDurations(records);
printSummary(records);
process.exit(status);

/** Each file's time in this run (the sum of its top-level tests), kept for the order of the next. */
function saveDurations(records) {
  const root = join(import.meta.dirname, '..');
  const times = {};
  for (const { file, ms } of records) {
    if (!file || typeof ms !== 'number') continue;
    const key = relative(root, file).split(sep).join('/');
    times[key] = (times[key] ?? 0) + ms;
  }
  if (!Object.keys(times).length) return;
  mkdirSync(dirname(durationsFile), { recursive: true });
  writeFileSync(durationsFile, JSON.stringify({ ...durations, ...times }, null, 1));
}

/** Each suite (folder of test/), with its tests passed, failed and skipped, and why any did not run. */
function printSummary(records) {
  const suites = new Map();
  for (const record of records) {
    const suite = record.file ? relative(join(import.meta.dirname), record.file).split(sep)[0] : '?';
    const row = suites.get(suite) ?? { passed: 0, failed: 0, skipped: 0, notRun: new Set() };
    suites.set(suite, row);
    if (record.failed) row.failed++;
    else if (record.skip !== undefined || record.todo) {
      row.skipped++;
      if (/^NOT RUN/.test(record.skip ?? '')) row.notRun.add(record.skip.replace(/^NOT RUN:?\s*/, ''));
    } else row.passed++;
  }
  const total = { passed: 0, failed: 0, skipped: 0 };
  console.log('\nsuite         | passed | failed | skipped | not run, and why');
  console.log('--------------|--------|--------|---------|-----------------');
  for (const [suite, row] of [...suites].sort(([a], [b]) => a.localeCompare(b))) {
    for (const key of Object.keys(total)) total[key] += row[key];
    const why = [...row.notRun].join('; ');
    console.log(
      `${suite.padEnd(13)} | ${String(row.passed).padStart(6)} | ${String(row.failed).padStart(6)} | ${String(row.skipped).padStart(7)} | ${why ? `NOT RUN: ${why}` : ''}`,
    );
  }
  console.log(
    `${'total'.padEnd(13)} | ${String(total.passed).padStart(6)} | ${String(total.failed).padStart(6)} | ${String(total.skipped).padStart(7)} |`,
  );
  if (!records.length) console.log('(no test reported: see the output above)');
  console.log(`${total.passed} passed, ${total.failed} failed`);
}

/** c8's summary of what the tests covered of the sources (the built bundles and generated validators aside). */
function printCoverage(dir) {
  if (!existsSync(dir)) return;
  const c8 = join(import.meta.dirname, '..', 'node_modules', 'c8', 'bin', 'c8.js');
  const report = spawnSync(
    process.execPath,
    [
      c8,
      'report',
      '--temp-directory',
      dir,
      '--reporter=text-summary',
      '--all',
      '--include',
      'server/src/**',
      '--include',
      'client/src/**',
      '--exclude',
      'server/src/generated/**',
    ],
    { cwd: join(import.meta.dirname, '..'), encoding: 'utf8' },
  );
  const lines = (report.stdout ?? '').split('\n').filter((line) => /^(?:Statements|Branches|Functions|Lines)\s*:/.test(line));
  console.log(
    `\ncoverage of server/src and client/src by the unit, feature, property, analytics, client, CLI and LSP tests, in their own processes (c8):`,
  );
  for (const line of lines.length ? lines : ['(no coverage recorded)']) console.log(`  ${line}`);
}
