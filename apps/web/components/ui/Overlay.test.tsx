// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { Button } from './Button'
import { Dialog } from './Dialog'
import { Drawer } from './Drawer'
import { renderUi } from './test-support'

afterEach(cleanup)

const Page = ({ kind }: { kind: 'dialog' | 'drawer' }) => {
  const [open, setOpen] = useState(false)
  const Surface = kind === 'dialog' ? Dialog : Drawer
  return (
    <>
      <Button onClick={() => setOpen(true)}>Mở</Button>
      <Surface
        open={open}
        onClose={() => setOpen(false)}
        title="Xoá dự án?"
        description="Không thể hoàn tác."
        footer={<Button variant="danger">Xoá</Button>}
      >
        <input aria-label="Tên dự án" />
      </Surface>
    </>
  )
}

describe.each(['dialog', 'drawer'] as const)('%s', (kind) => {
  test('opens as a named modal dialog, focus moves to its first field; Escape closes and returns focus', () => {
    renderUi(<Page kind={kind} />)
    const opener = screen.getByRole('button', { name: 'Mở' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Xoá dự án?' })
    expect(dialog.getAttribute('aria-modal')).toBe('true')
    expect(dialog.getAttribute('aria-describedby')).toBe(screen.getByText('Không thể hoàn tác.').id)
    expect(dialog.classList.contains(`ui-${kind}`)).toBe(true)
    expect(document.activeElement).toBe(screen.getByLabelText('Tên dự án'))
    expect(document.body.style.overflow).toBe('hidden')
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)
    expect(document.body.style.overflow).toBe('')
  })

  test('Tab from the last control wraps to the first, Shift+Tab from the first to the last', () => {
    renderUi(<Page kind={kind} />)
    fireEvent.click(screen.getByRole('button', { name: 'Mở' }))
    const close = screen.getByRole('button', { name: 'Đóng' })
    const last = screen.getByRole('button', { name: 'Xoá' })
    last.focus()
    fireEvent.keyDown(last, { key: 'Tab' })
    expect(document.activeElement).toBe(close)
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true })
    expect(document.activeElement).toBe(last)
  })

  test('the close button and a click on the backdrop close it; a click inside does not', () => {
    renderUi(<Page kind={kind} />, 'en')
    fireEvent.click(screen.getByRole('button', { name: 'Mở' }))
    fireEvent.mouseDown(screen.getByLabelText('Tên dự án'))
    expect(screen.getByRole('dialog')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Mở' }))
    fireEvent.mouseDown(screen.getByRole('dialog').parentElement!)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
