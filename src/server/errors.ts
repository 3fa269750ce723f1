/** Errors a handler throws on purpose; the error handler turns them into `{message, errors}` bodies. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
    readonly headers: Record<string, string> = {},
    /** More of the answer's body: a conflict's `current` record. */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/** A 400 naming each field of a request's `part` (body, querystring…) that is wrong, and why. */
export function invalidRequest(part: string, errors: Record<string, string>): HttpError {
  const summary = Object.entries(errors)
    .map(([field, text]) => `${field}: ${text}`)
    .join('; ');
  return new HttpError(400, `Invalid ${part}: ${summary}`, errors);
}
export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const conflict = (field: string, text: string) => new HttpError(409, text, { [field]: text });
