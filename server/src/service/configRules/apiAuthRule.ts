import { child, stringValue } from '../json/jsonTree';
import type { SiteContext } from './siteContext';

/** `api.mdx.auth.method: key` sends the key in a header, and `api.mdx.auth.name` names it. */
export function apiAuthRule({ config, sink }: SiteContext): void {
  const auth = child(child(child(config, 'api'), 'mdx'), 'auth');
  const method = child(auth, 'method');
  if (stringValue(method) !== 'key') return;
  const name = stringValue(child(auth, 'name'));
  if (name && name.trim()) return;
  sink.atNode(
    'api/auth-name-missing',
    method!,
    '`api.mdx.auth.method` is "key" but `api.mdx.auth.name` does not name the header the key is sent in. Add `"name": "x-api-key"` (or your header) next to `method`.',
  );
}
