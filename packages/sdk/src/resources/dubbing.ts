import { randomKey, type CreateOptions, type Http, type RequestOptions } from '../http.ts'
import { pollUntil, type PollOptions } from '../poll.ts'
import type { DubbingBody, DubbingRender } from '../types.ts'

/** Dubbing jobs: subtitles (text or URL) spoken with a voice per speaker, fitted to the timeline. */
export class Dubbing {
  constructor(private readonly http: Http) {}

  /** Starts a dubbing render (charged to the DUBBING credits); sent with an `Idempotency-Key`. */
  create(body: DubbingBody, options: CreateOptions = {}): Promise<DubbingRender> {
    return this.http.result<DubbingRender>({
      method: 'POST',
      path: '/api/v1/dubbing',
      body,
      idempotent: true,
      idempotencyKey: options.idempotencyKey ?? randomKey(),
      options,
    })
  }

  /** A render: status, fit summary and signed links to its files (`links.track_mp3`, `links.srt`, …). */
  get(renderId: string, options: RequestOptions = {}): Promise<DubbingRender> {
    return this.http.result<DubbingRender>({
      method: 'GET',
      path: `/api/v1/dubbing/${encodeURIComponent(renderId)}`,
      idempotent: true,
      options,
    })
  }

  /** Polls until the render is no longer IN_PROGRESS and answers it; check `status`. */
  waitForCompletion(renderId: string, options: PollOptions & RequestOptions = {}): Promise<DubbingRender> {
    return pollUntil(
      () => this.get(renderId, options),
      (r) => r.status !== 'IN_PROGRESS',
      options,
    )
  }
}
