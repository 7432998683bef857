import * as vscode from 'vscode';
import { parseExportDate } from '../../../server/src/analytics';
import { plural } from '../../../server/src/common/plural';

/** The date range of the Docs Gaps view: the last N days, or dates the author chose. */
export type GapsRange = { days: 7 | 30 | 90 } | { from: string; to?: string };

export interface RangeBounds {
  from: Date;
  to?: Date;
  label: string;
  /** The range before, as long as this one: what a cluster's trend compares with. */
  previousFrom: Date;
  /** "previous 30 days", "the range before". */
  previousLabel: string;
}

const DAY = 86_400_000;

export function rangeBounds(range: GapsRange, now = Date.now()): RangeBounds {
  if ('days' in range) {
    const from = new Date(now - range.days * DAY);
    return {
      from,
      label: `last ${plural(range.days, 'day')}`,
      previousFrom: new Date(from.getTime() - range.days * DAY),
      previousLabel: `previous ${plural(range.days, 'day')}`,
    };
  }
  const from = parseExportDate(range.from)!;
  const to = range.to ? parseExportDate(range.to) : undefined;
  const length = Math.max(0, (to?.getTime() ?? now) - from.getTime());
  return {
    from,
    to,
    label: `${range.from} – ${range.to ?? 'now'}`,
    previousFrom: new Date(from.getTime() - length),
    previousLabel: 'the range before',
  };
}

/** Asks for a range, the current one marked; undefined when the author backs out. */
export async function pickRange(current: GapsRange): Promise<GapsRange | undefined> {
  const picks = [
    { label: 'Last 7 days', range: { days: 7 } as GapsRange },
    { label: 'Last 30 days', range: { days: 30 } as GapsRange },
    { label: 'Last 90 days', range: { days: 90 } as GapsRange },
    { label: 'Custom range…', range: undefined },
  ];
  const now = rangeBounds(current).label;
  // A preset is current when its days are; "Custom range…" when the range is custom.
  const isCurrent = (range: GapsRange | undefined) =>
    range && 'days' in range ? 'days' in current && range.days === current.days : !('days' in current);
  const items = picks.map((pick) => ({
    ...pick,
    description: isCurrent(pick.range) ? (pick.range ? '(current)' : `(current: ${now})`) : undefined,
  }));
  const choice = await vscode.window.showQuickPick(items, {
    title: `Docsmith: date range of the gaps (now: ${now})`,
    placeHolder: `Now: ${now}`,
  });
  if (!choice) return undefined;
  if (choice.range) return choice.range;
  const from = await vscode.window.showInputBox({
    title: 'From (inclusive)',
    prompt: 'YYYY-MM-DD or an ISO 8601 date-time',
    validateInput: (v) => (parseExportDate(v.trim()) ? undefined : 'Use YYYY-MM-DD, such as 2026-10-01.'),
  });
  if (!from) return undefined;
  const to = await vscode.window.showInputBox({
    title: 'To (exclusive, empty for now)',
    prompt: 'YYYY-MM-DD or an ISO 8601 date-time',
    validateInput: (v) => (!v.trim() || parseExportDate(v.trim()) ? undefined : 'Use YYYY-MM-DD, such as 2026-11-01.'),
  });
  if (to === undefined) return undefined;
  return { from: from.trim(), to: to.trim() || undefined };
}
