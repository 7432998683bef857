/** A mistake in how docsmith was called (exit 2). Recognised by name: each CLI bundle has its own copy of the class. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function isUsageError(error: unknown): error is UsageError {
  return error instanceof Error && error.name === 'UsageError';
}
