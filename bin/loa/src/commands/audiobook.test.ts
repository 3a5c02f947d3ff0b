import { execFile, execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildEpub } from '@loa/audiobook/fixtures'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const dir = mkdtempSync(path.join(tmpdir(), 'loa-audiobook-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const hasFfmpeg =
  spawnSync('ffmpeg', ['-version']).status === 0 && spawnSync('ffprobe', ['-version']).status === 0
if (!hasFfmpeg)
  console.warn(
    '\n!!! SKIPPED: loa audiobook rendering — ffmpeg is not installed (apt-get install ffmpeg) !!!\n',
  )

const loa = (args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
  new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/loa/loa.mjs', ...args],
      { cwd: root, timeout: 600_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    )
  })

const TITLES = ['Chương 1: Mở đầu', 'Chương 2: Cơn bão', 'Chương 3: Bình minh']
const epub = path.join(dir, 'ba-chuong.epub')
writeFileSync(
  epub,
  buildEpub({
    title: 'Ba chương',
    chapters: TITLES.map((title, i) => ({
      title,
      paragraphs: [
        `Đây là đoạn thứ nhất của chương ${i + 1}, kể về một ngôi làng nhỏ nằm bên bờ sông, nơi mọi người dậy từ rất sớm.`,
        'Buổi chiều, trẻ con chạy ra đồng thả diều, còn người lớn ngồi bên hiên nhà uống trà và kể chuyện ngày xưa.',
      ],
    })),
  }),
)

describe('loa audiobook', () => {
  it('--list prints each chapter with its characters and title', async () => {
    const r = await loa(['audiobook', epub, '--list'])
    expect(r.code).toBe(0)
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => l.split('\t')[2]),
    ).toEqual(TITLES)
  }, 120_000)

  it('refuses a format it does not read (exit 2, stable code)', async () => {
    const pdf = path.join(dir, 'book.pdf')
    writeFileSync(pdf, '%PDF-1.7')
    const r = await loa(['audiobook', pdf, '-o', path.join(dir, 'x')])
    expect(r.code).toBe(2)
    expect(r.stderr).toContain('AUDIOBOOK_UNSUPPORTED_FORMAT')
  }, 120_000)

  it.skipIf(!hasFfmpeg)(
    'reads, masters and exports an EPUB: the M4B has three chapter marks; a rerun keeps the chapters read',
    async () => {
      const out = path.join(dir, 'out')
      const first = await loa(['audiobook', epub, '-o', out, '--artist', 'Loa'])
      expect(first.stderr).not.toContain('kept (read before)')
      expect(first.code, first.stderr).toBe(0)
      expect(
        first.stdout
          .trim()
          .split('\n')
          .map((l) => l.split('\t')[0]),
      ).toEqual(['PASS', 'PASS', 'PASS'])
      const probe = JSON.parse(
        execFileSync('ffprobe', [
          '-v',
          'error',
          '-show_chapters',
          '-of',
          'json',
          path.join(out, 'audiobook.m4b'),
        ]).toString(),
      ) as { chapters: { tags: { title: string } }[] }
      expect(probe.chapters.map((c) => c.tags.title)).toEqual(TITLES)
      for (const name of ['audiobook.zip', 'compliance-report.json', '01-chuong-1-mo-dau.mp3'])
        expect(existsSync(path.join(out, name))).toBe(true)
      expect(readdirSync(path.join(out, '.chapters')).filter((f) => f.endsWith('.wav'))).toHaveLength(3)

      const again = await loa(['audiobook', epub, '-o', out, '--artist', 'Loa'])
      expect(again.code, again.stderr).toBe(0)
      expect(again.stderr.match(/kept \(read before\)/g)).toHaveLength(3)
    },
    900_000,
  )
})
