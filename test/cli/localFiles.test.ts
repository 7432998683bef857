import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORMAT } from '../../server/src/cli/checkCacheData';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/**
 * The files the CLI keeps beside a site, attacked (issue 39, items 4, 5, 7, 8, 13, 14): a committed
 * symlink, a FIFO, a device, a file of the wrong shape or an edited one. Each ends as a clear message
 * (exit 2 for what the user gave, a warning for the cache), never a write outside the repository,
 * never a hang (the timeout guards it; no duration is asserted), never the content of a file quoted.
 */
const HANG_GUARD = { timeout: 60_000 };

function repository(): { repo: string; docs: string; outside: string } {
  const outside = tempDir('docsmith-outside-');
  const repo = tempDir('docsmith-repo-');
  const docs = join(repo, 'docs');
  mkdirSync(docs);
  writeFileSync(
    join(docs, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'R',
      colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'A', pages: ['index'] }] },
    }),
  );
  writeFileSync(join(docs, 'index.mdx'), '---\ntitle: Home\n---\n\nSee [nowhere](/nowhere).\n');
  return { repo, docs, outside };
}

test(
  '--write-baseline does not write through a committed symlink, nor through a linked folder out of the folder checked',
  HANG_GUARD,
  async () => {
    const { docs, outside } = repository();
    const victim = join(outside, 'victim.txt');
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(docs, 'baseline.json'));
    const linked = await runCli(['check', docs, '--write-baseline', join(docs, 'baseline.json')]);
    assert.equal(linked.code, 2);
    assert.match(linked.stderr, /baseline .*baseline\.json is a symbolic link; Docsmith does not write through links/);
    assert.equal(readFileSync(victim, 'utf8'), 'precious');

    symlinkSync(outside, join(docs, '.docsmith'));
    const throughFolder = await runCli(['check', docs, '--write-baseline', join(docs, '.docsmith', 'baseline.json')]);
    assert.equal(throughFolder.code, 2);
    assert.match(throughFolder.stderr, /links to .* outside it; Docsmith does not follow links out of the folder it checks/);
    assert.equal(existsSync(join(outside, 'baseline.json')), false);

    // A path given outside the folder on purpose is written there.
    const elsewhere = await runCli(['check', docs, '--write-baseline', join(outside, 'kept.json')]);
    assert.equal(elsewhere.code, 0);
    assert.match(readFileSync(join(outside, 'kept.json'), 'utf8'), /"version": 1/);
  },
);

test(
  '65 D21: --write-baseline outside the folder checked but inside its repository does not go through a committed folder link out of it',
  HANG_GUARD,
  async () => {
    const { repo, docs, outside } = repository();
    mkdirSync(join(repo, '.git'));
    symlinkSync(outside, join(repo, 'linked'));
    const result = await runCli(['check', docs, '--write-baseline', join(repo, 'linked', 'b.json')]);
    assert.equal(result.code, 2);
    assert.match(result.stderr, /links to .* outside it; Docsmith does not follow links out of the folder it checks/);
    assert.equal(existsSync(join(outside, 'b.json')), false);
    // A plain path in the repository, outside the folder checked, is written.
    const plain = await runCli(['check', docs, '--write-baseline', join(repo, 'b.json')]);
    assert.equal(plain.code, 0);
    assert.match(readFileSync(join(repo, 'b.json'), 'utf8'), /"version": 1/);
  },
);

test('--write-baseline onto a device or a full disk: a clear message and exit 2, nothing replaced', HANG_GUARD, async () => {
  const { docs } = repository();
  const full = await runCli(['check', docs, '--write-baseline', '/dev/full']);
  assert.equal(full.code, 2);
  assert.match(full.stderr, /\/dev\/full is not a regular file/);
  assert.doesNotMatch(full.stderr, /internal error|please report/);
  assert.ok(lstatSync('/dev/full').isCharacterDevice());
  // A folder that cannot be made (a file stands where it would be).
  const blocked = join(docs, 'index.mdx', 'b.json');
  const missing = await runCli(['check', docs, '--write-baseline', blocked]);
  assert.equal(missing.code, 2);
  assert.match(missing.stderr, /cannot write the baseline .*index\.mdx\/b\.json \(E[A-Z]+\)/);
});

test('the cache is written through an exclusive temporary file, never through a planted link', HANG_GUARD, async () => {
  const { docs, outside } = repository();
  const cache = join(docs, '.cache.json');
  const victim = join(outside, 'victim.txt');
  writeFileSync(victim, 'precious');
  // The old predictable temporary name, planted as a link: never followed.
  for (let pid = 1; pid < 50; pid++) symlinkSync(victim, `${cache}.${pid}.tmp`);
  symlinkSync(victim, cache);
  const run = await runCli(['check', docs, '--cache-location', cache]);
  assert.equal(run.code, 1);
  assert.match(run.stderr, /could not write the cache: the cache .* is a symbolic link/);
  assert.equal(readFileSync(victim, 'utf8'), 'precious');
  const real = join(docs, 'real-cache.json');
  assert.equal((await runCli(['check', docs, '--cache-location', real])).code, 1);
  assert.match(readFileSync(real, 'utf8'), new RegExp(`^docsmith-cache ${FORMAT} `));
  assert.deepEqual(
    readdirSync(docs).filter((name) => name.endsWith('.tmp') && !lstatSync(join(docs, name)).isSymbolicLink()),
    [],
  );
});

