import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/** A docs folder inside a repository, as a docs site is usually kept: `repo/docs/docs.json`. */
function repository(): { repo: string; docs: string } {
  const repo = tempDir('docsmith-repo-');
  const docs = join(repo, 'docs');
  mkdirSync(docs);
  const navigation = { groups: [{ group: 'A', pages: ['index', 'guides/x'] }] };
  writeFileSync(join(docs, 'docs.json'), JSON.stringify({ theme: 'mint', name: 'R', colors: { primary: '#000000' }, navigation }));
  writeFileSync(join(docs, 'index.mdx'), '---\ntitle: Home\n---\n\nSee [nowhere](/nowhere).\n');
  return { repo, docs };
}

test('sarif: every location resolves from the repository root (the folder holding .git), and the log is valid SARIF 2.1.0', async () => {
  const { repo, docs } = repository();
  mkdirSync(join(repo, '.git'));
  mkdirSync(join(docs, 'guides'));
  writeFileSync(join(docs, 'guides/x.mdx'), '---\ntitle: X\n---\n\n[a](/gone) [b](/gone) [c](/gone)\n');
  const sarif = JSON.parse((await runCli(['check', docs, '--format', 'sarif'], { cwd: tempDir('docsmith-elsewhere-') })).stdout);
  // The schema's language pattern is valid only without the u flag (a stray `]`).
  const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false });
  const schema = JSON.parse(readFileSync(require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8'));
  // A draft-04 schema whose only draft-04 keyword is its root `id`: Ajv's default draft reads the rest alike.
  delete schema.$schema;
  delete schema.id;
  const validate = ajv.compile(schema);
  assert.ok(validate(sarif as unknown), JSON.stringify(validate.errors?.slice(0, 3)));
  const run = sarif.runs[0];
  const root = fileURLToPath(run.originalUriBaseIds['%SRCROOT%'].uri);
  assert.equal(realpathSync(root), realpathSync(repo));
  const locations = run.results.flatMap((result: SarifResult) => [...result.locations, ...(result.relatedLocations ?? [])]);
  assert.ok(locations.length >= 4);
  for (const { physicalLocation } of locations) {
    assert.equal(physicalLocation.artifactLocation.uriBaseId, '%SRCROOT%');
    assert.ok(existsSync(join(root, physicalLocation.artifactLocation.uri)), physicalLocation.artifactLocation.uri);
  }
  assert.ok(locations.some((place: SarifLocation) => place.physicalLocation.artifactLocation.uri === 'docs/guides/x.mdx'));
});

test('65 D18: sarif artifact URIs are percent-encoded, so a file named a#b.mdx, c?d.mdx or 100%.mdx resolves to itself', async () => {
  const docs = tempDir('docsmith-sarif-names-');
  const names = ['a#b.mdx', 'c?d.mdx', '100%.mdx', 'with space.mdx'];
  writeFileSync(
    join(docs, 'docs.json'),
    JSON.stringify({
      $schema: 'https://mintlify.com/docs.json',
      theme: 'mint',
      name: 'N',
      colors: { primary: '#000000' },
      navigation: { groups: [{ group: 'G', pages: ['index'] }] },
    }),
  );
  writeFileSync(join(docs, 'index.mdx'), '---\ntitle: Home\n---\n');
  for (const name of names) writeFileSync(join(docs, name), '---\ntitle: X\n---\n\n[a](/gone)\n');
  const sarif = JSON.parse((await runCli(['check', docs, '--format', 'sarif'])).stdout);
  const run = sarif.runs[0];
  const base = run.originalUriBaseIds['%SRCROOT%'].uri;
  const files = run.results.flatMap((result: SarifResult) =>
    result.locations.map((place) => fileURLToPath(new URL(place.physicalLocation.artifactLocation.uri, base))),
  );
  for (const name of names)
    assert.ok(
      files.some((file: string) => realpathSync(file) === realpathSync(join(docs, name))),
      `${name}: ${files.join(', ')}`,
    );
});

interface SarifLocation {
  physicalLocation: { artifactLocation: { uri: string; uriBaseId: string } };
}
interface SarifResult {
  locations: SarifLocation[];
  relatedLocations?: SarifLocation[];
}
