import type { Http, RequestOptions } from '../http.ts'
import type { AnswerOf, QueryOf } from '../types.ts'

/** The voices of `/v1/voices` (filter by language, gender, region). */
export class Voices {
  constructor(private readonly http: Http) {}

  list(
    query: QueryOf<'GET /v1/voices'> = {},
    options: RequestOptions = {},
  ): Promise<AnswerOf<'GET /v1/voices'>> {
    return this.http.json({ method: 'GET', path: '/v1/voices', query, idempotent: true, options })
  }
}
