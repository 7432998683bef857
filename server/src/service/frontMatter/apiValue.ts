import { HTTP_METHODS } from '../openapi/httpMethods';
import { withoutQueryOrFragment } from '../../common/text';
import { quote } from '../../common/text';

export interface PathParam {
  name: string;
  /** Offset of the `{` within the value. */
  offset: number;
  length: number;
}

export type ApiValue =
  | { ok: true; method: string; target: string; kind: 'url' | 'path'; path: string; params: PathParam[]; targetOffset: number }
  | { ok: false; problem: 'format' | 'method' | 'target' | 'params'; message: string; offset: number; length: number };

const PARAM_NAME = /^[A-Z_][\w.-]*$/i;

/**
 * Reads an `api:` value: `METHOD URL` or `METHOD /path`, with a known HTTP method and path parameters in balanced
 * braces with valid names. Offsets are within the
 * value string. Path parameters are the `{name}`s of the path; a templated host (`https://{endpoint}/x`)
 * is part of the URL, not a parameter.
 */
export function parseApiValue(value: string): ApiValue {
  const leading = /^\s*/.exec(value)![0].length;
  const words = value.trim().split(/\s+/);
  if (words.length !== 2 || words[0] === '') {
    return {
      ok: false,
      problem: 'format',
      message: `must be \`METHOD URL\` or \`METHOD /path\` (two words), such as "GET /users/{id}"; found ${quote(value)}`,
      offset: 0,
      length: value.length,
    };
  }
  const [method, target] = words;
  if (!(HTTP_METHODS as readonly string[]).includes(method.toUpperCase())) {
    return {
      ok: false,
      problem: 'method',
      message: `starts with "${method}", which is not an HTTP method; use one of ${HTTP_METHODS.join(', ')}`,
      offset: leading,
      length: method.length,
    };
  }
  const targetOffset = value.indexOf(target, leading + method.length);
  let kind: 'url' | 'path';
  let pathStart: number;
  const url = /^https?:\/\/[^/]*/i.exec(target);
  if (url) {
    kind = 'url';
    pathStart = url[0].length;
  } else if (target.startsWith('/')) {
    kind = 'path';
    pathStart = 0;
  } else {
    return {
      ok: false,
      problem: 'target',
      message: `must be followed by a full URL ("https://api.example.com/users") or a path starting with "/" ("/users"); found "${target}"`,
      offset: targetOffset,
      length: target.length,
    };
  }
  const path = withoutQueryOrFragment(target.slice(pathStart)) || '/';
  const params = pathParams(path, targetOffset + pathStart);
  if (!Array.isArray(params)) return params;
  return { ok: true, method, target, kind, path, params, targetOffset };
}

/** The `{name}`s of a path, at `base` + their place in it; the first problem instead, when there is one. */
function pathParams(path: string, base: number): PathParam[] | Extract<ApiValue, { ok: false }> {
  const params: PathParam[] = [];
  let open = -1;
  for (let i = 0; i < path.length; i++) {
    const c = path[i];
    const at = base + i;
    if (c === '{') {
      if (open >= 0)
        return {
          ok: false,
          problem: 'params',
          message: `has a "{" inside another path parameter at "${path.slice(open)}"; close each parameter with "}"`,
          offset: at,
          length: 1,
        };
      open = i;
    } else if (c === '}') {
      if (open < 0) return { ok: false, problem: 'params', message: `has a "}" without its "{"`, offset: at, length: 1 };
      const name = path.slice(open + 1, i);
      if (!PARAM_NAME.test(name)) {
        return {
          ok: false,
          problem: 'params',
          message: `has a path parameter "{${name}}" whose name is not valid; use letters, digits, "_", "-" or ".", starting with a letter`,
          offset: base + open,
          length: i - open + 1,
        };
      }
      params.push({ name, offset: base + open, length: i - open + 1 });
      open = -1;
    }
  }
  if (open >= 0)
    return {
      ok: false,
      problem: 'params',
      message: `has a "{" that is never closed in "${path.slice(open)}"`,
      offset: base + open,
      length: path.length - open,
    };
  return params;
}
