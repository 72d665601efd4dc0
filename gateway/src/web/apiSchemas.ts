/**
 * What every API plugin shares at its edge: the error body's schema, and the 400 message that
 * names the field a body got wrong (docs/STYLE.md#protocol-and-io-edges).
 */
import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';

/** Every refusal's body: `{"error": "..."}` (the guard's, a handler's) or fastify's own shape (a schema's 400). */
export const errorSchema = {
  type: 'object',
  properties: {
    error: { type: 'string' },
    message: { type: 'string' },
    statusCode: { type: 'integer' },
    code: { type: 'string' },
  },
} as const;

/**
 * A 400's message names the field: Ajv's "must NOT have additional properties" gets the
 * property's name, and a failed oneOf (reported as "must match exactly one schema in oneOf"
 * plus one line per branch) says which fields the body needs instead (`oneOfHint`).
 */
export function bodyErrorFormatter(oneOfHint: string) {
  return (errors: FastifySchemaValidationError[], dataVar: string): Error => {
    const oneOf = errors.some((e) => e.keyword === 'oneOf');
    const lines = errors
      .filter((e) => e.keyword !== 'oneOf' && !(oneOf && e.keyword === 'required'))
      .map((e) => {
        const extra = e.keyword === 'additionalProperties' ? `: ${String(e.params.additionalProperty)}` : '';
        return `${dataVar}${e.instancePath} ${e.message}${extra}`;
      });
    if (oneOf) lines.push(`${dataVar} ${oneOfHint}`);
    return new Error(lines.join(', '));
  };
}

/**
 * A route's `preValidation` where every body field is optional: a POST with no body at all
 * (`curl -X POST .../api/estop`) is taken as `{}`, not refused as "body must be object". An
 * emergency stop in particular must not need a body to be typed right.
 */
export async function noBodyAsEmptyObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined) request.body = {};
}
