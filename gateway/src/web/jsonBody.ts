/**
 * JSON request bodies parsed by fastify's own parser (secure-json-parse), with a refusal that
 * says why. fastify answers a body with a `__proto__` key, or a `constructor` with a `prototype`
 * (prototype poisoning), exactly as it answers broken JSON: "Body is not valid JSON", which is
 * untrue and names nothing. Such a body now gets a 400 naming the key. A charset other than
 * UTF-8 gets a 415 naming it.
 */
import type { FastifyInstance } from 'fastify';

interface CodedError extends Error {
  code?: string;
  statusCode?: number;
}

export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    // The body is decoded as UTF-8 whatever the header says: another charset would be read wrong, not refused.
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(request.headers['content-type'] ?? '')?.[1];
    if (charset !== undefined && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8') {
      const refused: CodedError = new Error(`body: charset '${charset.slice(0, 40)}' is refused; send JSON in UTF-8`);
      refused.statusCode = 415;
      refused.code = 'FST_ERR_CTP_INVALID_MEDIA_TYPE';
      done(refused, undefined);
      return;
    }
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
