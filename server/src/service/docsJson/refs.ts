import type { DiagnosticSink } from '../diagnostics';
import { dirnameUri, relativeUri, resolveInside } from '../uri';
import { findProperty, keyOf, nodeAtPath, pointerSegments, stringValue, valueNode, type JsonNode } from './jsonTree';

export interface RefLoader {
  /** The parsed root of a referenced file (syntax errors already reported), null when missing. */
  load(uri: string): Promise<JsonNode | null | undefined>;
  /** The bytes of configuration read so far (docs.json and every referenced file). */
  bytesRead(): number;
  /** False for a file that is a symlink leading out of the docs root (never read). */
  realPathInside?(uri: string): Promise<boolean>;
  /** Why a file that exists could not be read (a FIFO, a folder, invalid UTF-8), if it could not. */
  unreadable?(uri: string): string | undefined;
}

/**
 * How far `$ref`s are followed: a chain this many files long, this many files in all, this many bytes
 * in all. Real sites use a handful of files; a hostile chain of 20,000 would otherwise take minutes.
 */
export const REF_LIMITS = { depth: 64, files: 1000, bytes: 64 * 1024 * 1024 };

export interface ResolvedConfig {
  root: JsonNode;
  /** JSON pointers (into the resolved value) of `$ref`s that could not be resolved: not validated further. */
  unresolved: string[];
  /** Every file the configuration was read from, docs.json first. */
  files: string[];
}

/**
 * Resolves `$ref` the way the platform does: the value is a path relative to the file holding it,
 * inside the docs root. An object target gets the sibling keys merged over it; any other target
 * replaces the object and the siblings are ignored. Fragments (`file.json#/a/b`) select a part.
 */
