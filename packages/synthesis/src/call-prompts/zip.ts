import { crc32 } from 'node:zlib'

/**
 * A ZIP archive written as a stream (APPNOTE 6.3: stored entries, UTF-8 names, no ZIP64): the audio files are
 * already compressed or tiny to gain from deflate, and storing lets the job write each file's header from the
 * size and CRC it recorded when the row rendered, reading the bytes back one file at a time.
 */
export interface ZipEntry {
  name: string
  size: number
  crc: number
  bytes: () => Promise<Uint8Array>
}

export const crcOf = (bytes: Uint8Array): number => crc32(bytes) >>> 0

/** The most an archive without ZIP64 may hold (sizes and offsets are 32-bit). */
export const MAX_ZIP_BYTES = 0xffff_fffe

const dosDateTime = (date: Date): { time: number; day: number } => ({
  time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
  day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
})

const UTF8_NAMES = 0x0800

/**
 * The Info-ZIP Unicode Path extra field (0x7075): the same UTF-8 name again, for unzip builds that ignore the
 * UTF-8 flag (Debian's unzip 6.0 shows Vietnamese names garbled without it).
 */
const unicodePath = (name: Uint8Array): Buffer => {
  const b = Buffer.alloc(9)
  b.writeUInt16LE(0x7075, 0)
  b.writeUInt16LE(5 + name.length, 2)
  b.writeUInt8(1, 4)
  b.writeUInt32LE(crcOf(name), 5)
  return Buffer.concat([b, name])
}

const localHeader = (name: Uint8Array, entry: ZipEntry, stamp: { time: number; day: number }) => {
  const b = Buffer.alloc(30)
  b.writeUInt32LE(0x04034b50, 0)
  b.writeUInt16LE(20, 4)
  b.writeUInt16LE(UTF8_NAMES, 6)
  b.writeUInt16LE(0, 8)
  b.writeUInt16LE(stamp.time, 10)
  b.writeUInt16LE(stamp.day, 12)
  b.writeUInt32LE(entry.crc, 14)
  b.writeUInt32LE(entry.size, 18)
  b.writeUInt32LE(entry.size, 22)
  const extra = unicodePath(name)
  b.writeUInt16LE(name.length, 26)
  b.writeUInt16LE(extra.length, 28)
  return Buffer.concat([b, name, extra])
}

const centralHeader = (
  name: Uint8Array,
  entry: ZipEntry,
  stamp: { time: number; day: number },
  offset: number,
) => {
  const b = Buffer.alloc(46)
  b.writeUInt32LE(0x02014b50, 0)
  b.writeUInt16LE(20, 4)
  b.writeUInt16LE(20, 6)
  b.writeUInt16LE(UTF8_NAMES, 8)
  b.writeUInt16LE(0, 10)
  b.writeUInt16LE(stamp.time, 12)
  b.writeUInt16LE(stamp.day, 14)
  b.writeUInt32LE(entry.crc, 16)
  b.writeUInt32LE(entry.size, 20)
  b.writeUInt32LE(entry.size, 24)
  const extra = unicodePath(name)
  b.writeUInt16LE(name.length, 28)
  b.writeUInt16LE(extra.length, 30)
  b.writeUInt32LE(offset, 42)
  return Buffer.concat([b, name, extra])
}

/** The archive's bytes, one entry at a time (memory holds one file, never the whole archive). */
export async function* zipStream(
  entries: readonly ZipEntry[],
  date = new Date(),
): AsyncGenerator<Uint8Array> {
  const stamp = dosDateTime(date)
  const central: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const header = localHeader(name, entry, stamp)
    central.push(centralHeader(name, entry, stamp, offset))
    const bytes = await entry.bytes()
    if (bytes.length !== entry.size)
      throw new Error(`zip: ${entry.name} has ${bytes.length} bytes, not ${entry.size}`)
    offset += header.length + bytes.length
    if (offset > MAX_ZIP_BYTES) throw new Error('zip: the archive would pass 4 GB')
    yield header
    yield bytes
  }
  const directory = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  yield directory
  yield end
}
