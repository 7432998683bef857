import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseFrontMatter } from '../../server/src/service/frontMatter/parseFrontMatter';
import { corpusSites, CORPUS, sitePageFiles } from '../helpers/corpus';
import { frontMatterReaders, oracleUnavailable } from '../helpers/oracle';
import { judged } from './disagreements';

/**
 * Front matter as the platform reads a page's metadata (`parseFrontmatter` of @mintlify/common, which
 * is the `front-matter` package), against Docsmith's split and values, over every page and snippet
 * of the corpus; and against gray-matter with js-yaml 4 as its engine, the reader the design names
 * (issue 44, section 6), to show whether it could take the place of the hand-written split.
 */
interface Reading {
  /** The metadata block was read; undefined when the reader threw (a YAML error). */
  read?: boolean;
  body?: string;
  data?: unknown;
}

/** The body as the MDX parser sees it: blank lines right after the block make no difference. */
const bodyOf = (body: string) => body.replace(/^(?:[ \t]*\r?\n)+/, '');

function compare(file: string, platform: Reading, other: Reading): string[] {
  if (platform.read === undefined || other.read === undefined)
    return platform.read === other.read
      ? []
      : [
          `error of ${file}: the platform ${platform.read === undefined ? 'throws' : 'reads it'}, the other ${other.read === undefined ? 'throws' : 'reads it'}`,
        ];
  if (platform.read !== other.read)
    return [
      `split of ${file}: the platform ${platform.read ? 'reads a block' : 'reads none'}, the other ${other.read ? 'reads one' : 'none'}`,
    ];
  const found: string[] = [];
  if (platform.read && bodyOf(platform.body!) !== bodyOf(other.body!))
    found.push(
      `body of ${file}: starts ${JSON.stringify(bodyOf(other.body!).slice(0, 40))}, the platform's ${JSON.stringify(bodyOf(platform.body!).slice(0, 40))}`,
    );
  const theirs = (platform.data ?? {}) as Record<string, unknown>;
  const ours = (other.data ?? {}) as Record<string, unknown>;
  if (typeof theirs !== 'object' || typeof ours !== 'object') return found;
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(ours)]))
    if (JSON.stringify(theirs[key]) !== JSON.stringify(ours[key]))
      found.push(
        `values of ${file}: \`${key}\` is ${JSON.stringify(ours[key])?.slice(0, 60)}, the platform's ${JSON.stringify(theirs[key])?.slice(0, 60)}`,
      );
  return found;
}

const unavailable = oracleUnavailable();
const sites = corpusSites();

if (unavailable || sites.length === 0) {
  test('front matter is read as the platform reads it', (t) => t.skip(`NOT RUN: ${unavailable ?? `no corpus at ${CORPUS}`}`));
} else {
  test('front matter of every corpus page: Docsmith reads what the platform reads; gray-matter does not', () => {
    const { platform, grayMatter } = frontMatterReaders();
    const unjudged: string[] = [];
    const grayOnly: string[] = [];
    let pages = 0;
    for (const site of sites) {
      const root = join(CORPUS, site);
      for (const path of sitePageFiles(root)) {
        pages++;
        const file = relative(root, path);
        const text = readFileSync(path, 'utf8');
        let theirs: Reading = {};
        try {
          const result = platform(text) as { attributes: unknown; body: string; frontmatter?: string };
          theirs = { read: 'frontmatter' in result, body: result.body, data: result.attributes };
        } catch {
          theirs = {};
        }
        const fm = parseFrontMatter(text);
        const read = fm.present && !fm.unread;
        const ours: Reading = fm.error
          ? {}
          : { read, body: read ? text.slice(fm.bodyOffset) : text, data: fm.notMapping ? fm.notMapping.value : fm.data };
        const disagreements = compare(file, theirs, ours);
        for (const line of disagreements) if (!judged('frontmatter', site, line)) unjudged.push(`${site}: ${line}`);
        let gray: Reading = {};
        try {
          const result = grayMatter(text);
          gray = {
            read: result.content !== text || Object.keys(result.data as object).length > 0,
            body: result.content,
            data: result.data,
          };
        } catch {
          gray = {};
        }
        if (disagreements.length === 0 && compare(file, theirs, gray).length)
          grayOnly.push(`${site}/${file}: ${compare(file, theirs, gray)[0]}`);
      }
    }
    assert.ok(pages > 0);
    assert.deepEqual(unjudged, [], `Docsmith's front matter disagrees with the platform's reader`);
    // Why gray-matter cannot serve (docs/architecture.md): pages where it, not Docsmith, reads otherwise.
    const kinds = new Map<string, number>();
    for (const line of grayOnly) {
      const kind = line.slice(line.indexOf(': ') + 2).split(' of ')[0];
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    console.log(
      `front matter of ${pages} pages: gray-matter reads otherwise than the platform where Docsmith agrees on ${grayOnly.length} ` +
        `(${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}), such as:\n  ${grayOnly.slice(0, 5).join('\n  ')}`,
    );
    if (sites.length > 50)
      assert.ok(grayOnly.length > 0, 'gray-matter now reads as the platform does: docs/architecture.md says otherwise');
  });
}
