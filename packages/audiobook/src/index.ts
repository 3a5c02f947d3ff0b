/**
 * @loa/audiobook — a document becomes an audiobook: import (`.txt`, `.md`, `.epub`, `.docx` into chapters of
 * paragraphs), mastering to audiobook loudness and export (MP3 per chapter, M4B with chapter marks, ZIP).
 */
export * from './import/index.ts'
export { AudiobookError, isAudiobookError, AUDIOBOOK_ERROR_CODES, type AudiobookErrorCode } from './errors.ts'
export * from './master/index.ts'
export * from './export/index.ts'
export { renderChapterWav, chapterPieces } from './render.ts'
