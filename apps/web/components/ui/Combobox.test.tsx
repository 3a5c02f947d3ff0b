// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test } from 'vitest'
import { Combobox } from './Combobox'
import { foldForSearch, matchesSearch } from './search-text'
import { renderUi } from './test-support'

afterEach(cleanup)

const VOICES = [
  { value: 'hn-lan', label: 'Lan', description: 'Giọng nữ miền Bắc' },
  { value: 'hue-minh', label: 'Minh', description: 'Giọng nam miền Trung' },
  { value: 'sg-dung', label: 'Dũng', description: 'Giọng nam miền Nam' },
]

const Picker = () => {
  const [value, setValue] = useState<string | null>('hn-lan')
  return (
    <>
      <Combobox label="Giọng đọc" options={VOICES} value={value} onChange={setValue} />
      <p data-testid="chosen">{value}</p>
    </>
  )
}

describe('search text', () => {
  test('folds case, tone marks and đ; every word must match', () => {
    expect(foldForSearch('Giọng NỮ miền Bắc Đà')).toBe('giong nu mien bac da')
    expect(matchesSearch('Dũng Giọng nam miền Nam', 'dung nam')).toBe(true)
    expect(matchesSearch('Lan Giọng nữ miền Bắc', 'lan nam')).toBe(false)
  })
})

describe('Combobox', () => {
  test('shows the chosen option; typing filters without marks and says how many match', () => {
    renderUi(<Picker />)
    const input = screen.getByRole('combobox', { name: 'Giọng đọc' }) as HTMLInputElement
    expect(input.value).toBe('Lan')
    expect(input.getAttribute('aria-expanded')).toBe('false')
    fireEvent.change(input, { target: { value: 'dung mien' } })
    expect(input.getAttribute('aria-expanded')).toBe('true')
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['DũngGiọng nam miền Nam'])
    expect(screen.getByText('1 kết quả')).toBeTruthy()
    fireEvent.change(input, { target: { value: 'zzz' } })
    expect(screen.getByText('Không tìm thấy kết quả')).toBeTruthy()
  })

  test('Down opens on the chosen option, arrows move the active option, Enter picks it', () => {
    renderUi(<Picker />)
    const input = screen.getByRole('combobox')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    const options = screen.getAllByRole('option')
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    expect(options[0]!.getAttribute('aria-selected')).toBe('true')
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe(options[2]!.id)
    fireEvent.keyDown(input, { key: 'ArrowDown' })
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id)
    fireEvent.keyDown(input, { key: 'ArrowUp' })
    fireEvent.keyDown(input, { key: 'Enter' })
    expect(screen.getByTestId('chosen').textContent).toBe('sg-dung')
    expect((input as HTMLInputElement).value).toBe('Dũng')
    expect(input.getAttribute('aria-expanded')).toBe('false')
  })

  test('Escape closes and puts back the chosen name; a click on an option picks it', () => {
    renderUi(<Picker />, 'en')
    const input = screen.getByRole('combobox') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'min' } })
    fireEvent.keyDown(input, { key: 'Escape' })
    expect(input.value).toBe('Lan')
    expect(screen.getByTestId('chosen').textContent).toBe('hn-lan')
    fireEvent.change(input, { target: { value: 'trung' } })
    expect(screen.getByText('1 results')).toBeTruthy()
    fireEvent.click(screen.getByRole('option', { name: /Minh/ }))
    expect(screen.getByTestId('chosen').textContent).toBe('hue-minh')
  })
})
