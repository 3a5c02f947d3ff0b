/** `%text%` for SQL LIKE/ILIKE, with LIKE's own wildcards in the text taken literally (a typed `%` is a `%`). */
export const containing = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
