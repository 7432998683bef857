import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { resolve } from 'node:path';

const START = resolve(__dirname, '../../scripts/start.mjs');

test('npm start with a taken PORT says so first, before building anything', { timeout: 30_000 }, async () => {
  const taken = createServer();
  await new Promise<void>((done) => taken.listen(0, '127.0.0.1', done));
  const { port } = taken.address() as AddressInfo;
  try {
    const child = spawn(process.execPath, [START], { env: { ...process.env, PORT: String(port), NO_COLOR: '1' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const code = await new Promise<number | null>((done) => child.on('exit', done));
    assert.equal(code, 1);
    assert.match(output, new RegExp(`port ${port} is taken .*PORT=9000 npm start`));
    assert.doesNotMatch(output, /building|export server/);
  } finally {
    taken.close();
  }
});
