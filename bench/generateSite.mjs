// Writes a synthetic docs site: N pages on disk in nested folders, a docs.json that lists them in
// tabs and nested groups (a few deliberate problems), and an OpenAPI file with many operations.
import { mkdirSync, writeFileSync, rmSync, existsSync, readFileSync } from 'node:fs';

/** Bumped when the pages change: version 2 has no paragraph that MDX reads as `import`. */
const GENERATOR_VERSION = '2';
import { join } from 'node:path';

const words =
  'alpha beta gamma delta api user project token webhook event billing invoice report export import search index cache queue worker'.split(
    ' ',
  );

function paragraph(seed) {
  let text = '';
  for (let i = 0; i < 60; i++) text += words[(seed * 7 + i * 13) % words.length] + (i % 12 === 11 ? '. ' : ' ');
  // A sentence starts with a capital: a paragraph beginning `import ...` would be read as ESM by MDX.
  return text.trim().replace(/^\w/, (first) => first.toUpperCase());
}

export function generateSite(dir, { pages, operations = 1000, endpointShare = 0 }) {
  const marker = join(dir, '.generated');
  // The marker holds the generator's version: a site from an older one is written again.
  if (existsSync(marker) && readFileSync(marker, 'utf8') === GENERATOR_VERSION) return dir;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const ids = [];
  for (let i = 0; i < pages; i++) {
    const section = `section-${Math.floor(i / 500)}`;
    const topic = `topic-${Math.floor(i / 50) % 10}`;
    ids.push(`${section}/${topic}/page-${i}`);
  }
  const paths = [];
  for (let i = 0; i < operations / 2; i++) paths.push(`/v1/resource-${i}/{id}`);
  const spec = { openapi: '3.1.0', info: { title: 'Bench API', version: '1.0.0' }, paths: {} };
  for (const path of paths)
    spec.paths[path] = {
      get: { summary: `Get ${path}`, responses: { 200: { description: 'ok' } } },
      delete: { summary: `Delete ${path}`, responses: { 204: { description: 'gone' } } },
    };
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(spec, null, 2));

  ids.forEach((id, index) => {
    const file = join(dir, `${id}.mdx`);
    mkdirSync(join(file, '..'), { recursive: true });
    const endpoint = endpointShare && index % Math.round(1 / endpointShare) === 0;
    const front = endpoint
      ? `---\ntitle: "Get resource ${index}"\ndescription: "Reads resource ${index}."\napi: "GET /v1/resource-${index % paths.length}/{id}"\nauthMethod: "bearer"\n---\n\n<ParamField path="id" type="string" required>\n  The ID.\n</ParamField>\n\n<ResponseField name="id" type="string" required>\n  The ID.\n</ResponseField>\n`
      : `---\ntitle: "Page ${index}"\ndescription: "About ${words[index % words.length]}."\n---\n`;
    writeFileSync(file, `${front}\n## Overview\n\n${paragraph(index)}\n\n## Details\n\n${paragraph(index + 1)}\n`);
  });

  const tabs = [];
  const perTab = Math.ceil(ids.length / 10);
  for (let t = 0; t < 10; t++) {
    const slice = ids.slice(t * perTab, (t + 1) * perTab);
    const groups = [];
    for (let g = 0; g < slice.length; g += 50) {
      const chunk = slice.slice(g, g + 50);
      groups.push({
        group: `Group ${t}-${g / 50}`,
        pages: [...chunk.slice(0, 25), { group: `Nested ${t}-${g / 50}`, icon: 'folder', pages: chunk.slice(25) }],
      });
    }
    tabs.push({ tab: `Tab ${t}`, icon: 'book', groups });
  }
  // An API tab: operations from the spec, and a few deliberate problems.
  tabs.push({
    tab: 'API',
    groups: [{ group: 'Resources', openapi: 'openapi.json', pages: paths.slice(0, 300).map((path) => `GET ${path}`) }],
  });
  tabs[0].groups[0].pages.push('section-0/topic-0/page-00', 'missing/page', 'GET /v1/resource-0/{resourceId}');
  const docs = {
    $schema: 'https://mintlify.com/docs.json',
    theme: 'mint',
    name: 'Bench',
    colors: { primary: '#0D9373' },
    navigation: { tabs },
    api: { mdx: { server: 'https://api.example.com', auth: { method: 'bearer' } } },
    integrations: { posthog: { apiKey: 'phc_bench' } },
  };
  writeFileSync(join(dir, 'docs.json'), JSON.stringify(docs, null, 2));
  writeFileSync(marker, GENERATOR_VERSION);
  return dir;
}
