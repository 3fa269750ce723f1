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
export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const conflict = (field: string, text: string) => new HttpError(409, text, { [field]: text });
