import assert from 'node:assert/strict';
import test from 'node:test';
import { closestMatch } from '../../server/src/service/check/suggest';
import { seededRandom } from '../../server/src/mock/conversations';
import { operationFix } from '../../server/src/service/openapi/operationFix';
import { parseSpec, type OpenApiSpec, type Operation } from '../../server/src/service/openapi/spec';

/** The did-you-mean as it was written first: every operation of every spec compared, lists built anew for each question. */
function reference(specs: readonly OpenApiSpec[], method: string, path: string): string | undefined {
  const normalise = (p: string) => p.replace(/\{[^{}]*\}/g, '{}');
  const upper = method.toUpperCase();
  const trimmed = path.replace(/\/$/, '');
  for (const spec of specs) {
    const sameMethod = spec.operations.filter((op) => op.method === upper);
    const renamed = sameMethod.filter((op) => normalise(op.path.replace(/\/$/, '')) === normalise(trimmed));
    let found: { operation: Operation; only: boolean } | undefined;
    if (renamed.length) found = { operation: renamed[0], only: renamed.length === 1 };
    else {
      const other = spec.operations.filter((op) => op.path.replace(/\/$/, '') === trimmed);
      if (other.length) found = { operation: other[0], only: other.length === 1 };
      else {
        const near = closestMatch(
          path,
          sameMethod.map((op) => op.path),
        );
        const operation = near.best === undefined ? undefined : sameMethod.find((op) => op.path === near.best);
        if (operation) found = { operation, only: near.only };
      }
    }
    if (found) return `${found.operation.method} ${found.operation.path}${found.only ? ' (only)' : ''}`;
  }
  return undefined;
}

function specOf(uri: string, paths: string[], random: () => number): OpenApiSpec {
  const methods = ['get', 'post', 'put', 'delete', 'patch'];
  const document = {
    openapi: '3.1.0',
    paths: Object.fromEntries(paths.map((path) => [path, Object.fromEntries(methods.filter(() => random() < 0.4).map((m) => [m, {}]))])),
  };
  const parsed = parseSpec(uri, JSON.stringify(document));
  assert.ok('spec' in parsed);
  return parsed.spec;
}

test('operationFix suggests what comparing every operation of every spec suggests, on small specs and on indexed large ones', () => {
  const next = seededRandom(41);
  const random = () => next();
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)];
  const words = ['users', 'user', 'orders', 'order', 'items', 'invoices', 'cards', 'card', 'transfers', 'limits', 'keys', 'teams'];
  const pathOf = () => {
    const parts = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
      random() < 0.3 ? `{${pick(['id', 'userId', 'orderId'])}}` : pick(words),
    );
    return `/${parts.join('/')}${random() < 0.1 ? '/' : ''}`;
  };
  let compared = 0;
  for (const size of [5, 40, 400]) {
    const specs = [0, 1].map((s) => specOf(`file:///spec${s}.json`, [...new Set(Array.from({ length: size }, pathOf))], random));
    const known = specs.flatMap((spec) => spec.operations);
    for (let round = 0; round < 300; round++) {
      const base = pick(known).path;
      const variants = [
        base.replace(/\{[^{}]*\}/, '{other}'),
        base.endsWith('/') ? base.slice(0, -1) : `${base}/`,
        base.replace(/[aeiou]/, ''),
        `${base}x`,
        pathOf(),
        base.toUpperCase(),
      ];
      const path = pick(variants);
      const method = pick(['GET', 'post', 'Delete', 'PATCH', 'PUT']);
      const fix = operationFix(specs, method, path);
      const got = fix && `${fix.replacement}${fix.data.fixAll ? ' (only)' : ''}`;
      assert.equal(got, reference(specs, method, path), `${method} ${path} against specs of ${size} paths`);
      compared++;
    }
  }
  assert.equal(compared, 900);
});
