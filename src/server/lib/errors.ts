/** An error the client should see: its status, a stable code and a human message. */
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const unauthenticated = () => new AppError(401, 'unauthenticated', /*i18n*/ 'Please Sign In first');
export const forbidden = (message = /*i18n*/ 'You are not allowed to do that.') => new AppError(403, 'forbidden', message);
