import type { DiagnosticSink } from '../check/diagnostics';
import { dirnameUri, relativeUri, resolveInside } from '../uri';
import { findProperty, keyOf, nodeAtPath, pointerSegments, stringValue, valueNode, type JsonNode } from '../json/jsonTree';

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
export function resolveRefs(root: JsonNode, rootUri: string, loader: RefLoader, sink: DiagnosticSink): Promise<ResolvedConfig> {
  return new RefResolver(rootUri, loader, sink).run(root);
}

/** A `$ref` being resolved: the object holding it, where it is, and the chain of files that led to it. */
interface RefSite {
  node: JsonNode;
  refProperty: JsonNode;
  /** The JSON pointer of the object in the resolved configuration. */
  pointer: string;
  /** The files of the `$ref` chain so far, docs.json first. */
  stack: string[];
}

class RefResolver {
  private readonly unresolved: string[] = [];
  private files: string[] = [];

  constructor(
    private readonly rootUri: string,
    private readonly loader: RefLoader,
    private readonly sink: DiagnosticSink,
  ) {}

  async run(root: JsonNode): Promise<ResolvedConfig> {
    this.files = [root.uri];
    const resolved = await this.resolve(root, '', [root.uri]);
    return { root: resolved, unresolved: this.unresolved, files: this.files };
  }

  /** The node with every `$ref` below it spliced in; unchanged parts keep their identity. */
  private async resolve(node: JsonNode, pointer: string, stack: string[]): Promise<JsonNode> {
    if (node.type === 'array') {
      let changed = false;
      const children: JsonNode[] = [];
      for (const [index, item] of (node.children ?? []).entries()) {
        const resolved = await this.resolve(item, `${pointer}/${index}`, stack);
        changed ||= resolved !== item;
        children.push(resolved);
      }
      return changed ? { ...node, children } : node;
    }
    if (node.type !== 'object') return node;
    const refProperty = findProperty(node, '$ref');
    if (refProperty) return this.resolveRef({ node, refProperty, pointer, stack });
    return this.resolveProperties(node, node.children ?? [], pointer, stack);
  }

  private async resolveProperties(node: JsonNode, props: JsonNode[], pointer: string, stack: string[]): Promise<JsonNode> {
    let changed = props !== node.children;
    const children: JsonNode[] = [];
    for (const property of props) {
      const value = valueNode(property);
      const resolved = value ? await this.resolve(value, `${pointer}/${escape(keyOf(property))}`, stack) : value;
      if (resolved !== value && resolved) {
        changed = true;
        children.push({ ...property, children: [property.children![0], resolved] });
      } else {
        children.push(property);
      }
    }
    return changed ? { ...node, children } : node;
  }

  /** An object with a `$ref`: the target, with the object's other keys merged over an object target. */
  private async resolveRef(site: RefSite): Promise<JsonNode> {
    const { node, refProperty, pointer, stack } = site;
    const siblings = (node.children ?? []).filter((property) => property !== refProperty && keyOf(property) !== '$ref');
    const found = await this.target(site);
    if (!found) {
      this.unresolved.push(pointer);
      return { ...node, children: siblings };
    }
    const resolvedTarget = await this.resolve(found.target, pointer, [...stack, found.uri]);
    if (resolvedTarget.type !== 'object') return resolvedTarget;
    const resolvedSiblings = (await this.resolveProperties(node, siblings, pointer, stack)).children ?? [];
    const overridden = new Set(siblings.map(keyOf));
    const inherited = (resolvedTarget.children ?? []).filter((property) => !overridden.has(keyOf(property)));
    return { ...node, children: [...inherited, ...resolvedSiblings] };
  }

