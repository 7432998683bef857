/** The HTTP methods an OpenAPI operation may have, as navigation entries and `api:` values write them. */
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;

/** The same, as the keys of a spec's path item. */
export const SPEC_METHODS = HTTP_METHODS.map((method) => method.toLowerCase());

/** A method word in an operation reference: an HTTP method, or `webhook` for a spec's webhooks (any case). */
export const OPERATION_METHOD = [...SPEC_METHODS, 'webhook'].join('|');
