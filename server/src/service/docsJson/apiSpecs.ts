import { child, type JsonNode } from '../json/jsonTree';
import { specRefsOf, type SpecRef } from './navigation';

/** The specs of `api.openapi`: the fallback for `METHOD /path` entries and front matter `openapi`. */
export function apiOpenapiRefs(config: JsonNode): SpecRef[] {
  return specRefsOf(child(child(config, 'api'), 'openapi'));
}
