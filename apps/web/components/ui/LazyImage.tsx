'use client'
import { useEffect, useRef, useState } from 'react'
import { LAZY_LOAD_MARGIN } from '@loa/contracts/browser'

interface Props {
  src: string
  alt: string
  width: number
  height: number
  className?: string
  sizes?: string
  srcSet?: string
}

/** An image that loads when it comes within 200px of the viewport (spec §9 lazy-load margin). */
export function LazyImage({ src, alt, width, height, className, sizes, srcSet }: Props) {
  const ref = useRef<HTMLImageElement>(null)
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    if (!('IntersectionObserver' in window)) {
      setVisible(true)
      return
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true)
          observer.disconnect()
        }
      },
      { rootMargin: LAZY_LOAD_MARGIN },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return (
    <img
      ref={ref}
      className={className}
      alt={alt}
      width={width}
      height={height}
      decoding="async"
      data-lazy={visible ? 'loaded' : 'pending'}
      {...(visible ? { src, srcSet, sizes } : {})}
    />
  )
}
