/** Misbehaviours of the local export server that the client must survive, each on demand (tests, `--scenario`). */
export const SCENARIOS = [
  'has-more-null-cursor',
  'repeat-cursor',
  'over-limit',
  'duplicate-ids',
  'truncated-json',
  'html-error',
  'wrong-shape',
  'reset-mid-body',
  'rate-limit',
  'redirect',
] as const;
export type Scenario = (typeof SCENARIOS)[number];
