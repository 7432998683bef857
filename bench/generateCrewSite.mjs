// Writes a site shaped like the largest real one seen (crewAI): versions x languages in navigation,
// 25,000 pages of about 9 KB with realistic bodies (headings, prose, internal links with anchors,
// Cards, images, code blocks, a snippet import), and a docs.json of about 2.3 MB.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';

/** Bumped when the pages change: version 2 links to anchors that exist. */
const GENERATOR_VERSION = '2';
import { join } from 'node:path';

const VERSIONS = ['v1.0', 'v0.9', 'v0.8', 'v0.7', 'v0.6'];
const LANGUAGES = ['en', 'pt-BR', 'ko', 'ja', 'zh'];
const SECTIONS = ['concepts', 'guides', 'tools', 'enterprise', 'observability', 'learn', 'examples', 'api-reference'];
const WORDS =
  'agent crew task flow tool memory knowledge planning delegation process sequential hierarchical training testing replay callback listener event guardrail output pydantic structured llm embedder cache rate limit retry'.split(
    ' ',
  );

function words(seed, count) {
  let text = '';
  for (let i = 0; i < count; i++) text += WORDS[(seed * 31 + i * 17) % WORDS.length] + (i % 14 === 13 ? '. ' : ' ');
  return text.trim();
}

/** About 9 KB: front matter, headings, prose with links, a Card group, an image, code. */
function body(index, id, ids) {
  const target = (k) => (index * 7 + k * 131) % ids.length;
  const link = (k) => ids[target(k)];
  // The anchor of section `s` of the page linked: its heading is `words(target + s, 3) s`.
  const anchor = (s) => `${words(target(s) + s, 3).replace(/ /g, '-')}-${s}`;
  const sections = [];
  for (let s = 0; s < 6; s++) {
    sections.push(
      `## ${words(index + s, 3)} ${s}\n\n${words(index + s, 90)} See [the ${words(s, 1)} guide](/${link(s)}#${anchor(s)}) and [this section](#${words(index + s, 3).replace(/ /g, '-')}-${s}).\n\n${words(index * 3 + s, 60)}\n`,
    );
    if (s === 1)
      sections.push(
        `<CardGroup cols={2}>\n  <Card title="Next" icon="arrow-right" href="/${link(11)}">\n    ${words(index, 12)}\n  </Card>\n  <Card title="More" href="/${link(12)}">\n    ${words(index + 1, 12)}\n  </Card>\n</CardGroup>\n`,
      );
    if (s === 2) sections.push(`![${words(index, 2)}](/images/${id.split('/').slice(-1)[0]}.png)\n`);
    if (s === 3)
      sections.push(
        '```python\nfrom crewai import Agent, Crew, Task\n\nagent = Agent(role="researcher", goal="find [links](/not/a/link)")\ncrew = Crew(agents=[agent], tasks=[Task(description="x")])\ncrew.kickoff()\n```\n',
      );
    if (s === 4) sections.push(`<Note>\n  ${words(index + 4, 30)} Read [the reference](/${link(14)}).\n</Note>\n`);
  }
  return `---\ntitle: "${words(index, 3)} ${index}"\ndescription: "${words(index + 2, 12)}."\nicon: "book"\n---\n\nimport { Intro } from "/snippets/intro.mdx";\n\n<Intro />\n\n${sections.join('\n')}`;
}

export function generateCrewSite(dir, { pages = 25000 } = {}) {
  const marker = join(dir, '.generated');
  // The marker holds the generator's version: a site from an older one is written again.
  if (existsSync(marker) && readFileSync(marker, 'utf8') === GENERATOR_VERSION) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const combos = VERSIONS.length * LANGUAGES.length;
  const perCombo = Math.ceil(pages / combos);
  const ids = [];
  for (const version of VERSIONS) {
    for (const language of LANGUAGES) {
      for (let i = 0; i < perCombo && ids.length < pages; i++)
        ids.push(`${version}/${language}/${SECTIONS[i % SECTIONS.length]}/${words(i, 2).replace(/ /g, '-')}-${i}`);
    }
  }
  mkdirSync(join(dir, 'snippets'), { recursive: true });
  mkdirSync(join(dir, 'images'), { recursive: true });
  writeFileSync(join(dir, 'snippets/intro.mdx'), 'export const Intro = () => <p>CrewAI</p>;\n');
  ids.forEach((id, index) => {
    const file = join(dir, `${id}.mdx`);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, body(index, id, ids));
    writeFileSync(join(dir, 'images', `${id.split('/').slice(-1)[0]}.png`), '');
  });
  const versions = VERSIONS.map((version) => ({
    version,
    languages: LANGUAGES.map((language) => {
      const own = ids.filter((id) => id.startsWith(`${version}/${language}/`));
      return {
        language,
        tabs: SECTIONS.map((section) => {
          const inSection = own.filter((id) => id.split('/')[2] === section);
          const groups = [];
          for (let g = 0; g < inSection.length; g += 20) {
            const chunk = inSection.slice(g, g + 20);
            groups.push({
              group: `${section} ${g / 20}`,
              icon: 'folder',
              pages: [...chunk.slice(0, 12), { group: `More ${g / 20}`, pages: chunk.slice(12) }],
            });
          }
          return { tab: section, icon: 'book', groups };
        }),
      };
    }),
  }));
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'CrewAI',
    colors: { primary: '#EB6658', light: '#F3A78B', dark: '#C94C3C' },
    favicon: '/favicon.svg',
    navigation: { versions },
    navbar: {
      links: [{ label: 'Start Cloud Trial', href: 'https://app.crewai.com' }],
      primary: { type: 'github', href: 'https://github.com/crewAIInc/crewAI' },
    },
    integrations: { posthog: { apiKey: 'phc_crewai_bench' } },
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(join(dir, 'favicon.svg'), '');
  writeFileSync(marker, GENERATOR_VERSION);
  return dir;
}
