import * as app from '../schema/app/index.ts'

/** The app schema's tables, for the app seeds. */
export const appSchemaTables = app
