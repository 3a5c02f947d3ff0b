/** Helpers of the dubbing specs: their messages and the two-speaker subtitle file they start from. */
import { catalogue } from './messages.ts'

/** A dubbing message (messages/dubbing/{vi,en}.json, namespace dubbing). */
export const dm = catalogue('dubbing', 'dubbing')

/** Three lines, two speakers named the two ways files name them ("LAN:" twice, "[Minh]"). */
export const TWO_SPEAKER_SRT = `1
00:00:00,500 --> 00:00:02,500
LAN: Xin chào anh, hôm nay thế nào?

2
00:00:03,000 --> 00:00:05,000
[Minh] Anh khỏe, cảm ơn em.

3
00:00:05,500 --> 00:00:07,500
LAN: <i>Vậy thì tốt quá.</i>
`