test(
  'a cache of the wrong shape, an edited cache and a cache on a FIFO or /dev/zero are no cache: every page is checked',
  HANG_GUARD,
  async () => {
    const { docs, outside } = repository();
    const cache = join(outside, 'cache.json');
    const first = await runCli(['check', docs, '--cache-location', cache, '--format', 'json']);
    assert.equal(JSON.parse(first.stdout).summary.errors, 1);
    // Edited: the finding taken out of the cache. The digest no longer matches, the page is checked again.
    const text = readFileSync(cache, 'utf8');
    writeFileSync(cache, text.replace(/"diagnostics":\[[^\]]*\]|\[\{"range".*?\}\]\]/, '[]]'));
    const edited = await runCli(['check', docs, '--cache-location', cache, '--format', 'json']);
    assert.equal(JSON.parse(edited.stdout).summary.errors, 1);
    assert.match(edited.stderr, /edited; checking every page/);
    // Valid JSON of the wrong shape after a valid header is still no cache (never exit 3).
    writeFileSync(cache, `docsmith-cache ${FORMAT} x\n{"format":${FORMAT},"roots":{"a":{"key":1}}}`);
    const shaped = await runCli(['check', docs, '--cache-location', cache]);
    assert.equal(shaped.code, 1);
    const fifo = join(outside, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const onFifo = await runCli(['check', docs, '--cache-location', fifo]);
    assert.equal(onFifo.code, 1);
    assert.match(onFifo.stderr, /cannot read the cache .*not a regular file/);
    const zero = await runCli(['check', docs, '--cache-location', '/dev/zero']);
    assert.equal(zero.code, 1);
    assert.match(zero.stderr, /not a regular file/);
  },
);

test(
  '--baseline and --config on a FIFO or /dev/zero: refused at once; a config linked out of the folder is not read',
  HANG_GUARD,
  async () => {
    const { docs, outside } = repository();
    const fifo = join(outside, 'fifo');
    execFileSync('mkfifo', [fifo]);
    for (const args of [
      ['--baseline', fifo],
      ['--baseline', '/dev/zero'],
      ['--config', fifo],
    ]) {
      const run = await runCli(['check', docs, ...args]);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /not a regular file/);
    }
    const secret = join(outside, 'passwd');
    writeFileSync(secret, 'root:x:0:0:root:/root:/bin/bash\n');
    symlinkSync(secret, join(docs, '.docsmithrc.json'));
    const linked = await runCli(['check', docs]);
    assert.equal(linked.code, 2);
    assert.match(linked.stderr, /links to .* outside it/);
    assert.doesNotMatch(linked.stderr, /root:x/);
  },
);

test('a config that is not JSON is reported with a line and column, without quoting it', HANG_GUARD, async () => {
  const { docs } = repository();
  writeFileSync(join(docs, '.docsmithrc.json'), 'secret-token-abc123: yes\n');
  const run = await runCli(['check', docs]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /is not valid JSON: \w+ at line 1, column 1/);
  assert.doesNotMatch(run.stderr, /secret-token/);
});

test('an ignore glob of many `**` is refused before it can backtrack over a deep path', HANG_GUARD, async () => {
  const { docs } = repository();
  const deep = join(docs, ...Array(40).fill('a'));
  mkdirSync(deep, { recursive: true });
  writeFileSync(join(deep, 'p.mdx'), '# P\n');
  writeFileSync(join(docs, '.docsmithrc.json'), JSON.stringify({ ignore: [`${'a/**/'.repeat(16)}b`] }));
  const run = await runCli(['check', docs]);
  assert.equal(run.code, 2);
  assert.match(run.stderr, /has 16 "\*\*"; at most 3 are allowed/);
  writeFileSync(join(docs, '.docsmithrc.json'), JSON.stringify({ ignore: ['a/**/b', 'a/**/p.mdx'] }));
  assert.equal((await runCli(['check', docs])).code, 1);
});

test('grouped findings: the JSON and SARIF carry the count and the other places; the baseline counts every place', HANG_GUARD, async () => {
  const { docs } = repository();
  const links = (n: number) => [...Array(n)].map(() => '![icon](/missing/icon.png)').join('\n\n');
  writeFileSync(join(docs, 'index.mdx'), `---\ntitle: Home\n---\n\n${links(4)}\n`);
  const json = JSON.parse((await runCli(['check', docs, '--format', 'json'])).stdout);
  const [grouped] = json.diagnostics.filter((d: { code: string }) => d.code === 'links/file-not-found');
  assert.equal(grouped.count, 4);
  assert.deepEqual(
    grouped.related.map((place: { line: number }) => place.line),
    [7, 9, 11],
  );
  const sarif = JSON.parse((await runCli(['check', docs, '--format', 'sarif'])).stdout);
  const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'links/file-not-found');
  assert.equal(result.occurrenceCount, 4);
  assert.equal(result.relatedLocations.length, 3);
  const baseline = join(docs, 'baseline.json');
  assert.equal((await runCli(['check', docs, '--write-baseline', baseline])).code, 0);
  const stored = JSON.parse(readFileSync(baseline, 'utf8')).findings.find((f: { code: string }) => f.code === 'links/file-not-found');
  assert.equal(stored.count, 4);
  assert.equal((await runCli(['check', docs, '--baseline', baseline])).code, 0, 'nothing new');
  writeFileSync(join(docs, 'index.mdx'), `---\ntitle: Home\n---\n\n${links(5)}\n`);
  const more = await runCli(['check', docs, '--baseline', baseline, '--format', 'json']);
  assert.equal(more.code, 1, 'a fifth place is new');
});
