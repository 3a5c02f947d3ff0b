import { AppError } from '@loa/contracts'
import { app as t, type Db } from '@loa/db'
import type { Tx } from '@loa/synthesis'
import { dictionaryWordKey } from '@loa/contracts'
import type { DictionaryEntry, Region } from '@loa/tts'
import { and, asc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { ApiErrorCode } from '../errors.ts'

/** Entries one user may keep. */
export const MAX_DICTIONARY_ENTRIES = 500
/** Longest word (characters after trimming). */
export const MAX_DICTIONARY_WORD = 100
/** Longest reading (characters after trimming). */
export const MAX_DICTIONARY_READING = 300

export type PronunciationRow = typeof t.pronunciationEntries.$inferSelect

export interface PronunciationInput {
  word: string
  reading: string
  region?: Region | null
}

/** Trimmed, NFC, every whitespace run one space. */
const tidy = (s: string) => s.trim().normalize('NFC').replace(/\s+/gu, ' ')

// Control characters, and the brackets of markup tags (a word or reading must not open a `<break>`).
const FORBIDDEN = /[\p{Cc}\p{Cf}<>]/u

/**
 * A word the matcher can find: 1–100 characters with at least one letter or digit, no control characters
 * or tag brackets. Answers DICTIONARY_WORD_INVALID otherwise.
 */
export const cleanWord = (raw: string): string => {
  const word = tidy(raw)
  const length = [...word].length
  if (length === 0 || length > MAX_DICTIONARY_WORD || FORBIDDEN.test(word) || !/[\p{L}\p{N}]/u.test(word))
    throw new AppError(
      ApiErrorCode.DICTIONARY_WORD_INVALID,
      `The word must have 1 to ${MAX_DICTIONARY_WORD} characters with at least one letter or digit, and no control characters or < >`,
      400,
      { details: { max_length: MAX_DICTIONARY_WORD } },
    )
  return word
}

/**
 * A reading is spoken as written (the normalizer does not expand it again): 1–300 characters of letters,
 * spaces, hyphens, apostrophes and commas (a comma is a short pause). Numbers must be written in words.
 * Answers DICTIONARY_READING_INVALID otherwise.
 */
export const cleanReading = (raw: string): string => {
  const reading = tidy(raw)
  const length = [...reading].length
  if (
    length === 0 ||
    length > MAX_DICTIONARY_READING ||
    !/^[\p{L}\p{M} ,'’-]+$/u.test(reading) ||
    !/\p{L}/u.test(reading)
  )
    throw new AppError(
      ApiErrorCode.DICTIONARY_READING_INVALID,
      `The reading must have 1 to ${MAX_DICTIONARY_READING} characters: letters, spaces, hyphens, apostrophes and commas (write numbers in words)`,
      400,
      { details: { max_length: MAX_DICTIONARY_READING } },
    )
  return reading
}

const isUuid = (id: string) => z.string().uuid().safeParse(id).success

const notFound = () =>
  new AppError(ApiErrorCode.DICTIONARY_ENTRY_NOT_FOUND, 'Pronunciation dictionary entry not found', 404)

/**
 * Per-user pronunciation dictionaries. Writes of one user are serialised on the user's row (`for update`),
 * so the limit and the one-entry-per-word-and-region rule hold under parallel requests; the unique index on
 * (user, word key, region) backs the latter.
 */
export const createPronunciationService = (db: Db) => {
  const list = (userId: string): Promise<PronunciationRow[]> =>
    db
      .select()
      .from(t.pronunciationEntries)
      .where(eq(t.pronunciationEntries.userId, userId))
      .orderBy(asc(t.pronunciationEntries.wordKey), asc(t.pronunciationEntries.region))

  const find = async (userId: string, id: string): Promise<PronunciationRow> => {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(t.pronunciationEntries)
          .where(and(eq(t.pronunciationEntries.id, id), eq(t.pronunciationEntries.userId, userId)))
      : []
    if (!row) throw notFound()
    return row
  }

  const values = (input: PronunciationInput) => {
    const word = cleanWord(input.word)
    return {
      word,
      wordKey: dictionaryWordKey(word),
      reading: cleanReading(input.reading),
      region: input.region ?? null,
    }
  }

  const assertFree = async (
    tx: Tx,
    userId: string,
    v: ReturnType<typeof values>,
    except?: string,
  ): Promise<void> => {
    const [taken] = await tx
      .select({ id: t.pronunciationEntries.id, word: t.pronunciationEntries.word })
      .from(t.pronunciationEntries)
      .where(
        and(
          eq(t.pronunciationEntries.userId, userId),
          eq(t.pronunciationEntries.wordKey, v.wordKey),
          v.region === null
            ? isNull(t.pronunciationEntries.region)
            : eq(t.pronunciationEntries.region, v.region),
          except ? ne(t.pronunciationEntries.id, except) : undefined,
        ),
      )
    if (taken)
      throw new AppError(
        ApiErrorCode.DICTIONARY_ENTRY_EXISTS,
        `There is already an entry for '${taken.word}'${v.region ? ` in ${v.region}` : ' in every region'}`,
        409,
        { details: { id: taken.id } },
      )
  }

  const lockUser = (tx: Tx, userId: string) =>
    tx.execute(sql`select id from ${t.users} where id = ${userId} for update`)

  const create = async (userId: string, input: PronunciationInput): Promise<PronunciationRow> => {
    const v = values(input)
    return db.transaction(async (tx) => {
      await lockUser(tx, userId)
      const [count] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(t.pronunciationEntries)
        .where(eq(t.pronunciationEntries.userId, userId))
      if ((count?.n ?? 0) >= MAX_DICTIONARY_ENTRIES)
        throw new AppError(
          ApiErrorCode.DICTIONARY_LIMIT_REACHED,
          `A dictionary holds at most ${MAX_DICTIONARY_ENTRIES} entries`,
          409,
          { details: { max_entries: MAX_DICTIONARY_ENTRIES } },
        )
      await assertFree(tx, userId, v)
      const [row] = await tx
        .insert(t.pronunciationEntries)
        .values({ userId, ...v })
        .returning()
      return row!
    })
  }

  const update = async (userId: string, id: string, input: PronunciationInput): Promise<PronunciationRow> => {
    await find(userId, id)
    const v = values(input)
    return db.transaction(async (tx) => {
      await lockUser(tx, userId)
      await assertFree(tx, userId, v, id)
      const [row] = await tx
        .update(t.pronunciationEntries)
        .set({ ...v, updatedAt: new Date() })
        .where(and(eq(t.pronunciationEntries.id, id), eq(t.pronunciationEntries.userId, userId)))
        .returning()
      if (!row) throw notFound()
      return row
    })
  }

  const remove = async (userId: string, id: string): Promise<void> => {
    const [row] = isUuid(id)
      ? await db
          .delete(t.pronunciationEntries)
          .where(and(eq(t.pronunciationEntries.id, id), eq(t.pronunciationEntries.userId, userId)))
          .returning({ id: t.pronunciationEntries.id })
      : []
    if (!row) throw notFound()
  }

  /**
   * The entries that apply to voices of `regions` (region-less ones and those of these regions), as the tts
   * dictionary takes them: what a synthesis snapshots when it is accepted, and what the preview reads with.
   */
  const entriesFor = async (userId: string, regions: readonly Region[]): Promise<DictionaryEntry[]> => {
    const rows = await db
      .select({
        word: t.pronunciationEntries.word,
        reading: t.pronunciationEntries.reading,
        region: t.pronunciationEntries.region,
      })
      .from(t.pronunciationEntries)
      .where(
        and(
          eq(t.pronunciationEntries.userId, userId),
          regions.length
            ? or(isNull(t.pronunciationEntries.region), inArray(t.pronunciationEntries.region, [...regions]))
            : isNull(t.pronunciationEntries.region),
        ),
      )
      .orderBy(asc(t.pronunciationEntries.createdAt))
    return rows.map((r) =>
      r.region
        ? { word: r.word, reading: r.reading, region: r.region as Region }
        : { word: r.word, reading: r.reading },
    )
  }

  return { list, find, create, update, remove, entriesFor }
}

export type PronunciationService = ReturnType<typeof createPronunciationService>
