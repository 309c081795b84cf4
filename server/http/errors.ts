/** WordPress-style API errors: {code, message, data: {status}}. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { langOf, MESSAGES } from '../mail/templates';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: keyof typeof MESSAGES,
    readonly params?: unknown,
    /** Appended to the message (a field's name; never a value sent). */
    readonly detail?: string,
  ) {
    super(code);
  }
}

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  messageKey: keyof typeof MESSAGES,
  params?: unknown,
  detail?: string,
) {
  const lang = langOf(request.headers['accept-language']);
  const message = MESSAGES[messageKey][lang] + (detail ? `: ${detail}` : '');
  return reply
    .code(status)
    .send({ code, message, data: { status, ...(params !== undefined ? { params } : {}) } });
}
