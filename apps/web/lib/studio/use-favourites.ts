'use client'
import { useCallback, useEffect, useState } from 'react'
import { favouritesKey } from './text'

/** The user's favourite voices, kept in this browser. */
export function useFavourites(subject: string | undefined): [string[], (code: string) => void] {
  const [favourites, setFavourites] = useState<string[]>([])
  useEffect(() => {
    if (!subject) return
    try {
      const favs = JSON.parse(window.localStorage.getItem(favouritesKey(subject)) ?? '[]') as unknown
      if (Array.isArray(favs)) setFavourites(favs.filter((f): f is string => typeof f === 'string'))
    } catch {
      // A broken favourites entry starts empty.
    }
  }, [subject])
  const toggle = useCallback(
    (code: string) =>
      setFavourites((fs) => {
        const next = fs.includes(code) ? fs.filter((f) => f !== code) : [...fs, code]
        try {
          window.localStorage.setItem(favouritesKey(subject), JSON.stringify(next))
        } catch {
          // Favourites are a convenience.
        }
        return next
      }),
    [subject],
  )
  return [favourites, toggle]
}
