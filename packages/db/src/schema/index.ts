/**
 * Every table of every service schema. Each service owns one folder (app/, sso/, flags/, queue/)
 * and one migrations folder (migrations/<schema>). Add a table in its service's folder and
 * export it from that folder's index; then run `npm run db:generate -- <schema>`.
 */
import * as app from './app/index.ts'
import * as sso from './sso/index.ts'
import * as flags from './flags/index.ts'
import * as queue from './queue/index.ts'

export { app, sso, flags, queue }
export const schema = { ...app, ...sso, ...flags, ...queue }
