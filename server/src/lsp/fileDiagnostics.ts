import { LSPErrorCodes, ResponseError, type Diagnostic } from 'vscode-languageserver';
import { CancelledError, internalErrorDiagnostic, type Cancellation, type DocsLanguageService } from '../service';
import { logFailure } from './requestGuard';

/**
 * A file's diagnostics, as both the document pull and the workspace pull answer them; a failure of
 * Docsmith itself becomes one diagnostic that says so, never silence.
 */
export async function fileDiagnostics(service: DocsLanguageService, uri: string, token: Cancellation): Promise<Diagnostic[]> {
  try {
    return (await service.getDiagnostics(uri, token)) ?? [];
  } catch (error) {
    if (error instanceof CancelledError) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'Cancelled');
    logFailure(error);
    return [internalErrorDiagnostic(error)];
  }
}
