import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hasOverride, offerText, OVERRIDE, whatVsCodeShows, withoutOverride } from '../../client/src/jsonSchemaOffer';

/** The JSON-schema offer is worded by what VS Code's JSON support actually shows on docs.json. */
// VS Code 1.100 gives its JSON diagnostics no source.
const offline = {
  code: 768,
  message: "Unable to load schema from 'https://mintlify.com/docs.json': getaddrinfo ENOTFOUND mintlify.com.",
};
const problem = { source: undefined, code: 0, message: 'Missing property "name".' };
const ours = { source: 'docsmith', code: 'nav/page-not-found', message: 'Page "x" does not exist.' };

test('offline: the offer says VS Code could not load the schema, not that problems show twice', () => {
  const text = offerText([offline, ours])!;
  assert.match(text, /could not load the platform schema/);
  assert.doesNotMatch(text, /twice|problems of its own/);
  assert.match(text, /Choose Who Checks docs\.json Against the Schema/);
});

test('online: the offer counts the problems VS Code shows of its own', () => {
  assert.match(offerText([problem, ours])!, /shows a problem of its own/);
  assert.match(offerText([problem, { ...problem, message: 'Incorrect type.' }])!, /shows 2 problems of its own/);
  assert.deepEqual(whatVsCodeShows([problem, offline, ours]), { loadFailures: 1, problems: 1 });
});

test('nothing shown by VS Code: no offer', () => {
  assert.equal(offerText([]), undefined);
  assert.equal(offerText([ours]), undefined);
  assert.equal(offerText([{ ...problem, source: 'cSpell' }]), undefined, "another extension's diagnostics are not VS Code's");
  assert.match(offerText([{ ...problem, source: 'json' }])!, /of its own/, 'older VS Code: source "json"');
});

test('the override is found and removed by its URL, other schemas kept', () => {
  const other = { fileMatch: ['x.json'], url: 'https://example.com/x.json' };
  assert.equal(hasOverride([other]), false);
  assert.equal(hasOverride([other, OVERRIDE]), true);
  assert.deepEqual(withoutOverride([other, OVERRIDE, null]), [other, null]);
});
