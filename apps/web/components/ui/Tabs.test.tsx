// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { Tabs } from './Tabs'

afterEach(cleanup)

const Purposes = () => {
  const [value, setValue] = useState<'news' | 'books' | 'ads'>('news')
  return (
    <Tabs
      label="Mục đích"
      value={value}
      onChange={setValue}
      items={[
        { value: 'news', label: 'Tin tức' },
        { value: 'books', label: 'Sách nói' },
        { value: 'ads', label: 'Quảng cáo' },
      ]}
    >
      <p>Bảng {value}</p>
    </Tabs>
  )
}

describe('Tabs', () => {
  test('one tab stop; the panel is labelled by the selected tab', () => {
    render(<Purposes />)
    const tabs = screen.getAllByRole('tab')
    expect(tabs.map((t) => t.tabIndex)).toEqual([0, -1, -1])
    expect(screen.getByRole('tablist', { name: 'Mục đích' })).toBeTruthy()
    expect(screen.getByRole('tabpanel', { name: 'Tin tức' }).textContent).toBe('Bảng news')
  })

  test('arrows move and select, wrapping; Home and End jump; click selects', () => {
    render(<Purposes />)
    const tab = (name: string) => screen.getByRole('tab', { name })
    fireEvent.keyDown(tab('Tin tức'), { key: 'ArrowRight' })
    expect(tab('Sách nói').getAttribute('aria-selected')).toBe('true')
    expect(document.activeElement).toBe(tab('Sách nói'))
    fireEvent.keyDown(tab('Sách nói'), { key: 'End' })
    expect(document.activeElement).toBe(tab('Quảng cáo'))
    fireEvent.keyDown(tab('Quảng cáo'), { key: 'ArrowRight' })
    expect(document.activeElement).toBe(tab('Tin tức'))
    fireEvent.keyDown(tab('Tin tức'), { key: 'ArrowLeft' })
    expect(tab('Quảng cáo').getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(tab('Quảng cáo'), { key: 'Home' })
    expect(tab('Tin tức').tabIndex).toBe(0)
    fireEvent.click(tab('Sách nói'))
    expect(screen.getByRole('tabpanel').textContent).toBe('Bảng books')
  })
})
