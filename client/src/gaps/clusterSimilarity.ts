import * as vscode from 'vscode';
import { DEFAULT_THRESHOLD, parseClusterSimilarity } from '../../../server/src/analytics';

/**
 * The sizes an author picks from. The two ends are where each of the labelled sets scores best
 * (README, Docs gaps quality): one site's questions join best at 0.08, another's at 0.2.
 */
const PRESETS = [
  {
    label: 'Larger clusters',
    value: 0.08,
    detail: 'Fewer, larger clusters: questions asked in other words join more often, and two close needs may share one.',
  },
  { label: 'Default', value: DEFAULT_THRESHOLD, detail: 'Measured best on average over the labelled sets.' },
  {
    label: 'Smaller clusters',
    value: 0.2,
    detail: 'More, smaller clusters: each is one need more surely, and one need may be split over several.',
  },
] as const;

/**
 * Asks how alike a cluster's questions must be, the current value marked: a number, 'default' (remove
 * the setting), or undefined when the author backs out.
 */
export async function pickClusterSimilarity(current: number | undefined): Promise<number | 'default' | undefined> {
  const now = current ?? DEFAULT_THRESHOLD;
  const items = [
    ...PRESETS.map((preset) => ({
      label: preset.label,
      description: `similarity ${preset.value}${preset.value === now ? ' (current)' : ''}`,
      detail: preset.detail,
      value: preset.value === DEFAULT_THRESHOLD ? ('default' as const) : preset.value,
    })),
    {
      label: 'Custom…',
      description: PRESETS.some((preset) => preset.value === now) ? undefined : `(current: ${now})`,
      detail: 'A similarity above 0 and up to 1: higher gives more, tighter clusters.',
      value: undefined,
    },
  ];
  const choice = await vscode.window.showQuickPick(items, {
    title: `Docsmith: cluster size of the Docs Gaps (similarity now ${now})`,
    matchOnDetail: true,
  });
  if (!choice) return undefined;
  if (choice.value !== undefined) return choice.value;
  const typed = await vscode.window.showInputBox({
    title: 'How alike must the questions of a cluster be?',
    prompt: `A number above 0 and up to 1 (default ${DEFAULT_THRESHOLD}): higher gives more, tighter clusters.`,
    value: String(now),
    validateInput: (text) => (parseClusterSimilarity(text) === undefined ? 'Use a number above 0 and up to 1, such as 0.2.' : undefined),
  });
  return typed === undefined ? undefined : parseClusterSimilarity(typed);
}
