import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';

/** How the fake embeddings server misbehaves, if it does. */
export type EmbeddingsFault = 'none' | '401' | '429-once' | '500' | 'malformed' | 'wrong-dimension' | 'slow' | 'huge' | 'redirect';

export interface FakeEmbeddings {
  url: string;
  fault: EmbeddingsFault;
  /** Every request: its authorization header and the texts asked. */
  requests: { authorization?: string; input: string[]; model: string }[];
  close(): Promise<void>;
}

export const DIMENSION = 16;

/**
 * A local OpenAI-compatible `/embeddings` endpoint with deterministic vectors: a text's vector is the
 * sum of its words' hashed directions, so texts sharing words are close, and `topic:NAME` anywhere in
 * a text adds a strong direction of its own (two texts of one topic are close whatever their words).
 */
export function vectorOf(text: string): number[] {
  const vector = new Array<number>(DIMENSION).fill(0);
  const add = (word: string, weight: number) => {
    const digest = createHash('sha256').update(word).digest();
    for (let k = 0; k < DIMENSION; k++) vector[k] += ((digest[k] / 255) * 2 - 1) * weight;
  };
  for (const word of text.toLowerCase().split(/\W+/).filter(Boolean)) add(word, word.startsWith('topic') ? 0 : 0.2);
  const topic = /topic:(\w+)/.exec(text)?.[1];
  if (topic) add(`topic ${topic}`, 5);
  return vector;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeEmbeddings(fault: EmbeddingsFault = 'none'): Promise<FakeEmbeddings> {
  const state: FakeEmbeddings = { url: '', fault, requests: [], close: async () => undefined };
  let rateLimited = false;
  const server: Server = createServer(async (request, response) => {
    const text = await bodyOf(request);
    if (request.method !== 'POST' || request.url !== '/v1/embeddings') return void response.writeHead(404).end('{"error":"not found"}');
    const { model, input } = JSON.parse(text) as { model: string; input: string[] };
    state.requests.push({ authorization: request.headers.authorization, input, model });
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    switch (state.fault) {
      case '401':
        return json(401, { error: 'invalid key <script>alert(1)</script>' });
      case '429-once':
        if (!rateLimited) {
          rateLimited = true;
          response.writeHead(429, { 'retry-after': '0' }).end('{"error":"slow down"}');
          return;
        }
        break;
      case '500':
        return json(500, { error: 'boom' });
      case 'malformed':
        return void response.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [ {"index": 0, "embedding": [0.1, ');
      case 'redirect':
        return void response.writeHead(307, { location: 'http://example.invalid/v1/embeddings' }).end();
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, 3000));
        break;
      case 'huge': {
        response.writeHead(200, { 'content-type': 'application/json' });
        const chunk = Buffer.alloc(1024 * 1024, 0x20);
        for (let i = 0; i < 40 && !response.destroyed; i++) await new Promise((resolve) => response.write(chunk, resolve));
        return void response.end();
      }
    }
    const data = input.map((one, index) => ({
      object: 'embedding',
      index,
      embedding: state.fault === 'wrong-dimension' && index === 1 ? vectorOf(one).slice(0, 8) : vectorOf(one),
    }));
    // Out of order, as the API allows: read by `index`.
    json(200, { object: 'list', model, data: data.reverse() });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  server.on('connection', (socket) => socket.unref());
  return state;
}
