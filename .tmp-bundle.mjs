import { build } from 'esbuild';
await build({
  entryPoints: ['/tmp/ds/state.ts'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: '/tmp/ds/state.cjs',
  mainFields: ['module', 'main'],
  logLevel: 'error',
});
