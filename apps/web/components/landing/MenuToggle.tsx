'use client'
import { useEffect, useRef, useState } from 'react'
import { IconButton } from '@/components/ui/IconButton'

/**
 * The phone menu button of the site header: opens the navigation as a drawer (the header's `data-menu="open"`,
 * styled in globals.css at ≤ 1024 px). A link in the drawer, Escape or the button again closes it.
 */
export function MenuToggle({ openLabel, closeLabel }: { openLabel: string; closeLabel: string }) {
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const header = button.current?.closest('header')
    if (!header) return
    header.dataset.menu = open ? 'open' : 'closed'
    if (!open) return
    const close = () => setOpen(false)
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        close()
        button.current?.focus()
      }
    }
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest('a')) close()
    }
    document.addEventListener('keydown', onKey)
    header.addEventListener('click', onClick)
    return () => {
      document.removeEventListener('keydown', onKey)
      header.removeEventListener('click', onClick)
    }
  }, [open])

  return (
    <IconButton
      ref={button}
      className="menu-toggle"
      aria-expanded={open}
      aria-controls="site-nav"
      label={open ? closeLabel : openLabel}
      onClick={() => setOpen((value) => !value)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        {open ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        )}
      </svg>
    </IconButton>
  )
}
