/**
 * JSON request bodies parsed by fastify's own parser (secure-json-parse), with a refusal that
 * says why. fastify answers a body with a `__proto__` key, or a `constructor` with a `prototype`
 * (prototype poisoning), exactly as it answers broken JSON: "Body is not valid JSON", which is
 * untrue and names nothing. Such a body now gets a 400 naming the key.
 */
import type { FastifyInstance } from 'fastify';

interface CodedError extends Error {
  code?: string;
  statusCode?: number;
}

export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, body as string, (error: CodedError | null, value?: unknown) => {
      if (error?.code === 'FST_ERR_CTP_INVALID_JSON_BODY' && isJson(body as string)) {
        const refused: CodedError = new Error("body: a '__proto__' key, or a 'constructor' key holding 'prototype', is refused (prototype poisoning)");
        // fastify's own code for a body it refuses to parse: clients that test for it still match.
        refused.statusCode = 400;
        refused.code = error.code;
        done(refused, undefined);
        return;
      }
      done(error, value);
    });
  });
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
