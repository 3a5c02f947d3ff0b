/**
 * The files a finished dubbing render offers (`files` of a render, `GET /dubbing/renders/{id}/download?file=`),
 * in the order the studio lists them: the dubbed track, the mix with the source audio, the video, the subtitles
 * and the fit report.
 */
export const DUBBING_RENDER_FILES = [
  'track_mp3',
  'track_wav',
  'mix_mp3',
  'video_mp4',
  'srt',
  'vtt',
  'report_json',
  'report_csv',
] as const
export type DubbingRenderFile = (typeof DUBBING_RENDER_FILES)[number]
