// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { acceptsFile } from './file-accept'
import { FileDrop } from './FileDrop'
import { renderUi } from './test-support'

afterEach(cleanup)

const srt = () => new File(['1\n00:00:01,000 --> 00:00:02,000\nXin chào\n'], 'phim.srt', { type: '' })
const png = () => new File(['x'], 'anh.png', { type: 'image/png' })

/** jsdom has no DataTransfer; a drop event carries an object with `files`. */
const dropOn = (element: Element, files: File[]) =>
  fireEvent.drop(element, { dataTransfer: { files, types: ['Files'] } })

describe('acceptsFile', () => {
  test('by extension (any case), exact type and type family; empty accepts all', () => {
    expect(acceptsFile('.srt,.vtt', { name: 'A.SRT', type: '' })).toBe(true)
    expect(acceptsFile('.srt,.vtt', { name: 'a.txt', type: 'text/plain' })).toBe(false)
    expect(acceptsFile('image/*,application/pdf', { name: 'x', type: 'image/webp' })).toBe(true)
    expect(acceptsFile('image/png', { name: 'x', type: 'image/jpeg' })).toBe(false)
    expect(acceptsFile('', { name: 'x', type: '' })).toBe(true)
  })
})

describe('FileDrop', () => {
  test('the input is named by the label, says no file yet (vi), and a pick shows the file and hands it over', () => {
    const onFiles = vi.fn()
    renderUi(<FileDrop label="Tệp phụ đề" accept=".srt,.vtt" onFiles={onFiles} />)
    const input = screen.getByLabelText('Tệp phụ đề') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.accept).toBe('.srt,.vtt')
    expect(screen.getByText('Chưa chọn tệp')).toBeTruthy()
    expect(screen.getByText('Chọn tệp')).toBeTruthy()
    fireEvent.change(input, { target: { files: [srt()] } })
    expect(onFiles).toHaveBeenCalledTimes(1)
    expect(onFiles.mock.calls[0]![0][0].name).toBe('phim.srt')
    expect(screen.getByText('Đã chọn: phim.srt')).toBeTruthy()
    expect(input.getAttribute('aria-describedby')).toBe(
      screen.getByText('Đã chọn: phim.srt').parentElement!.id,
    )
  })

  test('English strings; inputLabel names the input instead of the visible label', () => {
    renderUi(<FileDrop label="Video" inputLabel="Choose the video" />, 'en')
    expect(screen.getByLabelText('Choose the video')).toBeTruthy()
    expect(screen.getByText('No file chosen')).toBeTruthy()
    expect(screen.getByText('or drop it here')).toBeTruthy()
  })

  test('a dropped file of the right type is handed over; a wrong one is refused with an alert', () => {
    const onFiles = vi.fn()
    const { container } = renderUi(<FileDrop label="Tệp phụ đề" accept=".srt,.vtt" onFiles={onFiles} />)
    const zone = container.querySelector('.ui-filedrop')!
    fireEvent.dragOver(zone, { dataTransfer: { files: [], types: ['Files'] } })
    expect(zone.classList.contains('is-dragging')).toBe(true)
    dropOn(zone, [png()])
    expect(zone.classList.contains('is-dragging')).toBe(false)
    expect(onFiles).not.toHaveBeenCalled()
    expect(screen.getByRole('alert').textContent).toBe('Tệp anh.png không đúng loại. Hãy chọn: .srt,.vtt')
    dropOn(zone, [srt(), png()])
    expect(onFiles).toHaveBeenCalledTimes(1)
    expect(onFiles.mock.calls[0]![0]).toHaveLength(1)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  test('disabled: the input is disabled and a drop does nothing', () => {
    const onFiles = vi.fn()
    const { container } = renderUi(<FileDrop label="Tệp" disabled onFiles={onFiles} />)
    expect((screen.getByLabelText('Tệp') as HTMLInputElement).disabled).toBe(true)
    dropOn(container.querySelector('.ui-filedrop')!, [srt()])
    expect(onFiles).not.toHaveBeenCalled()
  })

  test('progress is a progressbar with its percentage; none when progress is null', () => {
    const { rerender } = renderUi(<FileDrop label="Tệp" progress={0.426} progressTestId="up" />)
    const bar = screen.getByRole('progressbar')
    expect(bar.getAttribute('aria-valuenow')).toBe('43')
    expect(bar.getAttribute('aria-label')).toBe('Đang tải lên 43%')
    expect(screen.getByTestId('up')).toBe(bar)
    rerender(<FileDrop label="Tệp" progress={null} />)
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  test('a form reset forgets the chosen file; the form reads the input by name', () => {
    const { container } = renderUi(
      <form>
        <FileDrop label="Tệp đính kèm" name="file" />
      </form>,
    )
    const input = screen.getByLabelText('Tệp đính kèm') as HTMLInputElement
    fireEvent.change(input, { target: { files: [png()] } })
    expect(new FormData(container.querySelector('form')!).get('file')).toBeInstanceOf(File)
    expect(screen.getByText('Đã chọn: anh.png')).toBeTruthy()
    fireEvent.reset(container.querySelector('form')!)
    expect(screen.getByText('Chưa chọn tệp')).toBeTruthy()
  })

  test('resetAfterPick clears the input so the same file can be picked again', () => {
    const onFiles = vi.fn()
    renderUi(<FileDrop label="Tệp" resetAfterPick onFiles={onFiles} />)
    const input = screen.getByLabelText('Tệp') as HTMLInputElement
    fireEvent.change(input, { target: { files: [srt()] } })
    expect(onFiles).toHaveBeenCalledTimes(1)
    expect(input.value).toBe('')
    expect(screen.getByText('Chưa chọn tệp')).toBeTruthy()
  })
})
