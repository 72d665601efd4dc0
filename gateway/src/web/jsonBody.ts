/**
 * JSON request bodies parsed by fastify's own parser (secure-json-parse), with a refusal that
 * says why. fastify answers a body with a `__proto__` key, or a `constructor` with a `prototype`
 * (prototype poisoning), exactly as it answers broken JSON: "Body is not valid JSON", which is
 * untrue and names nothing. Such a body now gets a 400 naming the key. A charset other than
 * UTF-8 gets a 415 naming it.
 *
 * A body nested deeper than MAX_JSON_DEPTH arrays and objects, or holding more than
 * MAX_JSON_ITEMS of them and their items, is refused (400) before it is parsed: JSON.parse takes
 * its time on structure, not size, so the 8 MiB a map upload may send, nested 4 million arrays
 * deep, held the event loop for 3.6 s and the gateway at 950 MB (three at once: 5.6 s), and 2.6
 * million empty objects for 1.6 s. No body of this API nests more than two levels or holds more
 * than a few fields (a map travels as one base64 string); the check reads the text once (an
 * 8 MiB upload in about 30 ms).
 */
import type { FastifyInstance } from 'fastify';

interface CodedError extends Error {
  code?: string;
  statusCode?: number;
}

/** The deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 32;
/** The most arrays, objects, array items and object members a JSON body may hold together. */
export const MAX_JSON_ITEMS = 4096;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/**
 * Why `text` is refused before parsing (nested deeper than MAX_JSON_DEPTH, or more than
 * MAX_JSON_ITEMS arrays, objects and items; brackets and commas inside strings not counted), or
 * null. Not a validator: what is not JSON is left to the parser.
 */
export function jsonShapeProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxItems = MAX_JSON_ITEMS): string | null {
  let depth = 0;
  let items = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // To the string's closing quote: the next one not escaped (after an even run of backslashes).
      let end = i;
      for (;;) {
        end = text.indexOf('"', end + 1);
        if (end < 0) return null;
        let before = end - 1;
        while (text.charCodeAt(before) === BACKSLASH) before--;
        if ((end - 1 - before) % 2 === 0) break;
      }
      i = end;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return `body: arrays and objects nested more than ${maxDepth} deep are refused`;
      if (++items > maxItems) break;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c && ++items > maxItems) {
      break;
    }
  }
  return items > maxItems ? `body: more than ${maxItems} arrays, objects, items and members are refused` : null;
}

export function installJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const problem = jsonShapeProblem(body as string);
    if (problem !== null) {
      const refused: CodedError = new Error(problem);
      // fastify's own code for a body it refuses to parse, as for prototype keys below.
      refused.statusCode = 400;
      refused.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(refused, undefined);
      return;
    }
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
