/** English marketing content: news posts of the English site (the Vietnamese posts are in app-marketing-data.ts). */
import type { NewsSeed } from './app-marketing-data.ts'

export const NEWS_SEEDS_EN: NewsSeed[] = [
  {
    slug: 'introducing-loa-vietnamese-text-to-speech',
    blog: 'tin-tuc',
    title: 'Introducing Loa: Vietnamese text to speech',
    summary: 'Loa turns Vietnamese text into natural speech in Northern, Central and Southern voices.',
    content:
      'Loa is an AI voice platform for the Vietnamese market. Paste your text into the studio, pick a voice by region and purpose (news, audiobooks, film reviews, advertising) and get an MP3 or WAV file in seconds.\n\nLoa reads numbers, dates, currencies, abbreviations and e-mail addresses correctly, and lets you preview how a text will be read before any characters are charged. Every result comes with a word-by-word timeline and SRT subtitles.',
    thumbnailUrl: '/images/news/en/introducing-loa.png',
    publishedAt: '2026-09-01T02:00:00.000Z',
  },
  {
    slug: 'how-loa-reads-numbers-dates-and-money',
    blog: 'huong-dan',
    title: 'How does Loa read numbers, dates and money?',
    summary:
      'See how Loa normalizes dates like “12/2020”, decimals like “5,3” and amounts like “1.000.000 VND” before speaking them.',
    content:
      'Vietnamese text writes numbers in many ways: 1.000.000 VND with dots, 5,3 with a decimal comma, months as 12/2020, road names such as QL1A. Loa normalizes text the way a Northern news reader would say it, with variants for Central and Southern voices.\n\nIn the studio, press “Preview reading” to see how each paragraph will be read. To have something read differently, add it to your own dictionary: Loa will read it your way from then on.',
    thumbnailUrl: '/images/news/en/reading-rules.png',
    publishedAt: '2026-09-15T02:00:00.000Z',
  },
  {
    slug: 'ai-dubbing-from-srt-subtitles',
    blog: 'tin-tuc',
    title: 'AI dubbing from SRT subtitle files',
    summary: 'Upload an SRT file, pick a voice for each speaker and get a dub that keeps the timing.',
    content:
      'Loa’s AI dubbing takes SRT or VTT subtitles, lets you give each speaker a voice and edit every line. Each line is synthesized to fit its subtitle’s time slot.\n\nThe result is an audio file, subtitles and (when the server has ffmpeg) the video with the new voice track.',
    thumbnailUrl: '/images/news/en/ai-dubbing.png',
    publishedAt: '2026-10-01T02:00:00.000Z',
  },
  {
    slug: 'integrate-the-loa-api-in-5-minutes',
    blog: 'huong-dan',
    title: 'Integrate the text-to-speech API in 5 minutes',
    summary: 'Create an app in the console, take its token and send a TTS request with a signed callback.',
    content:
      'In the console, create an API app to get its token. Send POST /api/v1/tts with the text, a voice code and a callback address. Loa calls your callback, signed with HMAC, when the audio is ready, or you can ask for the status by request_id.\n\nFor short sentences, use the synchronous mode to get the audio in the response itself.',
    thumbnailUrl: '/images/news/en/api-in-5-minutes.png',
    publishedAt: '2026-10-20T02:00:00.000Z',
  },
]
