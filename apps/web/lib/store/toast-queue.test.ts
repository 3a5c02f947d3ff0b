import { describe, expect, it } from 'vitest'
import { pushToast, removeToast, type Toast } from './toast-queue'

const t = (id: number, message: string, type: Toast['type'] = 'info'): Toast => ({ id, type, message })

describe('toast queue', () => {
  it('never shows the same notification twice at once', () => {
    const queue = pushToast([t(1, 'Đã lưu', 'success')], t(2, 'Đã lưu', 'success'))
    expect(queue).toEqual([t(1, 'Đã lưu', 'success')])
    // Same text with another type is a different notification.
    expect(pushToast(queue, t(3, 'Đã lưu', 'error'))).toHaveLength(2)
  })

  it('keeps at most 3, dropping the oldest', () => {
    let queue: Toast[] = []
    for (let i = 1; i <= 5; i += 1) queue = pushToast(queue, t(i, `m${i}`))
    expect(queue.map((x) => x.id)).toEqual([3, 4, 5])
  })

  it('a dismissed notification can be shown again', () => {
    const queue = removeToast([t(1, 'a'), t(2, 'b')], 1)
    expect(queue.map((x) => x.id)).toEqual([2])
    expect(pushToast(queue, t(3, 'a')).map((x) => x.id)).toEqual([2, 3])
  })
})
