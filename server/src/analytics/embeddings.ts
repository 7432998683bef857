import { sha256Base64Url } from '../common/hash';
import { fromBase64, toBase64 } from '../common/bytes';
import { ExportApiError } from './errors';
import { describeNetworkError, looksLikeHtml, nestedDeeperThan, readCapped, retryAfter, withRetries, type Attempt } from './http';
import { isLoopback } from './query';

/**
 * The opt-in semantic model: sentence embeddings of the questions from a server the user runs (a local
 * Ollama, or any OpenAI-compatible `/embeddings` endpoint). Only the question texts are sent, and
 * only when a URL and model are set. Batched, a few requests in flight, each with a timeout, retried
 * on 429 and 5xx; a redirect is never followed (the key would go to another host), a body over the
 * cap is refused, and nothing the server sends is printed raw.
 */
export interface EmbeddingsOptions {
  /** The API's base, such as `http://localhost:11434/v1`: requests go to `{url}/embeddings`. */
  url: string;
  model: string;
  /** Sent as a bearer token when set (never logged). */
  apiKey?: string;
  signal?: AbortSignal;
  /** Vectors already known, by {@link embeddingKey}; new ones are added to it. */
  cache?: EmbeddingsCache;
  /** Texts per request. Default 64. */
  batch?: number;
  /** Requests in flight at once. Default 2. */
  parallel?: number;
  /** Per request. Default 60 s (a local model on a CPU is slow). */
  timeoutMs?: number;
  retries?: number;
  retryMinMs?: number;
  onProgress?: (done: number, total: number) => void;
  /** Told before each wait for a retry (a 429's `Retry-After`, a 5xx's back-off): nothing waits in silence. */
  onRetry?: (reason: string, waitMs: number) => void;
}

export interface EmbeddingsCache {
  get(key: string): Float32Array | undefined;
  set(key: string, vector: Float32Array): void;
}

/** Why the embeddings could not be had: the clusters are then made by the words alone, saying this. */
export class EmbeddingsError extends Error {}

/** A body over this is no answer for one batch (64 texts of 4,096 dimensions are about 5 MB of JSON). */
export const MAX_EMBEDDINGS_BYTES = 32 * 1024 * 1024;
/** The most numbers a vector may have: the largest models give 4,096 (200,000 took 65 s and 1.1 GB for 200 questions). */
export const MAX_DIMENSION = 8192;
/** The longest wait a server may ask for before a retry. */
const MAX_WAIT_MS = 60_000;
/** The most numbers all the vectors of one run may hold together (10,000 questions of 4,096 numbers). */
const MAX_NUMBERS = 41_000_000;

/** The cache key of a text's vector: the model and the text's hash (the text itself is not kept). */
export function embeddingKey(model: string, text: string): string {
  return `${model}\u0000${sha256Base64Url(text)}`;
}

/** The embedding of each distinct text, from the cache or the server; throws {@link EmbeddingsError}. */
export async function fetchEmbeddings(texts: readonly string[], options: EmbeddingsOptions): Promise<Map<string, Float32Array>> {
  try {
    return checked(await fetchAll(texts, options));
  } catch (error) {
    // Whatever a server sends back, the key is never part of what is said.
    if (error instanceof EmbeddingsError && options.apiKey && options.apiKey.length >= 4 && error.message.includes(options.apiKey))
      throw new EmbeddingsError(error.message.split(options.apiKey).join('[embeddings key hidden]'));
    throw error;
  }
}

/**
 * The vectors, if they carry something: of one dimension (a cache may hold vectors of an earlier
 * model under the same name), and not all the same (zeros, or one vector for every text), which would
 * change the clusters without a word.
 */
function checked(vectors: Map<string, Float32Array>): Map<string, Float32Array> {
  const list = [...vectors.values()];
  if (list.length === 0) return vectors;
  const dimension = list[0].length;
  if (list.some((vector) => vector.length !== dimension))
    throw new EmbeddingsError(
      `The vectors of this model have different dimensions (${[...new Set(list.map((vector) => vector.length))].slice(0, 3).join(', ')}), some from the cache: they cannot be compared. Clear the embeddings cache.`,
    );
  const first = list[0];
  const same = (vector: Float32Array) => vector.every((value, k) => value === first[k]);
  if (list.length > 1 && list.every(same))
    throw new EmbeddingsError(`The embeddings server gave the same vector for every question: it says nothing of what they ask.`);
  return vectors;
}

