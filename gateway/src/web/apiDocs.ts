/**
 * The HTTP API's OpenAPI document and its interactive docs: @fastify/swagger collects every
 * route's JSON schemas into an OpenAPI 3 document (GET /docs/json), @fastify/swagger-ui serves
 * Swagger UI at /docs from the assets it bundles (nothing from a CDN, no online validator).
 * Installed on the root app before any route, as the guard is: the document is built from the
 * routes registered after it, and an encapsulated registration would see none of them.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const DOCS_PATH = '/docs';

const DOCS_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; " +
  "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export interface ApiDocsOptions {
  /** Whether mutating routes and the live streams need `Authorization: Bearer <token>`. */
  readonly bearer: boolean;
}

export async function installApiDocs(app: FastifyInstance, options: ApiDocsOptions): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'swarmgate gateway API',
        version: '1.0.0',
        description:
          'A live trial of `swarmgate serve --port`: trial control, robots, maps, recordings, experiments, and the live streams. ' +
          (options.bearer
            ? 'This gateway needs `Authorization: Bearer <token>` (printed by serve at start) on every POST and on the live streams.'
            : 'This gateway (loopback, no fleet) needs no token.') +
          ' Guide: docs/api.md.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      ...(options.bearer ? { security: [{ bearer: [] }] } : {}),
    },
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    // No request to swagger.io's online validator: the gateway runs offline.
    uiConfig: { validatorUrl: null, deepLinking: false },
    // Swagger UI (React) sets inline styles: the docs pages, and only they, allow them; the rest
    // is the guard's policy (scripts 'self' only, so this opens no way to run code).
    staticCSP: DOCS_CSP,
    transformStaticCSP: () => DOCS_CSP,
  });
}
