import type { Database } from '@loa/db'
import type { Queue } from '@loa/jobs'
import type { Storage } from '@loa/storage'
import type { JWTVerifyGetKey } from 'jose'
import type { Logger } from 'pino'
import type { ApiConfig } from './config.ts'

/** What `buildApiApp` needs. The caller owns database, storage and queue (the app never closes them). */
export interface ApiDeps {
  config: ApiConfig
  database: Database
  /** Files (support attachments, voice samples, synthesis output). Required by the upload and file routes. */
  storage?: Storage
  /** The job queue (@loa/jobs); used by the synthesis routes. */
  queue?: Queue
  logger?: Logger | false
  /**
   * Where token signing keys come from. Defaults to the SSO's JWKS (`config.ssoJwksUrl`, cached and
   * refreshed by jose). Tests pass a local key set.
   */
  jwks?: JWTVerifyGetKey
}
