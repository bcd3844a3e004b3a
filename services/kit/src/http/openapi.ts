import type { FastifySchema } from 'fastify';

interface ObjectSchema {
  properties?: Record<string, { default?: unknown }>;
  required?: string[];
}

const isObjectSchema = (schema: unknown): schema is ObjectSchema => typeof schema === 'object' && schema !== null && 'properties' in schema;

/**
 * A route's schemas as the OpenAPI document tells clients about them. A query parameter with a
 * default is one the client may leave out: validation fills it in, so the route's own type has it
 * always (TypeBox marks it required), but the document says it is optional, and clients generated
 * from it (the web's) need not send it.
 */
export function documentedSchema(schema: FastifySchema | undefined): FastifySchema | undefined {
  const query = schema?.querystring;
  if (!schema || !isObjectSchema(query) || !query.required) return schema;
  const defaulted = (name: string) => query.properties?.[name]?.default !== undefined;
  return { ...schema, querystring: { ...query, required: query.required.filter((name) => !defaulted(name)) } };
}