export async function resolveRefs(root: JsonNode, rootUri: string, loader: RefLoader, sink: DiagnosticSink): Promise<ResolvedConfig> {
  const unresolved: string[] = [];
  const files = [root.uri];

  async function resolve(node: JsonNode, pointer: string, stack: string[]): Promise<JsonNode> {
    if (node.type === 'array') {
      let changed = false;
      const children: JsonNode[] = [];
      for (const [index, item] of (node.children ?? []).entries()) {
        const resolved = await resolve(item, `${pointer}/${index}`, stack);
        changed ||= resolved !== item;
        children.push(resolved);
      }
      return changed ? { ...node, children } : node;
    }
    if (node.type !== 'object') return node;
    const refProperty = findProperty(node, '$ref');
    if (refProperty) return resolveRef(node, refProperty, pointer, stack);
    return resolveProperties(node, node.children ?? [], pointer, stack);
  }

  async function resolveProperties(node: JsonNode, props: JsonNode[], pointer: string, stack: string[]): Promise<JsonNode> {
    let changed = props !== node.children;
    const children: JsonNode[] = [];
    for (const property of props) {
      const value = valueNode(property);
      const resolved = value ? await resolve(value, `${pointer}/${escape(keyOf(property))}`, stack) : value;
      if (resolved !== value && resolved) {
        changed = true;
        children.push({ ...property, children: [property.children![0], resolved] });
      } else {
        children.push(property);
      }
    }
    return changed ? { ...node, children } : node;
  }

  async function resolveRef(node: JsonNode, refProperty: JsonNode, pointer: string, stack: string[]): Promise<JsonNode> {
    const siblings = (node.children ?? []).filter((property) => property !== refProperty && keyOf(property) !== '$ref');
    const refValueNode = valueNode(refProperty)!;
    const failed = () => {
      unresolved.push(pointer);
      return { ...node, children: siblings };
    };
    const ref = stringValue(refValueNode);
    if (ref === undefined || ref.trim() === '') {
      sink.atNode('ref/invalid', refValueNode, '`$ref` must be a relative path to a JSON file, such as "./config/navigation.json".');
      return failed();
    }
    const [filePart, fragment] = splitFragment(ref);
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
      sink.atNode('ref/invalid', refValueNode, `\`$ref\` "${ref}" is a URL; the platform only reads files inside the docs root.`);
      return failed();
    }
    let targetRoot: JsonNode | null | undefined;
    let targetUri = node.uri;
    if (filePart !== '') {
      const resolvedUri = resolveInside(rootUri, dirnameUri(node.uri), filePart);
      if (!resolvedUri) {
        sink.atNode(
          'ref/outside-root',
          refValueNode,
          `\`$ref\` "${ref}" points outside the docs root; the platform only reads files inside it.`,
        );
        return failed();
      }
      targetUri = resolvedUri;
      if (stack.includes(targetUri)) {
        const cycle = [...stack.slice(stack.indexOf(targetUri)), targetUri].map((uri) => relativeUri(rootUri, uri) ?? uri);
        sink.atNode('ref/circular', refValueNode, `Circular \`$ref\`: ${cycle.join(' → ')}. The platform fails the build on a loop.`);
        return failed();
      }
      const limit =
        stack.length >= REF_LIMITS.depth
          ? `is the ${stack.length + 1}th file of a chain of \`$ref\`s; Docsmith follows chains up to ${REF_LIMITS.depth} files`
          : !files.includes(targetUri) && files.length >= REF_LIMITS.files
            ? `would be the ${files.length + 1}th configuration file; Docsmith reads up to ${REF_LIMITS.files}`
            : loader.bytesRead() > REF_LIMITS.bytes
              ? `comes after ${Math.round(loader.bytesRead() / 1024 / 1024)} MB of configuration files; Docsmith reads up to ${REF_LIMITS.bytes / 1024 / 1024} MB`
              : undefined;
      if (limit) {
        sink.atNode(
          'ref/limit',
          refValueNode,
          `\`$ref\` "${ref}" ${limit}, and did not read it. Merge the referenced files into fewer, larger ones.`,
        );
        return failed();
      }
      if ((await loader.realPathInside?.(targetUri)) === false) {
        sink.atNode(
          'ref/outside-root',
          refValueNode,
          `\`$ref\` "${ref}" is a symlink that leads outside the docs root; Docsmith does not read it (the platform would not publish it).`,
        );
        return failed();
      }
      targetRoot = await loader.load(targetUri);
      if (targetRoot === null) {
        sink.atNode(
          'ref/not-found',
          refValueNode,
          `\`$ref\` file "${filePart}" does not exist (looked for ${relativeUri(rootUri, targetUri) ?? targetUri}).`,
        );
        return failed();
      }
      if (!files.includes(targetUri)) files.push(targetUri);
    } else {
      sink.atNode('ref/invalid', refValueNode, '`$ref` must name a file; a fragment alone ("#/...") is not supported by the platform.');
      return failed();
    }
    if (!targetRoot) {
      // A syntax error is reported in that file; an unreadable one (which the editor cannot open) here.
      const why = loader.unreadable?.(targetUri);
      if (why) sink.atNode('json/unreadable', refValueNode, `\`$ref\` "${ref}" cannot be read: ${why}`);
      return failed();
    }
    let target: JsonNode | undefined = targetRoot;
    if (fragment) {
      target = nodeAtPath(targetRoot, pointerSegments(fragment))?.node;
      if (!target) {
        sink.atNode('ref/not-found', refValueNode, `\`$ref\` fragment "#${fragment}" names nothing in "${filePart}".`);
        return failed();
      }
    }
    const resolvedTarget = await resolve(target, pointer, [...stack, targetUri]);
    if (resolvedTarget.type !== 'object') return resolvedTarget;
    const resolvedSiblings = (await resolveProperties(node, siblings, pointer, stack)).children ?? [];
    const overridden = new Set(siblings.map(keyOf));
    const inherited = (resolvedTarget.children ?? []).filter((property) => !overridden.has(keyOf(property)));
    return { ...node, children: [...inherited, ...resolvedSiblings] };
  }

  const resolvedRoot = await resolve(root, '', [root.uri]);
  return { root: resolvedRoot, unresolved, files };
}

function splitFragment(ref: string): [string, string | undefined] {
  const hash = ref.indexOf('#');
  return hash < 0 ? [ref, undefined] : [ref.slice(0, hash), ref.slice(hash + 1)];
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