async function fetchAll(texts: readonly string[], options: EmbeddingsOptions): Promise<Map<string, Float32Array>> {
  const endpoint = endpointOf(options.url, options.apiKey);
  const result = new Map<string, Float32Array>();
  const missing: string[] = [];
  for (const text of new Set(texts)) {
    const cached = options.cache?.get(embeddingKey(options.model, text));
    if (cached) result.set(text, cached);
    else missing.push(text);
  }
  const size = Math.max(1, options.batch ?? 64);
  const batches: string[][] = [];
  for (let at = 0; at < missing.length; at += size) batches.push(missing.slice(at, at + size));
  let dimension = [...result.values()][0]?.length;
  let done = 0;
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++];
      const vectors = await withRetries(() => attempt(endpoint, batch, options), {
        retries: options.retries ?? 4,
        retryMinMs: options.retryMinMs ?? 500,
        retryMaxMs: 30000,
        signal: options.signal,
        onRetry: options.onRetry,
      }).catch((error: unknown) => {
        if (options.signal?.aborted) throw new EmbeddingsError('The embeddings were cancelled.');
        throw error instanceof EmbeddingsError ? error : new EmbeddingsError(error instanceof Error ? error.message : String(error));
      });
      batch.forEach((text, index) => {
        const vector = vectors[index];
        dimension ??= vector.length;
        if (result.size * dimension > MAX_NUMBERS)
          throw new EmbeddingsError(
            `The vectors of ${result.size} questions hold more than ${MAX_NUMBERS / 1e6} million numbers; Docsmith keeps no more.`,
          );
        if (vector.length !== dimension)
          throw new EmbeddingsError(
            `The embeddings server answered vectors of ${vector.length} and ${dimension} dimensions; they cannot be compared.`,
          );
        result.set(text, vector);
        options.cache?.set(embeddingKey(options.model, text), vector);
      });
      done += batch.length;
      options.onProgress?.(done, missing.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(batches.length, Math.max(1, options.parallel ?? 2)) }, worker));
  return result;
}

/**
 * `{url}/embeddings`, its query kept (`?api-version=…`). A URL that holds credentials is refused, and
 * never printed; a key goes over https, or plain http to this machine only, as the admin key does.
 */
function endpointOf(url: string, apiKey: string | undefined): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EmbeddingsError(`The embeddings URL is not a URL; use one such as http://localhost:11434/v1.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new EmbeddingsError(`The embeddings URL must be http or https, not ${parsed.protocol.replace(/:$/, '')}.`);
  if (parsed.username || parsed.password)
    throw new EmbeddingsError(
      'The embeddings URL holds a user name or password: Docsmith does not send credentials written in a URL. Give the key as the embeddings key (DOCSMITH_EMBEDDINGS_KEY, or Docsmith: Set Embeddings API Key) instead.',
    );
  if (apiKey && parsed.protocol === 'http:' && !isLoopback(parsed.hostname))
    throw new EmbeddingsError(
      `The embeddings URL ${parsed.origin} is not https; the embeddings key is sent only over https (or plain http to this machine, 127.0.0.1, localhost or [::1]).`,
    );
  let path = parsed.pathname;
  while (path.endsWith('/')) path = path.slice(0, -1);
  parsed.pathname = `${path}/embeddings`;
  return parsed.href;
}

async function attempt(endpoint: string, input: string[], options: EmbeddingsOptions): Promise<Attempt<Float32Array[]>> {
  if (options.signal?.aborted) throw new EmbeddingsError('The embeddings were cancelled.');
  const timeoutMs = options.timeoutMs ?? 60000;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  let response: Response;
  let text: string;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'user-agent': 'docsmith',
        ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: options.model, input }),
      redirect: 'manual',
      signal,
    });
    text = await readCapped(response, response.status === 200 ? MAX_EMBEDDINGS_BYTES : 64 * 1024, signal, response.status !== 200);
  } catch (error) {
    if (options.signal?.aborted) throw new EmbeddingsError('The embeddings were cancelled.');
    // A server that did not answer in a minute is not asked again and again (four more minutes): said at once.
    if (timeout.aborted) throw new EmbeddingsError(`The embeddings server did not answer within ${timeoutMs / 1000} s.`);
    if (error instanceof ExportApiError && error.kind === 'invalid-response')
      throw new EmbeddingsError(
        `The embeddings server sent more than ${MAX_EMBEDDINGS_BYTES / 1024 / 1024} MB for ${input.length} texts. Stopped reading.`,
      );
    return { error: new EmbeddingsError(`The embeddings server could not be reached: ${describeNetworkError(error)}.`) };
  }
  const { status } = response;
  if (status >= 300 && status < 400)
    throw new EmbeddingsError(`The embeddings server redirected (${status}); Docsmith does not follow it with the key. Set the final URL.`);
  if (status === 401 || status === 403)
    throw new EmbeddingsError(`The embeddings server refused the key (${status}). Set its key, or none if it needs none.`);
  if (status === 429 || status >= 500) {
    const wait = retryAfter(response.headers.get('retry-after') ?? undefined);
    // A server that asks for more than a minute's rest is not waited on (an hour, four times over).
    if (wait !== undefined && wait > MAX_WAIT_MS)
      throw new EmbeddingsError(
        `The embeddings server answered ${status} and asks to wait ${Math.round(wait / 1000)} s; Docsmith does not wait more than ${MAX_WAIT_MS / 1000} s for it.`,
      );
    return { error: new EmbeddingsError(`The embeddings server answered ${status}.`), retryAfterMs: wait };
  }
  if (status !== 200)
    throw new EmbeddingsError(
      `The embeddings server answered ${status}${status === 404 ? ': is the URL the API base (it ends in /v1 for Ollama)?' : ''}.`,
    );
  return { value: vectorsOf(text, input.length) };
}

/** `data[].embedding` by `index`, checked: one finite vector per text, all of one dimension. */
function vectorsOf(text: string, count: number): Float32Array[] {
  const malformed = (why: string) => new EmbeddingsError(`The embeddings server's answer is not an embeddings list: ${why}.`);
  if (nestedDeeperThan(text, 8)) throw malformed('it nests too deep');
  let body: { data?: unknown };
  try {
    body = JSON.parse(text) as { data?: unknown };
  } catch {
    throw malformed(`it is not JSON (${text.length} bytes${looksLikeHtml(text) ? ', HTML' : ''})`);
  }
  if (!body || !Array.isArray(body.data)) throw malformed('it has no `data` list');
  const vectors: Float32Array[] = new Array(count);
  for (const [position, item] of body.data.entries()) {
    const { index = position, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
    // What the server put there is not quoted: it may echo the request, key and all.
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count)
      throw malformed(`item ${position} has an index that is not the position of one of the ${count} texts sent`);
    if (!Array.isArray(embedding) || embedding.length === 0) throw malformed(`item ${index} has no vector of numbers`);
    if (embedding.length > MAX_DIMENSION)
      throw malformed(`item ${index} has ${embedding.length} numbers; Docsmith reads vectors of ${MAX_DIMENSION} at most`);
    // Checked as they are kept, float32: 1e39 is finite as a double and Infinity as a float.
    const vector = Float32Array.from(embedding as unknown[], (x) => (typeof x === 'number' ? x : NaN));
    if (!vector.every(Number.isFinite)) throw malformed(`item ${index} has a value that is no finite 32-bit number`);
    if (vector.every((x) => x === 0)) throw malformed(`item ${index} is a vector of zeros`);
    vectors[index] = vector;
  }
  for (let index = 0; index < count; index++) if (!vectors[index]) throw malformed(`no vector for text ${index}`);
  const dimension = vectors[0].length;
  if (vectors.some((vector) => vector.length !== dimension)) throw malformed('its vectors are of different dimensions');
  return vectors;
}