  /** The node a `$ref` names, read and parsed; undefined (with a diagnostic) when it cannot be had. */
  private async target({ node, refProperty, stack }: RefSite): Promise<{ target: JsonNode; uri: string } | undefined> {
    const refNode = valueNode(refProperty) ?? refProperty;
    const ref = refNode === refProperty ? undefined : stringValue(refNode);
    if (ref === undefined || ref.trim() === '') {
      this.sink.atNode('ref/invalid', refNode, '`$ref` must be a relative path to a JSON file, such as "./config/navigation.json".');
      return undefined;
    }
    const [filePart, fragment] = splitFragment(ref);
    if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
      this.sink.atNode('ref/invalid', refNode, `\`$ref\` "${ref}" is a URL; the platform only reads files inside the docs root.`);
      return undefined;
    }
    if (filePart === '') {
      this.sink.atNode('ref/invalid', refNode, '`$ref` must name a file; a fragment alone ("#/...") is not supported by the platform.');
      return undefined;
    }
    const uri = resolveInside(this.rootUri, dirnameUri(node.uri), filePart);
    const file = uri === undefined ? undefined : await this.readTarget(uri, ref, filePart, refNode, stack);
    if (uri === undefined)
      this.sink.atNode(
        'ref/outside-root',
        refNode,
        `\`$ref\` "${ref}" points outside the docs root; the platform only reads files inside it.`,
      );
    if (!file) return undefined;
    if (!fragment) return { target: file, uri: uri! };
    const target = nodeAtPath(file, pointerSegments(fragment))?.node;
    if (!target) this.sink.atNode('ref/not-found', refNode, `\`$ref\` fragment "#${fragment}" names nothing in "${filePart}".`);
    return target && { target, uri: uri! };
  }

  /** The parsed file a `$ref` names, within the limits and the docs root; undefined (reported) otherwise. */
  private async readTarget(uri: string, ref: string, filePart: string, refNode: JsonNode, stack: string[]): Promise<JsonNode | undefined> {
    if (stack.includes(uri)) {
      const cycle = [...stack.slice(stack.indexOf(uri)), uri].map((file) => relativeUri(this.rootUri, file) ?? file);
      this.sink.atNode('ref/circular', refNode, `Circular \`$ref\`: ${cycle.join(' → ')}. The platform fails the build on a loop.`);
      return undefined;
    }
    const limit = this.pastLimit(uri, stack);
    if (limit) {
      this.sink.atNode(
        'ref/limit',
        refNode,
        `\`$ref\` "${ref}" ${limit}, and did not read it. Merge the referenced files into fewer, larger ones.`,
      );
      return undefined;
    }
    if ((await this.loader.realPathInside?.(uri)) === false) {
      this.sink.atNode(
        'ref/outside-root',
        refNode,
        `\`$ref\` "${ref}" is a symlink that leads outside the docs root; Docsmith does not read it (the platform would not publish it).`,
      );
      return undefined;
    }
    const root = await this.loader.load(uri);
    if (root === null) {
      const looked = relativeUri(this.rootUri, uri) ?? uri;
      this.sink.atNode('ref/not-found', refNode, `\`$ref\` file "${filePart}" does not exist (looked for ${looked}).`);
      return undefined;
    }
    if (!this.files.includes(uri)) this.files.push(uri);
    if (root) return root;
    // A syntax error is reported in that file; an unreadable one (which the editor cannot open) here.
    const why = this.loader.unreadable?.(uri);
    if (why) this.sink.atNode('json/unreadable', refNode, `\`$ref\` "${ref}" cannot be read: ${why}`);
    return undefined;
  }

  /** Why reading `uri` would go past {@link REF_LIMITS}, as the end of a message; undefined within them. */
  private pastLimit(uri: string, stack: string[]): string | undefined {
    if (stack.length >= REF_LIMITS.depth)
      return `is the ${stack.length + 1}th file of a chain of \`$ref\`s; Docsmith follows chains up to ${REF_LIMITS.depth} files`;
    if (!this.files.includes(uri) && this.files.length >= REF_LIMITS.files)
      return `would be the ${this.files.length + 1}th configuration file; Docsmith reads up to ${REF_LIMITS.files}`;
    const read = this.loader.bytesRead();
    if (read > REF_LIMITS.bytes)
      return `comes after ${Math.round(read / 1024 / 1024)} MB of configuration files; Docsmith reads up to ${REF_LIMITS.bytes / 1024 / 1024} MB`;
    return undefined;
  }
}

function splitFragment(ref: string): [string, string | undefined] {
  const hash = ref.indexOf('#');
  return hash < 0 ? [ref, undefined] : [ref.slice(0, hash), ref.slice(hash + 1)];
}

function escape(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}
