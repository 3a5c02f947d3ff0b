'use client'
import { Overlay, type OverlayProps } from './Overlay'

/** A modal panel from the screen's right edge (from the bottom at 360 px): details, filters, a side editor. */
export function Drawer(props: OverlayProps) {
  return <Overlay {...props} kind="drawer" />
}