/** How the user is told where the questions go: `model at host` (the URL as written when it is none). */
export function embeddingsDestination(url: string, model: string): string {
  let host: string;
  try {
    host = new URL(url).host;
  } catch {
    // Not echoed: what was typed for a URL may hold a key.
    host = 'a URL that does not parse';
  }
  return `${model} at ${host}`;
}

/** A vector as text (its float32 bytes in base64): for a cache file, and for the LSP, which carries JSON. */
export function encodeVector(vector: Float32Array): string {
  return toBase64(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength));
}

/** The vector {@link encodeVector} wrote; undefined for anything else. */
export function decodeVector(text: string): Float32Array | undefined {
  const bytes = fromBase64(text);
  if (bytes.length === 0 || bytes.length % 4 !== 0) return undefined;
  const vector = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  return vector.every(Number.isFinite) ? vector : undefined;
}

/**
 * Vectors kept between clusterings, by {@link embeddingKey}, as the text a cache file holds: the CLI
 * keeps it in a file of its cache folder, the editor in its own storage. Reading a damaged file gives
 * an empty store; a value that is not a vector is no entry.
 */
export class VectorStore implements EmbeddingsCache {
  private readonly vectors = new Map<string, string>();
  /** Something was added since the store was read. */
  changed = false;

  constructor(stored?: string) {
    try {
      const entries = JSON.parse(stored ?? '{}') as Record<string, unknown>;
      for (const [key, value] of Object.entries(entries)) if (typeof value === 'string') this.vectors.set(key, value);
    } catch {
      // damaged: start empty
    }
  }

  get(key: string): Float32Array | undefined {
    const stored = this.vectors.get(key);
    return stored === undefined ? undefined : decodeVector(stored);
  }

  set(key: string, vector: Float32Array): void {
    this.vectors.set(key, encodeVector(vector));
    this.changed = true;
  }

  /** The text to store. */
  serialise(): string {
    return JSON.stringify(Object.fromEntries(this.vectors));
  }
}
