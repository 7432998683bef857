import { test } from 'node:test';
import assert from 'node:assert/strict';
import { URI, Utils } from 'vscode-uri';
import { joinUri, relativeUri, resolveInside, uriToPath } from '../../server/src/service/uri';

test('the fast paths agree with vscode-uri', () => {
  const bases = ['file:///site', 'file:///my%20docs/site', 'file:///c%3A/docs'];
  const segments = [['guides/quickstart.mdx'], ['a b/ü.mdx'], ['x', 'y.json'], ['../up.json'], ['./here.mdx'], ['100%.mdx']];
  for (const base of bases) {
    for (const parts of segments)
      assert.equal(joinUri(base, ...parts), Utils.joinPath(URI.parse(base), ...parts).toString(), `${base} + ${parts}`);
  }
  for (const uri of ['file:///site/a%20b.mdx', 'file:///site/%C3%BC.mdx', 'file:///c%3A/docs/x.mdx', 'file:///C:/docs/x.mdx']) {
    assert.equal(uriToPath(uri), URI.parse(uri).fsPath, uri);
  }
});

test('relative paths and paths that climb out of the root', () => {
  assert.equal(relativeUri('file:///site', 'file:///site/a%20b/c.mdx'), 'a b/c.mdx');
  assert.equal(relativeUri('file:///site', 'file:///other/c.mdx'), undefined);
  assert.equal(resolveInside('file:///site', 'file:///site/config', '../nav.json'), 'file:///site/nav.json');
  assert.equal(resolveInside('file:///site', 'file:///site/config', '../../etc/passwd'), undefined);
  assert.equal(resolveInside('file:///site', 'file:///site/config', '/openapi.yaml'), 'file:///site/openapi.yaml');
});
