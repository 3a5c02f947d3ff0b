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

/** The languages a dubbing line is detected in (`language` of a line on the project wire). */
export const LINE_LANGUAGES = [
  'vi',
  'en',
  'latin',
  'zh',
  'ja',
  'ko',
  'ar',
  'ru',
  'th',
  'he',
  'other',
  'none',
] as const
export type LineLanguage = (typeof LINE_LANGUAGES)[number]

/**
 * Whether a voice of `voiceLanguage` (a BCP 47 code like "vi-VN") can read a line in `language`: a Vietnamese
 * voice reads only Vietnamese; another voice reads its own language and any other Latin-script text.
 */
export const voiceCanRead = (voiceLanguage: string, language: string): boolean => {
  if (language === 'none') return true
  const voice = voiceLanguage.toLowerCase().split('-')[0]
  if (voice === 'vi') return language === 'vi'
  return voice === language || (language === 'latin' && voice !== 'vi')
}
