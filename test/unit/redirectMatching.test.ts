import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyRedirect, readRedirect, RedirectTable } from '../../server/src/service/links/redirects';
import { checkSite, only, site } from '../helpers/check';

/** The platform's matching, written as the regular expression it amounts to (slow with many `*`: the oracle for small sources). */
function byRegExp(source: string, destination: string, path: string): string | undefined {
  const redirect = readRedirect(source, destination);
  const names: (string | undefined)[] = [];
  const pattern = redirect.sourcePath.replace(/:(\w+)|[*.+?^${}()|[\]\\]/g, (whole, name?: string) => {
    if (name) {
      names.push(name);
      return '([^/]+)';
    }
    if (whole === '*') {
      names.push(undefined);
      return '(.*)';
    }
    return `\\${whole}`;
  });
  const match = new RegExp(`^${pattern}$`).exec(path);
  if (!match) return undefined;
  let result = redirect.destinationPath;
  const stars: string[] = [];
  names.forEach((name, index) => {
    if (name) result = result.split(`:${name}`).join(match[index + 1]);
    else stars.push(match[index + 1]);
  });
  let next = 0;
  return result.replace(/\*/g, () => stars[next++] ?? '');
}

test('wildcard sources capture what the regular expression of the source would, without backtracking', () => {
  const part = fc.constantFrom('a', 'b', '/', '-', ':x', ':y', '*', 'ab', 'a/b');
  fc.assert(
    fc.property(fc.array(part, { minLength: 1, maxLength: 6 }), fc.stringMatching(/^[ab/-]{0,12}$/), (parts, path) => {
      const source = `/${parts.join('')}`;
      const destination = `/to/${parts.filter((p) => p.startsWith(':') || p === '*').join('/')}`;
      const redirect = readRedirect(source, destination);
      const expected = redirect.wildcard
        ? byRegExp(source, destination, path)
        : path === redirect.sourcePath
          ? redirect.destinationPath
          : undefined;
      assert.equal(applyRedirect(path, redirect), expected, `${source} on ${path}`);
    }),
    { numRuns: 2000 },
  );
});

test('a source of many `*` is matched in time proportional to its parts and the path (it used to take minutes)', () => {
  const redirect = readRedirect(`/${'x*'.repeat(30)}y`, '/somewhere');
  assert.equal(applyRedirect(`${'x'.repeat(200)}z`, redirect), undefined);
  assert.equal(applyRedirect(`${'x'.repeat(200)}y`, redirect), 'somewhere');
});

test('the redirect table finds what the list in order would: an exact source first, then the first wildcard source that matches', () => {
  const redirects = [
    readRedirect('/docs/:page', '/one/:page'),
    readRedirect('/:any*', '/two'),
    readRedirect('/docs/exact', '/three'),
    readRedirect('/guides/*', '/four'),
  ];
  const table = new RedirectTable(redirects);
  assert.equal(table.find('docs/exact')?.destination, '/three');
  assert.equal(table.find('docs/other')?.destination, '/one/:page');
  assert.equal(table.find('guides/x')?.destination, '/two', 'the catch-all comes before /guides/* in the list');
  assert.equal(table.find('anything')?.destination, '/two');
  assert.equal(new RedirectTable([]).find('a'), undefined);
});

test('the redirect table agrees with the list in order on random sources and paths (prefixes of several segments, wildcards anywhere)', () => {
  let seed = 5;
  const random = (n: number) => ((seed = (seed * 16807) % 2147483647), seed % n);
  const segments = ['v1', 'v2', 'en', 'ja', 'docs', 'guides', 'x', ':slug', ':slug*', '*', 'a-*', ':id'];
  const literal = segments.filter((segment) => !/[:*]/.test(segment));
  const pathOf = (parts: string[], length: number) => Array.from({ length }, () => parts[random(parts.length)]).join('/');
  for (let round = 0; round < 50; round++) {
    const redirects = Array.from({ length: 40 }, (_, i) => readRedirect(`/${pathOf(segments, 1 + random(4))}`, `/to/${i}`));
    const table = new RedirectTable(redirects);
    for (let probe = 0; probe < 200; probe++) {
      const path = pathOf([...literal, 'a-b', 'c'], 1 + random(5));
      const exact = redirects.find((redirect) => !redirect.wildcard && redirect.sourcePath === path);
      const expected = exact ?? redirects.find((redirect) => redirect.wildcard && applyRedirect(path, redirect) !== undefined);
      assert.equal(table.find(path), expected, `${path} among ${redirects.map((r) => r.source).join(' ')}`);
    }
  }
});

test('a chain of more than 20 redirects is reported as too long for browsers, not as a loop; 20 are followed', async () => {
  const chain = (length: number) =>
    Array.from({ length }, (_, i) => ({ source: `/r${i}`, destination: i + 1 < length ? `/r${i + 1}` : '/intro' }));
  const long = await checkSite(site({ groups: [{ group: 'Docs', pages: ['intro'] }] }, ['intro'], { redirects: chain(25) }));
  const [first] = only(long, 'redirects/loop');
  assert.match(first.message, /chain of more than 20 redirects.*browsers give up after 20/);
  assert.doesNotMatch(first.message, /loop/);
  const short = await checkSite(site({ groups: [{ group: 'Docs', pages: ['intro'] }] }, ['intro'], { redirects: chain(20) }));
  assert.deepEqual(only(short, 'redirects/loop'), []);
});
