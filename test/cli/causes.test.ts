import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli } from '../helpers/cli';
import { tempDir } from '../helpers/tempDir';

/** A repository whose docs/ folder links 30 times, from 3 pages, to one missing page, and once to another. */
function halfMigrated(): { repo: string; docs: string } {
  const repo = tempDir('docsmith-causes-');
  mkdirSync(join(repo, '.git'));
  const docs = join(repo, 'docs');
  mkdirSync(docs);
  const pages = ['index', 'a', 'b'];
  writeFileSync(
    join(docs, 'docs.json'),
    JSON.stringify({ theme: 'mint', name: 'C', colors: { primary: '#000000' }, navigation: { groups: [{ group: 'G', pages }] } }),
  );
  for (const page of pages)
    writeFileSync(
      join(docs, `${page}.mdx`),
      `---\ntitle: ${page}\n---\n\n${Array.from({ length: 10 }, (_, i) => `Line ${i} [old](/old/moved).`).join('\n\n')}\n\n[once](/gone-${page})\n`,
    );
  return { repo, docs };
}

test('66.11: the text output leads with the missing targets most places link to, then every place', async () => {
  const { docs } = halfMigrated();
  const { stdout } = await runCli(['check', docs]);
  const lines = stdout.split('\n');
  assert.equal(lines[0], 'Most linked missing targets (fixing each mends every place that names it):');
  assert.match(lines[1], /^ {2}30 places in 3 files {2}links\/page-not-found {2}"\/old\/moved"$/);
  assert.ok(!lines.slice(1, 4).some((line) => line.includes('/gone-')), 'a target named once is no cause');
  assert.ok(stdout.includes('index.mdx:'), 'every place is still listed');
});

test('64.4, 66.11: the github output names files from the repository root, run from docs/ or from the root, and leads with the causes', async () => {
  const { repo, docs } = halfMigrated();
  for (const [cwd, dir] of [
    [docs, '.'],
    [repo, 'docs'],
  ]) {
    const { stdout } = await runCli(['check', dir, '--format', 'github'], { cwd });
    const lines = stdout.trim().split('\n');
    assert.match(lines[0], /^::notice title=docsmith%3A the causes first::Most linked missing targets.*%0A {2}30 places in 3 files/);
    const files = lines.filter((line) => line.startsWith('::error')).map((line) => /file=([^,]+)/.exec(line)?.[1]);
    assert.ok(files.length > 0 && files.every((file) => file?.startsWith('docs/')), `${cwd}: ${files.slice(0, 3).join(', ')}`);
  }
});

test('66.11: missing anchors that translations of one page repeat are named once per page set, before the details; JSON keeps every place', async () => {
  const docs = tempDir('docsmith-translated-');
  const languages = ['en', 'fr', 'de'];
  const pages = ['guide', 'setup'];
  writeFileSync(
    join(docs, 'docs.json'),
    JSON.stringify({
      theme: 'mint',
      name: 'T',
      colors: { primary: '#000000' },
      navigation: {
        languages: languages.map((language) => ({ language, groups: [{ group: 'G', pages: pages.map((page) => `${language}/${page}`) }] })),
      },
    }),
  );
  const heading: Record<string, string> = { en: 'Install', fr: 'Installer', de: 'Installieren' };
  for (const language of languages) {
    mkdirSync(join(docs, language));
    writeFileSync(join(docs, language, 'setup.mdx'), `---\ntitle: Setup\n---\n\n## ${heading[language]}\n`);
    // Every translation keeps the English anchor, 12 times.
    const links = Array.from({ length: 12 }, (_, i) => `Step ${i}: [install](/${language}/setup#install).`).join('\n\n');
    writeFileSync(join(docs, language, 'guide.mdx'), `---\ntitle: Guide\n---\n\n${links}\n`);
  }
  const { stdout } = await runCli(['check', docs]);
  const lines = stdout.split('\n');
  const lead = lines.findIndex((line) => line.startsWith('Translated pages that keep an anchor'));
  assert.ok(lead >= 0, stdout.slice(0, 400));
  assert.match(lines[lead], /24 places in 1 page sets/);
  assert.equal(lines[lead + 1], '  guide.mdx  "#install" into setup.mdx: missing in 2 languages (de, fr)');
  assert.ok(lead < lines.findIndex((line) => line.startsWith('fr/guide.mdx:')), 'before the details');
  assert.ok(!stdout.includes('Most linked missing targets'), 'the same places are not named again as causes');
  const json = JSON.parse((await runCli(['check', docs, '--format', 'json'])).stdout);
  const anchors = json.diagnostics.filter((d: { code: string }) => d.code === 'links/anchor-not-found');
  assert.equal(
    anchors.reduce((sum: number, d: { count?: number }) => sum + (d.count ?? 1), 0),
    24,
  );
});
