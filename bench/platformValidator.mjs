// The platform's schema-only validator as a process: read docs.json, resolve `$ref`s, validate with
// @mintlify/validation (installed for the differential tests in .oracle/). npm run bench times it
// beside `docsmith check` on the same site. Usage: node bench/platformValidator.mjs DIR
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = process.argv[2];
const validation = await import(
  pathToFileURL(resolve(import.meta.dirname, '../.oracle/node_modules/@mintlify/validation/dist/index.js')).href
);
const raw = JSON.parse(await readFile(join(dir, 'docs.json'), 'utf8'));
const { resolved } = await validation.resolveRefs(raw, (path) => readFile(join(dir, path), 'utf8'));
const result = validation.validateDocsConfig(resolved);
console.log(result.success ? 'valid' : `invalid: ${result.error.issues.length} issues`);
