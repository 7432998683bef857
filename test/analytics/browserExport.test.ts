import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startExportServer } from '../../server/src/mock/exportServer';
import { connectionFailure, inBrowser } from '../../server/src/analytics/http';

/** The Docs Gaps view in the browser build: what a refused cross-origin request says, and a server that allows one. */

test('in a browser, a fetch that fails says in one sentence that the API may not allow the origin, and where the review works', () => {
  const said = connectionFailure(new TypeError('Failed to fetch'), 'https://api.example.com/v1/analytics/p/assistant?limit=100', true);
  assert.match(said, /^The export API at https:\/\/api\.example\.com could not be reached from the browser/);
  assert.match(said, /origin \(CORS\)/);
  assert.match(said, /desktop VS Code/);
  assert.match(said, /`docsmith gaps`/);
  assert.equal(said.split(/[.;] [A-Z]/).length, 1, 'one sentence');
  // Under node the network's own reason is given, as before.
  const failed = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
  assert.equal(connectionFailure(failed, 'http://127.0.0.1:1/v1', false), 'The connection failed: ECONNREFUSED.');
  assert.equal(inBrowser(), false);
});

test('mock-server --cors answers the preflight and lets the origin read its answers; without it, no CORS header', async (t) => {
  const origin = 'http://127.0.0.1:8080';
  const allowing = await startExportServer({ key: 'k', project: 'demo', conversations: 5, cors: origin });
  const plain = await startExportServer({ key: 'k', project: 'demo', conversations: 5 });
  t.after(() => Promise.all([allowing.close(), plain.close()]));
  const preflight = await fetch(`${allowing.url}/v1/analytics/demo/assistant`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get('access-control-allow-origin'), origin);
  assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);
  const page = await fetch(`${allowing.url}/v1/analytics/demo/assistant`, { headers: { origin, authorization: 'Bearer k' } });
  assert.equal(page.status, 200);
  assert.equal(page.headers.get('access-control-allow-origin'), origin);
  const refused = await fetch(`${plain.url}/v1/analytics/demo/assistant`, { headers: { origin, authorization: 'Bearer k' } });
  assert.equal(refused.status, 200);
  assert.equal(refused.headers.get('access-control-allow-origin'), null);
  // An OPTIONS request without a preflight's header is a request like another: refused as before.
  const options = await fetch(`${plain.url}/v1/analytics/demo/assistant`, { method: 'OPTIONS' });
  assert.equal(options.status, 405);
});
