export type ExportErrorKind =
  'query' | 'config' | 'auth' | 'http' | 'invalid-response' | 'contradiction' | 'network' | 'timeout' | 'cancelled';

/** A failure of the export, with a message meant for the user. It never holds the API key. */
export class ExportApiError extends Error {
  constructor(
    readonly kind: ExportErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ExportApiError';
  }
}
