import { test } from 'node:test';
import assert from 'node:assert/strict';
import { clusterGaps } from '../../server/src/analytics/gaps/gapClusters';
import { createPageRanker } from '../../server/src/analytics/gaps/pageRanking';
import { gapQuestion, indexedPagesOf } from '../helpers/gapFixtures';
import { docsJson } from '../helpers/check';
import { MemoryWorkspace } from '../helpers/memoryWorkspace';

/** Pages made mostly of snippets: a reader sees the snippet's text as the page's, so its answer belongs there. */
function snippetSite(files: Record<string, string>) {
  return new MemoryWorkspace({
    'docs.json': docsJson({ groups: [{ group: 'Guides', pages: ['install', 'other'] }] }),
    'other.mdx': '---\ntitle: Other\n---\n\nNothing about setup here.\n',
    ...files,
  });
}

const sectionText = async (site: MemoryWorkspace, heading: string | null) =>
  (await indexedPagesOf(site)).find((page) => page.id === 'install')!.sections.find((section) => section.heading === heading)!.text;

test('a snippet the page shows counts as the text of the section that shows it, snippets inside it too', async () => {
  const site = snippetSite({
    'install.mdx': [
      '---',
      'title: Install',
      '---',
      "import Helm from '/snippets/helm.mdx';",
      "import Unused from '/snippets/unused.mdx';",
      "import { Note } from '/snippets/note.mdx';",
      '',
      'Intro.',
      '',
      '## Kubernetes',
      '',
      '<Helm />',
      '',
      '## Docker',
      '',
      'Run the container.',
    ].join('\n'),
    'snippets/helm.mdx':
      "---\nsidebarTitle: x\n---\nimport Values from './values.mdx';\n\nAdd the chart repository with helm repo add.\n\n<Values />\n",
    'snippets/values.mdx': 'Override tolerations in values.yaml.\n',
    'snippets/unused.mdx': 'Telemetry opt out.\n',
    'snippets/note.mdx': 'export const Note = () => <p>Grafana dashboards</p>;\n',
  });
  const kubernetes = await sectionText(site, 'Kubernetes');
  assert.match(kubernetes, /helm repo add/);
  assert.match(kubernetes, /tolerations/, 'a snippet the snippet shows');
  assert.doesNotMatch(kubernetes, /sidebarTitle/, "the snippet's front matter is left out");
  assert.doesNotMatch(await sectionText(site, 'Docker'), /helm/, 'only the section that shows it');
  const all = (await indexedPagesOf(site)).flatMap((page) => page.sections.map((section) => section.text)).join('\n');
  assert.doesNotMatch(all, /Telemetry/, 'an imported snippet the page never shows adds nothing');
  assert.doesNotMatch(all, /Grafana/, 'a named import is a component, not text');
  const [cluster] = clusterGaps([gapQuestion('q', 'how do I override tolerations with helm')], {
    ranker: createPageRanker(await indexedPagesOf(site)),
  });
  assert.deepEqual([cluster.suggestion?.file, cluster.suggestion?.heading], ['install.mdx', 'Kubernetes']);
});

test('snippets that show each other are followed once round, and a missing snippet adds nothing', async () => {
  const site = snippetSite({
    'install.mdx':
      "---\ntitle: Install\n---\nimport A from '/snippets/a.mdx';\nimport Gone from '/snippets/gone.mdx';\n\n<A />\n\n<Gone />\n",
    'snippets/a.mdx': "import B from './b.mdx';\n\nAlpha text.\n\n<B />\n",
    'snippets/b.mdx': "import A from './a.mdx';\n\nBravo text.\n\n<A />\n",
  });
  const text = await sectionText(site, null);
  assert.equal(text.match(/Alpha text/g)?.length, 1);
  assert.equal(text.match(/Bravo text/g)?.length, 1);
});

test('a snippet shown twice in a page counts once, and a page takes a bounded amount of snippet text', async () => {
  const big = 'Gigantic reference table row.\n'.repeat(6_000); // 180,000 characters: one fits, two do not
  const site = snippetSite({
    'install.mdx': [
      '---',
      'title: Install',
      '---',
      "import A from '/snippets/a.mdx';",
      "import Big from '/snippets/big.mdx';",
      "import Huge from '/snippets/huge.mdx';",
      '',
      '<A />',
      '',
      '<A />',
      '',
      '<Big />',
      '',
      '<Huge />',
    ].join('\n'),
    'snippets/a.mdx': 'Alpha text.\n',
    'snippets/big.mdx': big,
    'snippets/huge.mdx': big.replaceAll('Gigantic', 'Enormous'),
  });
  const text = await sectionText(site, null);
  assert.equal(text.match(/Alpha text/g)?.length, 1);
  assert.match(text, /Gigantic/);
  assert.doesNotMatch(text, /Enormous/, 'past the bound');
});
