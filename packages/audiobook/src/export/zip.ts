import { createReadStream, createWriteStream } from 'node:fs'
import { once } from 'node:events'
import { Zip, ZipPassThrough } from 'fflate'

/**
 * A ZIP of finished files, streamed from disk to disk (stored, not deflated: MP3 and AAC do not compress), so a
 * book of many hours never sits in memory. Names are ASCII (see chapterFileStem).
 */
export const writeZip = async (
  outPath: string,
  entries: readonly { name: string; path: string }[],
): Promise<void> => {
  const out = createWriteStream(outPath)
  let failure = null as Error | null
  const zip = new Zip((error, chunk, final) => {
    if (error) failure = error
    else out.write(chunk)
    if (final || error) out.end()
  })
  for (const entry of entries) {
    const file = new ZipPassThrough(entry.name)
    zip.add(file)
    for await (const chunk of createReadStream(entry.path)) {
      file.push(chunk as Uint8Array)
      if (out.writableNeedDrain) await once(out, 'drain')
    }
    file.push(new Uint8Array(0), true)
  }
  zip.end()
  await once(out, 'close')
  if (failure) throw failure
}
