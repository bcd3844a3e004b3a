import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.ts';

const containsNul = (value: unknown): boolean => {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value !== null && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
};

/**
 * PostgreSQL cannot store a NUL character in text and fails the query, which would surface as a
 * 500. No field of ours has a use for one, so a request that carries one anywhere in its body,
 * query or path is refused up front.
 */
export async function rejectNulCharacters(request: FastifyRequest): Promise<void> {
  if (containsNul(request.params) || containsNul(request.query) || containsNul(request.body)) {
    throw badRequest('Invalid request: text must not contain NUL characters');
  }
}
