// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { Button } from './Button'
import { buttonClass } from './button-class'

afterEach(cleanup)

describe('Button', () => {
  test('each variant and size has its class; secondary and md are the defaults', () => {
    expect(buttonClass()).toBe('btn btn-outline')
    expect(buttonClass({ variant: 'primary', size: 'lg' })).toBe('btn btn-primary btn-lg')
    expect(buttonClass({ variant: 'quiet', size: 'sm', className: 'x' })).toBe('btn btn-ghost btn-sm x')
    expect(buttonClass({ variant: 'danger' })).toBe('btn btn-danger')
  })

  test('is type="button" unless told, so it does not submit the form it sits in', () => {
    const submit = vi.fn((e: Event) => e.preventDefault())
    render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button>Nghe thử</Button>
        <Button type="submit">Gửi</Button>
      </form>,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Nghe thử' }))
    expect(submit).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Gửi' }))
    expect(submit).toHaveBeenCalledTimes(1)
  })

  test('busy: stays focusable, says busy and disabled to assistive tech, swallows clicks and submits', () => {
    const click = vi.fn()
    const submit = vi.fn((e: Event) => e.preventDefault())
    const { rerender } = render(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button type="submit" variant="primary" busy onClick={click}>
          Tạo bản lồng tiếng
        </Button>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Tạo bản lồng tiếng' })
    expect(button).not.toHaveProperty('disabled', true)
    expect(button.getAttribute('aria-busy')).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    button.focus()
    expect(document.activeElement).toBe(button)
    fireEvent.click(button)
    expect(click).not.toHaveBeenCalled()
    expect(submit).not.toHaveBeenCalled()
    expect(button.querySelector('.btn-spinner')?.getAttribute('aria-hidden')).toBe('true')

    rerender(
      <form onSubmit={(e) => submit(e.nativeEvent)}>
        <Button type="submit" variant="primary" onClick={click}>
          Tạo bản lồng tiếng
        </Button>
      </form>,
    )
    expect(button.hasAttribute('aria-busy')).toBe(false)
    expect(button.querySelector('.btn-spinner')).toBeNull()
    fireEvent.click(button)
    expect(click).toHaveBeenCalledTimes(1)
    expect(submit).toHaveBeenCalledTimes(1)
  })

  test('passes the rest through (aria-label, data attributes, ref)', () => {
    let element: HTMLButtonElement | null = null
    render(
      <Button aria-label="Đóng" data-testid="close" ref={(e) => void (element = e)}>
        ×
      </Button>,
    )
    expect(screen.getByRole('button', { name: 'Đóng' })).toBe(screen.getByTestId('close'))
    expect(element).toBe(screen.getByTestId('close'))
  })
})
