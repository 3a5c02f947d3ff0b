import { getWebConfig } from '../config'
import { createHttpClient } from '../http/client'
import { createApi, type Api } from './endpoints'

/** The product API as seen from the web server (server components). */
export const getServerApi = (): Api => createApi(createHttpClient(getWebConfig().apiInternalUrl))
