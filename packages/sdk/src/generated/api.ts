// Generated from the Loa public OpenAPI document by `npm run sdk:types`; do not edit by hand.
// Source: Loa developer API 1.0.0

/** Every developer operation: its path parameters, query, JSON body and JSON answer. */
export interface Operations {
  /** The caller’s call-prompt jobs (newest first) and call-prompt credits */
  'GET /api/v1/call-prompts': {
    query: {
      /** Items to skip (paging) */
      offset?: number
      /** Items per page */
      limit?: number
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** Jobs in all */
        total: number
        /** The caller’s call-prompt credits */
        balance: number
        /** This page of jobs */
        items: Array<{
          /** The job’s id */
          id: string
          /** STUDIO or API */
          source: string
          /** The app that created it (API jobs) */
          app_id: string | null
          /** The job’s title */
          title: string
          /** IN_PROGRESS, SUCCESS, FAILURE or CANCELLED */
          status: string
          /** Percent of rows rendered */
          progress: number
          /** The files’ format */
          format: string
          /** The voice */
          voice_code: string
          /** Speaking rate */
          speed: number
          /** Rows in the job */
          row_count: number
          /** Rows rendered so far */
          done_rows: number
          /** Rows that could not be rendered */
          failed_rows: number
          /** Credits reserved (characters × the voice’s factor) */
          characters: number
          /** Credits charged (the rendered rows; 0 unless SUCCESS) */
          characters_charged: number
          /** Signed link (24 h) to the ZIP of files and manifest.csv */
          zip_url: string | null
          /** Rows that failed (first 100) */
          failures: Array<{
            /** The row */
            row: number
            /** Why */
            error_code: string | null
          }>
          /** Why the job failed */
          error_code: string | null
          /** The failure in words */
          error_message: string | null
          /** When it was created */
          created_at: string
          /** When it ended */
          finished_at: string | null
        }>
      }
    }
  }
  /** Render every row of a script to a telephone file (a job; ZIP with manifest.csv); credits reserved from the call-prompt wallet now, the rendered rows charged at the end */
  'POST /api/v1/call-prompts': {
    body: {
      /** A name for the job (default: the script’s start) */
      title?: string
      /** The prompt with `{{column}}` or `{{column:type}}` placeholders; types: text, money, date, plate, code, number, phone */
      script: string
      /** The voice every row is read with */
      voice_code?: string
      /** Speaking rate (1: natural) */
      speed?: number
      /** The files: wav_8000 (8 kHz 16-bit PCM WAV, Asterisk .wav), ulaw / alaw (raw G.711, Asterisk .ulaw/.alaw), sln (raw 8 kHz 16-bit), ulaw_wav / alaw_wav (G.711 WAV) */
      format?: 'wav_8000' | 'ulaw' | 'alaw' | 'sln' | 'ulaw_wav' | 'alaw_wav'
      /** App-token calls: where the signed result is POSTed when the job ends (default: the app’s) */
      callback_url?: string
      /** The rows as CSV: a header line naming the columns (a `file` column names each file), `,` or `;` */
      csv?: string
      /** Or: the rows as JSON objects, column → value (up to 10,000) */
      rows?: Array<{
        [key: string]: string | number
      }>
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The job’s id */
        id: string
        /** STUDIO or API */
        source: string
        /** The app that created it (API jobs) */
        app_id: string | null
        /** The job’s title */
        title: string
        /** IN_PROGRESS, SUCCESS, FAILURE or CANCELLED */
        status: string
        /** Percent of rows rendered */
        progress: number
        /** The files’ format */
        format: string
        /** The voice */
        voice_code: string
        /** Speaking rate */
        speed: number
        /** Rows in the job */
        row_count: number
        /** Rows rendered so far */
        done_rows: number
        /** Rows that could not be rendered */
        failed_rows: number
        /** Credits reserved (characters × the voice’s factor) */
        characters: number
        /** Credits charged (the rendered rows; 0 unless SUCCESS) */
        characters_charged: number
        /** Signed link (24 h) to the ZIP of files and manifest.csv */
        zip_url: string | null
        /** Rows that failed (first 100) */
        failures: Array<{
          /** The row */
          row: number
          /** Why */
          error_code: string | null
        }>
        /** Why the job failed */
        error_code: string | null
        /** The failure in words */
        error_message: string | null
        /** When it was created */
        created_at: string
        /** When it ended */
        finished_at: string | null
      }
    }
  }
  /** Check a script and its rows (free): every value read by its type, problems by row, the cost */
  'POST /api/v1/call-prompts/check': {
    body: {
      /** The prompt with `{{column}}` or `{{column:type}}` placeholders; types: text, money, date, plate, code, number, phone */
      script: string
      /** The voice (its credit factor prices the rows) */
      voice_code?: string
      /** The rows as CSV: a header line naming the columns (a `file` column names each file), `,` or `;` */
      csv?: string
      /** Or: the rows as JSON objects, column → value (up to 10,000) */
      rows?: Array<{
        [key: string]: string | number
      }>
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The script’s variables in order of use */
        variables: Array<{
          /** Variable name */
          name: string
          /** Its type */
          type: string
        }>
        /** Rows given */
        row_count: number
        /** Rows whose every value can be read */
        valid_rows: number
        /** Characters of the valid rows’ prompts */
        characters: number
        /** What the valid rows would cost (characters × the voice’s credit factor) */
        credits: number
        /** The caller’s call-prompt credits */
        balance: number
        /** Variables no column gives */
        missing_columns: string[]
        /** Columns the script does not use */
        unused_columns: string[]
        /** Values that cannot be read, by row (first 200) */
        problems: Array<{
          /** The row (1 = the first under the header) */
          row: number
          /** The column (variable) at fault; empty for the whole row */
          column: string
          /** empty, too_long, money, date, plate, code, number, phone (a value that is not one), prompt_empty, prompt_too_long, file_name, file_taken */
          problem: string
          /** The value as given (first 100 characters) */
          value?: string
        }>
        /** All problems found */
        problem_count: number
        /** The first valid row’s prompt as it will be read */
        first_text: string | null
      }
    }
  }
  /** How one row will be read (free): the filled prompt, normalized with the caller’s dictionary */
  'POST /api/v1/call-prompts/preview': {
    body: {
      /** The prompt with `{{column}}` or `{{column:type}}` placeholders; types: text, money, date, plate, code, number, phone */
      script: string
      /** The voice whose region’s readings apply */
      voice_code?: string
      /** One row: column → value */
      values?: {
        [key: string]: string | number
      }
      /** The rows as CSV: a header line naming the columns (a `file` column names each file), `,` or `;` */
      csv?: string
      /** With csv: which row (1 = the first under the header) */
      row?: number
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The text */
        text: string
        /** Billable characters of the text (pause tags left out, whitespace runs counted once) */
        characters: number
        /** The source map: each spoken fragment and where it comes from, in order */
        spans: Array<{
          /** What the normalizer read there (word, number, date, time, currency, abbreviation, dictionary…) */
          kind: string
          /** How the fragment is read */
          text: string
          /** The fragment as written */
          source: string
          /** Where the fragment starts in the text you sent (UTF-16 offset) */
          src_start: number
          /** Where it ends in the text you sent (exclusive) */
          src_end: number
          /** Where its reading starts in the normalized text */
          out_start: number
          /** Where its reading ends in the normalized text (exclusive) */
          out_end: number
          /** Set when the reading is a guess to check first (unknown-acronym: capitals spelled letter by letter; capitalised-word: capitals read as a word; code: a product or model code; date-or-number: a d.m or d-m, or a range of two d/m, read as a date; ambiguous-abbreviation: an abbreviation read by its most common meaning, e.g. ĐT as đội tuyển without a number after it); null when sure. Add a dictionary entry to fix it */
          doubt:
            | 'unknown-acronym'
            | 'capitalised-word'
            | 'code'
            | 'date-or-number'
            | 'ambiguous-abbreviation'
            | null
        }>
      }
    }
  }
  /** One job: status, progress, rows done and failed, the ZIP link once it succeeded */
  'GET /api/v1/call-prompts/{id}': {
    params: {
      /** The job’s id */
      id: string
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The job’s id */
        id: string
        /** STUDIO or API */
        source: string
        /** The app that created it (API jobs) */
        app_id: string | null
        /** The job’s title */
        title: string
        /** IN_PROGRESS, SUCCESS, FAILURE or CANCELLED */
        status: string
        /** Percent of rows rendered */
        progress: number
        /** The files’ format */
        format: string
        /** The voice */
        voice_code: string
        /** Speaking rate */
        speed: number
        /** Rows in the job */
        row_count: number
        /** Rows rendered so far */
        done_rows: number
        /** Rows that could not be rendered */
        failed_rows: number
        /** Credits reserved (characters × the voice’s factor) */
        characters: number
        /** Credits charged (the rendered rows; 0 unless SUCCESS) */
        characters_charged: number
        /** Signed link (24 h) to the ZIP of files and manifest.csv */
        zip_url: string | null
        /** Rows that failed (first 100) */
        failures: Array<{
          /** The row */
          row: number
          /** Why */
          error_code: string | null
        }>
        /** Why the job failed */
        error_code: string | null
        /** The failure in words */
        error_message: string | null
        /** When it was created */
        created_at: string
        /** When it ended */
        finished_at: string | null
      }
    }
  }
  /** Cancel a running job (its credits are released; no ZIP is made) */
  'DELETE /api/v1/call-prompts/{id}': {
    params: {
      /** The job’s id */
      id: string
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The job’s id */
        id: string
        /** STUDIO or API */
        source: string
        /** The app that created it (API jobs) */
        app_id: string | null
        /** The job’s title */
        title: string
        /** IN_PROGRESS, SUCCESS, FAILURE or CANCELLED */
        status: string
        /** Percent of rows rendered */
        progress: number
        /** The files’ format */
        format: string
        /** The voice */
        voice_code: string
        /** Speaking rate */
        speed: number
        /** Rows in the job */
        row_count: number
        /** Rows rendered so far */
        done_rows: number
        /** Rows that could not be rendered */
        failed_rows: number
        /** Credits reserved (characters × the voice’s factor) */
        characters: number
        /** Credits charged (the rendered rows; 0 unless SUCCESS) */
        characters_charged: number
        /** Signed link (24 h) to the ZIP of files and manifest.csv */
        zip_url: string | null
        /** Rows that failed (first 100) */
        failures: Array<{
          /** The row */
          row: number
          /** Why */
          error_code: string | null
        }>
        /** Why the job failed */
        error_code: string | null
        /** The failure in words */
        error_message: string | null
        /** When it was created */
        created_at: string
        /** When it ended */
        finished_at: string | null
      }
    }
  }
  /** Developer API: dub subtitles (text or URL) with a voice per speaker; result by callback or GET */
  'POST /api/v1/dubbing': {
    body: {
      /** The project’s (or speaker’s) name */
      name?: string
      /** The subtitle file’s text (SRT, WebVTT or ASS) */
      subtitle_text?: string
      /** Or: an http(s) URL to fetch the subtitles from (not a private address) */
      subtitle_url?: string
      /** The voice of lines whose speaker has none */
      voice_code?: string
      /** The speakers with their voice and speed */
      speakers?: {
        [key: string]: {
          /** The speaker’s voice */
          voice_code: string
          /** Speaking rate, 0.5–1.5 (1: natural) */
          speed?: number
        }
      }
      /** Where the finished render is POSTed (http(s), not a private address; signed with `X-Loa-Signature`) */
      callback_url?: string
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The render’s id */
        render_id: string
        /** The dubbing project’s id */
        project_id: string
        /** The API app of a developer render (null: the studio) */
        app_id: string | null
        /** IN_PROGRESS while it renders, then SUCCESS, FAILURE or CANCELLED */
        status: string
        /** Characters of the lines rendered (what DUBBING credits are reserved for) */
        characters: number
        /** Seconds of dubbed timeline charged to the DUBBING credits (0 unless SUCCESS) */
        seconds_charged: number
        /** Length of the dub in ms (null until rendered) */
        duration_ms: number | null
        /** The fit summary (null until rendered) */
        summary: unknown
        /** Signed, expiring links by file name (track_mp3, srt, report_json…) */
        links: {
          [key: string]: string
        }
        /** The error code when it failed (see the error list in the docs); null otherwise */
        error_code: string | null
        /** When it was created (ISO 8601, UTC) */
        created_at: string
      }
    }
  }
  /** Developer API: a render of this app (status, fit summary, signed links to the files) */
  'GET /api/v1/dubbing/{render_id}': {
    params: {
      /** The render’s id */
      render_id: string
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The render’s id */
        render_id: string
        /** The dubbing project’s id */
        project_id: string
        /** The API app of a developer render (null: the studio) */
        app_id: string | null
        /** IN_PROGRESS while it renders, then SUCCESS, FAILURE or CANCELLED */
        status: string
        /** Characters of the lines rendered (what DUBBING credits are reserved for) */
        characters: number
        /** Seconds of dubbed timeline charged to the DUBBING credits (0 unless SUCCESS) */
        seconds_charged: number
        /** Length of the dub in ms (null until rendered) */
        duration_ms: number | null
        /** The fit summary (null until rendered) */
        summary: unknown
        /** Signed, expiring links by file name (track_mp3, srt, report_json…) */
        links: {
          [key: string]: string
        }
        /** The error code when it failed (see the error list in the docs); null otherwise */
        error_code: string | null
        /** When it was created (ISO 8601, UTC) */
        created_at: string
      }
    }
  }
  /** Start a synthesis (Vbee-compatible); the result is POSTed to callback_url */
  'POST /api/v1/tts': {
    body: {
      /** The API app’s id (optional; when given it must be the token’s app, else 403 APP_ID_MISMATCH) */
      app_id?: string
      /** Where the result is POSTed when the request finishes (http(s), not a private address; signed with `X-Loa-Signature`); absent: the app’s default callback URL */
      callback_url?: string
      /** The text to read (or give `sentences`) */
      input_text?: string
      /** The text as sentences, each with its own voice and speed (or give `input_text`) */
      sentences?: Array<{
        /** The sentence’s text */
        text: string
        /** The voice (a `code` of GET /api/v1/voices) */
        voice_code?: string
        /** Speaking rate: 1 is the voice’s natural rate (0.25–1.9) */
        speed_rate?: number | string
      }>
      /** The voice (a `code` of GET /api/v1/voices) */
      voice_code?: string
      /** `mp3`, `wav`; `pcm`: raw 16-bit signed little-endian mono samples at the sample rate, no header. Telephone lines: `ulaw` / `alaw` = raw 8 kHz G.711 μ-law / A-law (Twilio media, Asterisk `.ulaw`/`.alaw`), `ulaw_wav` / `alaw_wav` = the same in a WAV (format tag 7 / 6, with the `fact` chunk); G.711 is always 8 kHz whatever the sample rate says. `wav` or `pcm` at sample rate 8000 or 16000 is telephone PCM (Asterisk `.wav` / `.sln` / `.sln16`); 8 kHz outputs are band-limited to the 3.4 kHz telephone band before they are decimated. */
      audio_type?: 'mp3' | 'wav' | 'pcm' | 'ulaw' | 'alaw' | 'ulaw_wav' | 'alaw_wav'
      /** MP3 bitrate in kbps, 8–160 (snapped to one MPEG allows at the sample rate) */
      bitrate?: number | string
      /** Speaking rate: 1 is the voice’s natural rate (0.25–1.9) */
      speed_rate?: number | string
      /** Sample rate in Hz, 8000–48000 (MP3: an MPEG rate) */
      sample_rate?: number | string
      /** Accepted for Vbee compatibility and ignored: the answer is JSON, the result goes to `callback_url` */
      response_type?: string
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The API app’s id (optional; when given it must be the token’s app, else 403 APP_ID_MISMATCH) */
        app_id: string | null
        /** The synthesis request’s id */
        request_id: string
        /** Billable characters of the text (pause tags left out, whitespace runs counted once) */
        characters: number
        /** The voice (a `code` of GET /api/v1/voices) */
        voice_code: string
        /** Audio format: mp3 or wav (developer API: also pcm, raw 16-bit mono) */
        audio_type: string
        /** Speaking rate: 1 is the voice’s natural rate (0.25–1.9) */
        speed_rate: number
        /** MP3 bitrate in kbps, 8–160 (snapped to one MPEG allows at the sample rate) */
        bitrate: number
        /** Sample rate in Hz, 8000–48000 (MP3: an MPEG rate) */
        sample_rate: number
        /** When it was created (the callback log: when the last attempt was made) */
        created_at: string
        /** The request’s state: IN_PROGRESS while it renders, then its outcome (SUCCESS, FAILURE or CANCELLED) */
        status: string
      }
    }
  }
  /** Synthesize up to 4096 characters and stream the audio as it is rendered */
  'POST /api/v1/tts/stream': {
    body: {
      /** The API app’s id (optional; when given it must be the token’s app, else 403 APP_ID_MISMATCH) */
      app_id?: string
      /** The text to read (or give `sentences`) */
      input_text?: string
      /** The voice (a `code` of GET /api/v1/voices) */
      voice_code?: string
      /** `mp3`, `wav`; `pcm`: raw 16-bit signed little-endian mono samples at the sample rate, no header. Telephone lines: `ulaw` / `alaw` = raw 8 kHz G.711 μ-law / A-law (Twilio media, Asterisk `.ulaw`/`.alaw`), `ulaw_wav` / `alaw_wav` = the same in a WAV (format tag 7 / 6, with the `fact` chunk); G.711 is always 8 kHz whatever the sample rate says. `wav` or `pcm` at sample rate 8000 or 16000 is telephone PCM (Asterisk `.wav` / `.sln` / `.sln16`); 8 kHz outputs are band-limited to the 3.4 kHz telephone band before they are decimated. */
      audio_type?: 'mp3' | 'wav' | 'pcm' | 'ulaw' | 'alaw' | 'ulaw_wav' | 'alaw_wav'
      /** MP3 bitrate in kbps, 8–160 (snapped to one MPEG allows at the sample rate) */
      bitrate?: number | string
      /** Speaking rate: 1 is the voice’s natural rate (0.25–1.9) */
      speed_rate?: number | string
      /** Sample rate in Hz, 8000–48000 (MP3: an MPEG rate) */
      sample_rate?: number | string
      /** Accepted for Vbee compatibility and ignored: the answer is JSON, the result goes to `callback_url` */
      response_type?: string
    }
    response: null
  }
  /** Status, progress and audio link of a request */
  'GET /api/v1/tts/{request_id}': {
    params: {
      /** The synthesis request’s id */
      request_id: string
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The API app’s id (optional; when given it must be the token’s app, else 403 APP_ID_MISMATCH) */
        app_id: string | null
        /** The synthesis request’s id */
        request_id: string
        /** Billable characters of the text (pause tags left out, whitespace runs counted once) */
        characters: number
        /** The voice (a `code` of GET /api/v1/voices) */
        voice_code: string
        /** Audio format: mp3 or wav (developer API: also pcm, raw 16-bit mono) */
        audio_type: string
        /** Speaking rate: 1 is the voice’s natural rate (0.25–1.9) */
        speed_rate: number
        /** MP3 bitrate in kbps, 8–160 (snapped to one MPEG allows at the sample rate) */
        bitrate: number
        /** Sample rate in Hz, 8000–48000 (MP3: an MPEG rate) */
        sample_rate: number
        /** When it was created (the callback log: when the last attempt was made) */
        created_at: string
        /** The request’s state: IN_PROGRESS while it renders, then its outcome (SUCCESS, FAILURE or CANCELLED) */
        status: string
        /** Progress in percent, 0–100 */
        progress: number
        /** Signed, expiring link to the audio (null until SUCCESS, or after the API audio retention) */
        audio_link: string | null
        /** Always false here: once the retention sweep deleted the audio this call answers 410 TTS_AUDIO_EXPIRED instead */
        audio_expired: boolean
        /** Length of the audio in milliseconds (null until known) */
        duration_ms: number | null
        /** The error code when it failed (see the error list in the docs); null otherwise */
        error_code: string | null
      }
    }
  }
  /** Every delivery attempt of the callback (payload, HTTP status, time) */
  'GET /api/v1/tts/{request_id}/callback-result': {
    params: {
      /** The synthesis request’s id */
      request_id: string
    }
    response: {
      /** `1`: the call succeeded (a failure answers 4xx/5xx with `status: 0` and `error_code`) */
      status: 1
      /** What the call answers */
      result: {
        /** The synthesis request’s id */
        request_id: string
        /** Where the result is POSTed when the request finishes (http(s), not a private address; signed with `X-Loa-Signature`); absent: the app’s default callback URL */
        callback_url: string | null
        /** When it was created (the callback log: when the last attempt was made) */
        created_at: string | null
        /** The JSON body that was POSTed (null: nothing sent yet) */
        payload: unknown
        /** The HTTP status your server answered (null: no answer) */
        status_code: number | null
        /** SUCCESS (a delivery got 2xx), FAILURE (none did) or PENDING (none tried yet) */
        result: 'SUCCESS' | 'FAILURE' | 'PENDING'
        /** Every delivery attempt, oldest first */
        attempts: Array<{
          /** Attempt number, from 1 */
          attempt: number
          /** The URL it was POSTed to */
          url: string
          /** The JSON body that was POSTed (null: nothing sent yet) */
          payload: unknown
          /** The HTTP status your server answered (null: no answer) */
          status_code: number | null
          /** Whether your server answered 2xx */
          ok: boolean
          /** Why the delivery failed (timeout, connection…; null when it did not) */
          error: string | null
          /** How long the delivery took, ms */
          duration_ms: number
          /** When the attempt was made */
          created_at: string
        }>
      }
    }
  }
  /** Speak a text (OpenAI speech API): the audio as it is made, or SSE deltas */
  'POST /v1/audio/speech': {
    body: {
      /** tts-1 (fast: eSpeak voices), tts-1-hd or gpt-4o-mini-tts (best: installed neural voices first), or a Loa engine: espeak, piper */
      model: string
      /** The text to speak, at most 4096 characters */
      input: string
      /** An OpenAI voice name (alloy, ash, … cedar: mapped to installed Loa voices, see GET /v1/audio/voices) or any Loa voice code */
      voice:
        | string
        | {
            /** A Loa voice code */
            id: string
          }
      /** Accepted and ignored (Loa voices take no style prompt; the answer says so in x-loa-ignored) */
      instructions?: string
      /** mp3, wav, pcm (raw 16-bit little-endian mono at 24 kHz, as OpenAI), opus (Ogg), aac (ADTS), flac — the last three need ffmpeg on the server; Loa extensions for phone lines: g711_ulaw / g711_alaw (raw 8 kHz G.711) and g711_ulaw_wav / g711_alaw_wav (the same in a WAV, tags 7 / 6) */
      response_format?:
        | 'mp3'
        | 'opus'
        | 'aac'
        | 'flac'
        | 'wav'
        | 'pcm'
        | 'g711_ulaw'
        | 'g711_alaw'
        | 'g711_ulaw_wav'
        | 'g711_alaw_wav'
      /** 0.25–4.0; Loa voices speak at most 1.9× (faster asks are read at 1.9, said in x-loa-speed) */
      speed?: number
      /** audio: the audio bytes as they are made; sse: speech.audio.delta events (base64 audio), then speech.audio.done with usage */
      stream_format?: 'audio' | 'sse'
      /** Loa extension for wav and pcm (default 24000); 8000 and 16000 are telephone PCM, 8 kHz band-limited to 3.4 kHz */
      sample_rate?: 8000 | 16000 | 22050 | 24000 | 44100 | 48000
    }
    response: null
  }
  /** Voices for `voice`: the OpenAI names with the Loa voices they map to, then every Loa voice */
  'GET /v1/audio/voices': {
    response: {
      /** OpenAI voice names first, then every active Loa voice */
      voices: Array<{
        /** What to send as `voice` */
        id: string
        /** The name shown to people */
        name: string
        /** FEMALE or MALE */
        gender: string
        /** For an OpenAI voice name: the Loa voice it speaks with for fast models (tts-1) and best ones (tts-1-hd, gpt-4o-mini-tts); null for a Loa voice */
        maps_to: {
          /** The Loa voice for tts-1 and the eSpeak engines */
          fast: string | null
          /** The Loa voice for tts-1-hd, gpt-4o-mini-tts and piper */
          best: string | null
        } | null
      }>
    }
  }
  /** The models `POST /v1/audio/speech` accepts (OpenAI names and Loa engines) */
  'GET /v1/models': {
    response: {
      /** Always "list" */
      object: 'list'
      /** The models */
      data: Array<{
        /** The model name to send as `model` */
        id: string
        /** Always "model" */
        object: 'model'
        /** Unix seconds (a fixed date: Loa models are not versioned by date) */
        created: number
        /** Who serves it: "loa" */
        owned_by: string
      }>
    }
  }
  /** One model */
  'GET /v1/models/{model}': {
    params: {
      /** A model name */
      model: string
    }
    response: {
      /** The model name to send as `model` */
      id: string
      /** Always "model" */
      object: 'model'
      /** Unix seconds (a fixed date: Loa models are not versioned by date) */
      created: number
      /** Who serves it: "loa" */
      owned_by: string
    }
  }
  /** Synthesize speech (sync for short texts, async with a webhook) */
  'POST /v1/tts': {
    body: {
      /** The text */
      text: string
      /** The voice (a `code` of GET /v1/voices) */
      voiceCode?: string
      /** `sync`: wait for the audio (short texts); `async`: answer at once, result by webhook or polling */
      mode?: 'sync' | 'async'
      /** Where the finished request is POSTed (http(s), not a private address; signed with `X-Loa-Signature`) */
      webhookUrl?: string
      /** `mp3`, `wav`; `pcm`: raw 16-bit signed little-endian mono samples at the sample rate, no header. Telephone lines: `ulaw` / `alaw` = raw 8 kHz G.711 μ-law / A-law (Twilio media, Asterisk `.ulaw`/`.alaw`), `ulaw_wav` / `alaw_wav` = the same in a WAV (format tag 7 / 6, with the `fact` chunk); G.711 is always 8 kHz whatever the sample rate says. `wav` or `pcm` at sample rate 8000 or 16000 is telephone PCM (Asterisk `.wav` / `.sln` / `.sln16`); 8 kHz outputs are band-limited to the 3.4 kHz telephone band before they are decimated. */
      outputFormat?: 'mp3' | 'wav' | 'pcm' | 'ulaw' | 'alaw' | 'ulaw_wav' | 'alaw_wav'
      /** MP3 bitrate in kbps, 8–160 (snapped to one MPEG allows at the sample rate) */
      bitrate?: number
      /** Speaking rate: 1 is the voice’s natural rate (0.25–1.9) */
      speed?: number
      /** Sample rate in Hz (8000–48000) */
      sampleRate?: number
    }
    response: {
      /** The request’s id */
      requestId: string
      /** The request’s state: IN_PROGRESS while it renders, then its outcome (SUCCESS, FAILURE or CANCELLED) */
      status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE'
      /** Progress in percent, 0–100 */
      progress: number
      /** The voice (a `code` of GET /v1/voices) */
      voiceCode: string
      /** mp3, wav or pcm (raw 16-bit signed little-endian mono at `sampleRate`, no header) */
      outputFormat: string
      /** Sample rate in Hz (8000–48000) */
      sampleRate: number
      /** Billable characters of the text (pause tags left out, whitespace runs counted once) */
      characters: number
      /** Credits charged, once it succeeded (repeated sentences are not charged again) */
      charactersCharged: number | null
      /** Signed link to the audio (null until SUCCESS, or once deleted) */
      audioLink: string | null
      /** When `audioLink` and the timeline links stop working */
      linkExpiresAt: string | null
      /** Signed links to the subtitles and word timings (null until SUCCESS) */
      timeline: {
        /** Subtitles (SRT) */
        srt: string
        /** Subtitles (WebVTT) */
        vtt: string
        /** Each word’s start and end times (JSON) */
        words: string
      } | null
      /** When the retention sweep may delete the audio and timeline (days after creation) */
      retainUntil: string | null
      /** true once the retention sweep deleted the files (links null, errorCode TTS_AUDIO_EXPIRED) */
      audioDeleted: boolean
      /** When the files were deleted (null: kept) */
      audioDeletedAt: string | null
      /** Length of the audio in ms (null until known) */
      durationMs: number | null
      /** Why there is no audio: the render’s code (FAILURE), CANCELLED, or TTS_AUDIO_EXPIRED */
      errorCode: string | null
      /** What went wrong, in English (null: nothing) */
      errorMessage: string | null
      /** When it was created (ISO 8601, UTC) */
      createdAt: string
      /** When it finished (null while it runs) */
      finishedAt: string | null
    }
  }
  /** The app's requests, newest first (its request log), in the v1 shape */
  'GET /v1/tts/requests': {
    query: {
      /** Items to skip (paging) */
      offset?: number
      /** Items per page */
      limit?: number
      /** The request’s state: IN_PROGRESS while it renders, then its outcome (SUCCESS, FAILURE or CANCELLED) */
      status?: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE'
    }
    response: {
      /** How many items match in all (not only this page) */
      total: number
      /** The requests, newest first, as GET /v1/tts/requests/{requestId} answers each */
      items: Array<{
        /** The request’s id */
        requestId: string
        /** The request’s state: IN_PROGRESS while it renders, then its outcome (SUCCESS, FAILURE or CANCELLED) */
        status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE'
        /** Progress in percent, 0–100 */
        progress: number
        /** The voice (a `code` of GET /v1/voices) */
        voiceCode: string
        /** mp3, wav or pcm (raw 16-bit signed little-endian mono at `sampleRate`, no header) */
        outputFormat: string
        /** Sample rate in Hz (8000–48000) */
        sampleRate: number
        /** Billable characters of the text (pause tags left out, whitespace runs counted once) */
        characters: number
        /** Credits charged, once it succeeded (repeated sentences are not charged again) */
        charactersCharged: number | null
        /** Signed link to the audio (null until SUCCESS, or once deleted) */
        audioLink: string | null
        /** When `audioLink` and the timeline links stop working */
        linkExpiresAt: string | null
        /** Signed links to the subtitles and word timings (null until SUCCESS) */
        timeline: {
          /** Subtitles (SRT) */
          srt: string
          /** Subtitles (WebVTT) */
          vtt: string
          /** Each word’s start and end times (JSON) */
          words: string
        } | null
        /** When the retention sweep may delete the audio and timeline (days after creation) */
        retainUntil: string | null
        /** true once the retention sweep deleted the files (links null, errorCode TTS_AUDIO_EXPIRED) */
        audioDeleted: boolean
        /** When the files were deleted (null: kept) */
        audioDeletedAt: string | null
        /** Length of the audio in ms (null until known) */
        durationMs: number | null
        /** Why there is no audio: the render’s code (FAILURE), CANCELLED, or TTS_AUDIO_EXPIRED */
        errorCode: string | null
        /** What went wrong, in English (null: nothing) */
        errorMessage: string | null
        /** When it was created (ISO 8601, UTC) */
        createdAt: string
        /** When it finished (null while it runs) */
        finishedAt: string | null
      }>
    }
  }
  /** Poll a request: status, progress, audio and timeline links, characters charged, error code */
  'GET /v1/tts/requests/{requestId}': {
    params: {
      /** The request’s id */
      requestId: string
    }
    response: {
      /** The request’s id */
      requestId: string
      /** The request’s state: IN_PROGRESS while it renders, then its outcome (SUCCESS, FAILURE or CANCELLED) */
      status: 'IN_PROGRESS' | 'SUCCESS' | 'FAILURE'
      /** Progress in percent, 0–100 */
      progress: number
      /** The voice (a `code` of GET /v1/voices) */
      voiceCode: string
      /** mp3, wav or pcm (raw 16-bit signed little-endian mono at `sampleRate`, no header) */
      outputFormat: string
      /** Sample rate in Hz (8000–48000) */
      sampleRate: number
      /** Billable characters of the text (pause tags left out, whitespace runs counted once) */
      characters: number
      /** Credits charged, once it succeeded (repeated sentences are not charged again) */
      charactersCharged: number | null
      /** Signed link to the audio (null until SUCCESS, or once deleted) */
      audioLink: string | null
      /** When `audioLink` and the timeline links stop working */
      linkExpiresAt: string | null
      /** Signed links to the subtitles and word timings (null until SUCCESS) */
      timeline: {
        /** Subtitles (SRT) */
        srt: string
        /** Subtitles (WebVTT) */
        vtt: string
        /** Each word’s start and end times (JSON) */
        words: string
      } | null
      /** When the retention sweep may delete the audio and timeline (days after creation) */
      retainUntil: string | null
      /** true once the retention sweep deleted the files (links null, errorCode TTS_AUDIO_EXPIRED) */
      audioDeleted: boolean
      /** When the files were deleted (null: kept) */
      audioDeletedAt: string | null
      /** Length of the audio in ms (null until known) */
      durationMs: number | null
      /** Why there is no audio: the render’s code (FAILURE), CANCELLED, or TTS_AUDIO_EXPIRED */
      errorCode: string | null
      /** What went wrong, in English (null: nothing) */
      errorMessage: string | null
      /** When it was created (ISO 8601, UTC) */
      createdAt: string
      /** When it finished (null while it runs) */
      finishedAt: string | null
    }
  }
  /** A single-use ticket (60 s) for a browser to open the text-in WebSocket */
  'POST /v1/tts/stream-tickets': {
    response: {
      /** Pass as `?ticket=` when opening the WebSocket; single use */
      ticket: string
      /** When the ticket stops working (60 s after it was issued) */
      expiresAt: string
      /** The WebSocket path with the ticket, to open from the browser */
      url: string
    }
  }
  /** List the voices a v1 request may use (public) */
  'GET /v1/voices': {
    query: {
      /** Language and country (BCP 47) */
      languageCode?: string
      /** MALE, FEMALE or OTHER */
      gender?: 'MALE' | 'FEMALE' | 'OTHER'
      /** Vietnamese region of the accent: NORTH, CENTRAL or SOUTH */
      region?: 'NORTH' | 'CENTRAL' | 'SOUTH'
    }
    response: {
      /** How many items match in all (not only this page) */
      total: number
      /** The active voices, by rank */
      voices: Array<{
        /** The voice code, what synthesis requests name */
        code: string
        /** The voice’s display name */
        name: string
        /** MALE, FEMALE or OTHER */
        gender: string | null
        /** Vietnamese region of the accent: NORTH, CENTRAL or SOUTH */
        region: string | null
        /** Language and country (BCP 47) */
        languageCode: string | null
        /** Purposes the voice suits: REVIEW_FILM, NEWS, AUDIO_BOOK, ADVERTISE */
        features: string[]
        /** Tier of the voice: BASIC (eSpeak), NEURAL (installed neural voice) or the tier an operator set */
        level: string | null
        /** Multiplies the characters billed when this voice speaks (1 = as counted) */
        creditFactor: number
        /** `piper` for the neural voices, `espeak` for the built-in ones */
        engine: string
        /** A provider voice's provider: `available`, or `paused` while it keeps failing (requests fail at once); null for Loa's own voices */
        providerState: 'available' | 'paused' | null
        /** A short MP3 sample of the voice (null: none) */
        sampleAudioLink: string | null
        /** Who made the voice (the credit line its licence asks for); null for Loa’s own voices */
        attribution: string | null
      }>
    }
  }
}

export type OperationKey = keyof Operations
