import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CHOOSE_JSON_SCHEMA_CHECK, extensionCommands, registerCommands } from '../../client/src/commands';
import { gapsCommands } from '../../client/src/gaps/gapsCommands';
import { navigationCommands } from '../../client/src/navigation/navigationCommands';

/**
 * The extension's commands are one list per part (client/src/commands.ts, client/src/gaps/gapsCommands.ts, client/src/navigation/navigationCommands.ts),
 * held here against package.json: every declared command has a handler, every handler is declared, and
 * every menu entry names a declared command.
 */
const manifest = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8'));
const declared: string[] = manifest.contributes.commands.map((command: { command: string }) => command.command);
const registered = [
  ...Object.keys(extensionCommands),
  ...Object.keys(gapsCommands),
  ...Object.keys(navigationCommands),
  CHOOSE_JSON_SCHEMA_CHECK,
];

test('the command tables and package.json name the same commands, each once', () => {
  assert.deepEqual([...registered].sort(), [...declared].sort());
  assert.equal(new Set(registered).size, registered.length, 'no command is in two tables');
});

test('every menu entry names a declared command', () => {
  const menus = Object.entries(manifest.contributes.menus as Record<string, { command?: string }[]>);
  const unknown = menus.flatMap(([menu, entries]) =>
    entries.filter((entry) => entry.command && !declared.includes(entry.command)).map((entry) => `${menu}: ${entry.command}`),
  );
  assert.deepEqual(unknown, []);
});

test('registerCommands registers each id of a table with its handler, given the target and the arguments', async () => {
  const seen: string[] = [];
  const target = {
    view: {} as never,
    actions: {
      undoTriage: async () => void seen.push('undo'),
      triageNodes: async (_: unknown, state: unknown) => void seen.push(`triage ${String(state)}`),
    } as never,
    corrections: {
      moveToCluster: async (_: unknown, target: unknown) => void seen.push(`move to ${String(target)}`),
      mergeClusters: async () => void seen.push('merge'),
      splitOff: async (_: unknown, selected: unknown[]) => void seen.push(`split ${selected.length}`),
    } as never,
  };
  const handlers = new Map<string, (...args: unknown[]) => unknown>();
  const disposables = registerCommands(
    { registerCommand: (id: string, run: (...args: any[]) => unknown) => (handlers.set(id, run), { dispose() {} }) } as never,
    gapsCommands,
    target,
  );
  assert.equal(disposables.length, Object.keys(gapsCommands).length);
  await handlers.get('docsmith.gaps.undoTriage')!();
  await handlers.get('docsmith.gaps.dismiss')!({ kind: 'conversation' });
  // From the context menu: the item, then the items selected; a test may name the target after them.
  await handlers.get('docsmith.gaps.moveToCluster')!({ kind: 'conversation' }, undefined, 'new');
  await handlers.get('docsmith.gaps.splitOff')!({ kind: 'conversation' }, [{}, {}]);
  assert.deepEqual(seen, ['undo', 'triage dismissed', 'move to new', 'split 2']);
});
