import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createLanguageService } from '../../server/src/service';
import { checkSite, site } from '../helpers/check';
import { MemoryWorkspace, ROOT } from '../helpers/memoryWorkspace';
import { NOT_CANCELLED } from '../../server/src/service/cancellation';

/** A site listing `page` and `target`, the page's body as given. */
function files(body: string): Record<string, string> {
  return {
    ...site({ groups: [{ group: 'Docs', pages: ['page', 'target'] }] }),
    'page.mdx': `---\ntitle: Page\n---\n\n${body}`,
    'target.mdx': '---\ntitle: Target\n---\n\n## Setup\n',
  };
}

const findings = async (body: string) =>
  (await checkSite(files(body)))
    .filter((f) => f.file === 'page.mdx')
    .map((f) => `${f.line + 1} ${f.code} ${f.text}`)
    .sort();

test('a suppression drops the named codes on the next line only', async () => {
  const body = [
    '{/* docsmith-ignore-next-line links/page-not-found */}',
    'See [gone](/gone) and [anchor](/target#nowhere).',
    'And [also gone](/gone-too).',
  ].join('\n');
  assert.deepEqual(await findings(body), ['6 links/anchor-not-found #nowhere', '7 links/page-not-found /gone-too']);
});

test('without codes it drops every finding of the next line, deferred anchor checks included', async () => {
  const body = ['{/* docsmith-ignore-next-line */}', 'See [gone](/gone) and [anchor](/target#nowhere).'].join('\n');
  assert.deepEqual(await findings(body), []);
  const several = [
    '{/* docsmith-ignore-next-line links/page-not-found, links/anchor-not-found */}',
    'See [gone](/gone) and [anchor](/target#nowhere).',
  ];
  assert.deepEqual(await findings(several.join('\n')), []);
});

test('a suppression that drops nothing, or names no code, is reported; one inside a code block or inline code is text', async () => {
  const body = [
    '{/* docsmith-ignore-next-line links/page-not-found */}',
    'All [fine](/target#setup).',
    '',
    '{/* docsmith-ignore-next-line links/no-such-code */}',
    'See [gone](/gone).',
    '',
    '```mdx',
    '{/* docsmith-ignore-next-line */}',
    'Shown as an example.',
    '```',
    'Write `{/* docsmith-ignore-next-line */}` above the line.',
  ].join('\n');
  const found = (await checkSite(files(body))).filter((f) => f.file === 'page.mdx');
  assert.deepEqual(found.map((f) => `${f.line + 1} ${f.code}`).sort(), [
    '5 suppressions/unused',
    '8 suppressions/unused',
    '9 links/page-not-found',
  ]);
  const unused = found.filter((f) => f.code === 'suppressions/unused').sort((a, b) => a.line - b.line);
  assert.match(unused[0].message, /drops nothing: there is no links\/page-not-found on the next line/);
  assert.match(unused[1].message, /"links\/no-such-code" is not a Docsmith code/);
});

test('a misspelt code in a suppression gets a did-you-mean', async () => {
  const found = await checkSite(files('{/* docsmith-ignore-next-line links/anchor-not-fond */}\nSee [top](#top).\n'));
  const [unused] = found.filter((f) => f.code === 'suppressions/unused');
  assert.match(unused.message, /"links\/anchor-not-fond" is not a Docsmith code .* Did you mean "links\/anchor-not-found"\?$/);
});

test('the editor applies them too, in Markdown pages as well', async () => {
  const workspace = new MemoryWorkspace({
    ...files('{/* docsmith-ignore-next-line links/page-not-found */}\nSee [gone](/gone).\n'),
    'notes.md': '---\ntitle: Notes\n---\n\n{/* docsmith-ignore-next-line links/page-not-found */}\nSee [gone](/gone).\n',
  });
  const service = createLanguageService({ workspace, settings: { orphans: false } });
  assert.deepEqual(
    ((await service.getDiagnostics(`${ROOT}/page.mdx`, NOT_CANCELLED)) ?? []).map((d) => d.code),
    [],
  );
  assert.deepEqual(
    ((await service.getDiagnostics(`${ROOT}/notes.md`, NOT_CANCELLED)) ?? []).map((d) => d.code),
    [],
  );
});
