'use client'
import { useEffect, useState } from 'react'

export type EditorView = 'timeline' | 'list'

const STORAGE_KEY = 'loa.dubbing.view'
/** Below this width the list is the first view (the timeline still scrolls sideways when chosen). */
const NARROW_PX = 640

/** The editor's view: the user's last choice, else the timeline, or the list on a phone. */
export const useEditorView = (): [EditorView, (view: EditorView) => void] => {
  const [view, setView] = useState<EditorView>('timeline')
  useEffect(() => {
    const kept = window.localStorage.getItem(STORAGE_KEY)
    if (kept === 'timeline' || kept === 'list') setView(kept)
    else if (window.matchMedia(`(max-width: ${NARROW_PX - 1}px)`).matches) setView('list')
  }, [])
  const choose = (next: EditorView) => {
    window.localStorage.setItem(STORAGE_KEY, next)
    setView(next)
  }
  return [view, choose]
}
