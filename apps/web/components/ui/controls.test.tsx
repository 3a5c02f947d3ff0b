// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { Badge } from './Badge'
import { Checkbox, Switch } from './Checkbox'
import { EmptyState } from './EmptyState'
import { Input } from './Input'
import { Select } from './Select'
import { Skeleton } from './Skeleton'
import { Slider } from './Slider'
import { Table } from './Table'
import { Toast } from './Toast'
import { renderUi } from './test-support'

afterEach(cleanup)

describe('form controls', () => {
  test('Input: named by its label; an error makes it invalid and is read with the hint', () => {
    render(
      <Input label="Email" hint="Chúng tôi gửi hoá đơn tới đây" error="Email không hợp lệ" type="email" />,
    )
    const input = screen.getByLabelText('Email')
    expect(input.getAttribute('aria-invalid')).toBe('true')
    const described = input.getAttribute('aria-describedby')!.split(' ')
    expect(described.map((id) => document.getElementById(id)!.textContent)).toEqual([
      'Chúng tôi gửi hoá đơn tới đây',
      'Email không hợp lệ',
    ])
    expect(screen.getByRole('alert').textContent).toBe('Email không hợp lệ')
  })

  test('Select: named by its label, lists its options, reports the choice', () => {
    const change = vi.fn()
    render(
      <Select
        label="Định dạng"
        value="mp3"
        onChange={(e) => change(e.target.value)}
        options={[
          { value: 'mp3', label: 'MP3' },
          { value: 'wav', label: 'WAV' },
        ]}
      />,
    )
    const select = screen.getByRole('combobox', { name: 'Định dạng' })
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['MP3', 'WAV'])
    fireEvent.change(select, { target: { value: 'wav' } })
    expect(change).toHaveBeenCalledWith('wav')
  })

  test('Checkbox: the label is part of it (a click on the words ticks it)', () => {
    render(<Checkbox label="Tắt tiếng gốc" hint="Chỉ nghe giọng lồng" />)
    const box = screen.getByRole('checkbox', { name: 'Tắt tiếng gốc' }) as HTMLInputElement
    expect(box.checked).toBe(false)
    fireEvent.click(screen.getByText('Tắt tiếng gốc'))
    expect(box.checked).toBe(true)
    expect(document.getElementById(box.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Chỉ nghe giọng lồng',
    )
  })

  test('Switch: role switch, toggled by its label', () => {
    const Setting = () => {
      const [on, setOn] = useState(false)
      return <Switch label="Tự động phát" checked={on} onChange={(e) => setOn(e.target.checked)} />
    }
    render(<Setting />)
    const toggle = screen.getByRole('switch', { name: 'Tự động phát' }) as HTMLInputElement
    fireEvent.click(screen.getByText('Tự động phát'))
    expect(toggle.checked).toBe(true)
  })

  test('Slider: a named range with its value shown and spoken, reporting numbers', () => {
    const change = vi.fn()
    render(
      <Slider
        label="Tốc độ"
        value={1.2}
        min={0.5}
        max={2}
        step={0.1}
        format={(v) => `${v}×`}
        onChange={change}
      />,
    )
    const slider = screen.getByRole('slider', { name: 'Tốc độ' })
    expect(slider.getAttribute('aria-valuetext')).toBe('1.2×')
    expect(screen.getByText('1.2×').tagName).toBe('OUTPUT')
    fireEvent.change(slider, { target: { value: '1.5' } })
    expect(change).toHaveBeenCalledWith(1.5)
  })
})

describe('displays', () => {
  test('Toast: errors are alerts, others status; the action runs once and dismisses', () => {
    const run = vi.fn()
    const dismiss = vi.fn()
    const { rerender } = renderUi(
      <Toast tone="info" message="Đã xoá dự án" action={{ label: 'Hoàn tác', run }} onDismiss={dismiss} />,
    )
    expect(screen.getByRole('status').textContent).toContain('Đã xoá dự án')
    fireEvent.click(screen.getByRole('button', { name: 'Hoàn tác' }))
    expect(run).toHaveBeenCalledTimes(1)
    expect(dismiss).toHaveBeenCalledTimes(1)
    rerender(<Toast tone="error" message="Lỗi mạng" onDismiss={dismiss} />)
    expect(screen.getByRole('alert').textContent).toContain('Lỗi mạng')
    fireEvent.click(screen.getByRole('button', { name: 'Đóng thông báo' }))
    expect(dismiss).toHaveBeenCalledTimes(2)
  })

  test('Table: named by its caption, column headers, numbers aligned; EmptyState when no rows', () => {
    const columns = [
      { key: 'code', label: 'Mã', cell: (r: { code: string; amount: number }) => r.code },
      { key: 'amount', label: 'Số tiền', cell: (r: { amount: number }) => r.amount, align: 'end' as const },
    ]
    const { rerender } = render(
      <Table
        caption="Đơn hàng"
        columns={columns}
        rows={[{ code: 'A1', amount: 99000 }]}
        rowKey={(r) => r.code}
      />,
    )
    expect(screen.getByRole('table', { name: 'Đơn hàng' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Đơn hàng' }).tabIndex).toBe(0)
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Mã', 'Số tiền'])
    expect(screen.getByRole('cell', { name: '99000' }).className).toBe('ui-num')
    rerender(
      <Table
        caption="Đơn hàng"
        columns={columns}
        rows={[]}
        rowKey={(r) => r.code}
        empty={<EmptyState title="Chưa có đơn hàng" action={<a href="/thanh-toan">Mua gói</a>} />}
      />,
    )
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.getByText('Chưa có đơn hàng')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Mua gói' })).toBeTruthy()
  })

  test('Badge carries its word and tone; Skeleton is one status for screen readers, shapes hidden', () => {
    render(<Badge tone="success">Đã thanh toán</Badge>)
    expect(screen.getByText('Đã thanh toán').getAttribute('data-tone')).toBe('success')
    cleanup()
    const { container } = renderUi(<Skeleton lines={3} />, 'en')
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    const shapes = container.querySelectorAll('.ui-skeleton')
    expect(shapes).toHaveLength(3)
    expect([...shapes].every((s) => s.getAttribute('aria-hidden') === 'true')).toBe(true)
  })
})
