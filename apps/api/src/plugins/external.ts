import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import swagger from '@fastify/swagger'
import { AppError, CommonErrorCode, strictObjects } from '@loa/contracts'
import type { FastifyInstance } from 'fastify'
import type { Redis } from 'ioredis'
import type { ZodType } from 'zod'
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { ApiConfig } from '../config.ts'
import { documentOpenApi } from '../openapi/index.ts'
import { sendSecurityHeaders } from './security-headers.ts'
import { registerOpenApiRoutes } from '../openapi/routes.ts'

export const API_BASE = '/api/v1'

/**
 * External plugins, in boot order: zod compilers, security headers, CORS, rate limits, OpenAPI. With `redis`
 * (scale mode) the per-route rate limits are counted in Redis, so every replica shares one budget.
 */
export const registerExternalPlugins = async (
  app: FastifyInstance,
  config: ApiConfig,
  redis?: Redis,
): Promise<void> => {
  // Bodies are strict: an unknown key is a 400 VALIDATION_FAILED instead of being dropped silently.
  app.setValidatorCompiler<ZodType>((route) =>
    validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictObjects(route.schema) } : route),
  )
  app.setSerializerCompiler(serializerCompiler)

  await sendSecurityHeaders(app, {
    // The API answers JSON (its reference is the site's /docs).
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  })
  await app.register(cors, {
    origin: config.corsOrigins,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    maxAge: 600,
  })
  await app.register(rateLimit, {
    global: false,
    ...(redis && { redis, nameSpace: `${config.rateLimitRedisPrefix}{routes}:`, skipOnError: true }),
    errorResponseBuilder: (_request, context) =>
      new AppError(CommonErrorCode.RATE_LIMITED, `Too many requests; retry in ${context.after}`, 429, {
        headers: { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      }),
  })
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Loa product API',
        version: '1.0.0',
        description:
          'Catalogue, accounts, marketing and commerce calls of Loa. Success: `{"status":1,"result":…}`; ' +
          'failure: HTTP 4xx/5xx with `{"status":0,"error_code":"…","error_message":"…"}`. Keys are snake_case. ' +
          'Signed-in calls take the SSO access token (a JWT, scheme `bearer`); the developer API (`/api/v1/tts`, ' +
          '`/v1/*`, `POST /api/v1/dubbing`) takes an API app token, `Authorization: Bearer loa_…` (scheme ' +
          '`appToken`: opaque, not a JWT). `/v1/*` answers camelCase and fails with `{"error":{"code":"…","message":"…"}}`.',
      },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: 'A signed-in user: the SSO access token (RS256 JWT) the web app holds.',
          },
          appToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'loa_…',
            description:
              'An API app of the developer console: its opaque token `loa_` + 43 URL-safe characters, shown once ' +
              'when the app is created or its token rotated (only a hash is stored). Not a JWT: nothing to decode.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    // Descriptions from the field glossary and an example for every JSON body and answer (src/openapi).
    transformObject: (document) =>
      'openapiObject' in document ? documentOpenApi(document) : document.swaggerObject,
  })
  // The developer document (public) and the operator document (admin role), cut from this one (src/openapi).
  registerOpenApiRoutes(app, config)
}
