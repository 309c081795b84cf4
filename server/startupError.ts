/**
 * Why the server refuses to start: one line naming the file or setting and what to do. main.ts
 * prints it without a stack trace.
 */
export class StartupError extends Error {
  override name = 'StartupError';
}
