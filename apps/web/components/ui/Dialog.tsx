'use client'
import { Overlay, type OverlayProps } from './Overlay'

/** A modal dialog in the middle of the screen (full width at 360 px): a question, a short form, a confirmation. */
export function Dialog(props: OverlayProps) {
  return <Overlay {...props} kind="dialog" />
}
