import { createRequire } from 'node:module'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { swaggerUI } from '@hono/swagger-ui'
import type { OpenAPIHono } from '@hono/zod-openapi'
import type { AppEnv } from './router'

const require = createRequire(import.meta.url)

/** OpenAPI 3.1 at /api/openapi.json and a Swagger UI page at /api/docs, every asset served from here. */
export function mountApiDocs(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'Bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'An access token from POST /oauth/token (grant_type=password or refresh_token).',
  })
  app.doc31('/api/openapi', {
    openapi: '3.1.0',
    info: {
      title: 'Fanspole Local API',
      version: '1.0.0',
      description: [
        'JSON under /api; a trailing `.json` is optional on every path.',
        'Reads accept `?fields=a,b,c{d,e}` to select fields. Answers are wrapped in the resource name.',
        'Errors always have the shape `{ error, code, errors?, request_id }`.',
        'Every request may carry `X-Fanspole-Client: web|cli`; the token endpoint requires a known client.',
      ].join('\n\n'),
    },
  })
  const distRoot = path.dirname(require.resolve('swagger-ui-dist/package.json'))
  app.use(
    '/vendor/swagger-ui-dist/*',
    serveStatic({ root: distRoot, rewriteRequestPath: (p) => p.replace(/^\/vendor\/swagger-ui-dist/, '') }),
  )
  app.get(
    '/api/docs',
    swaggerUI({
      url: '/api/openapi.json',
      baseUrl: '/vendor',
      title: 'Fanspole Local API',
      validatorUrl: 'none',
    }),
  )
}
