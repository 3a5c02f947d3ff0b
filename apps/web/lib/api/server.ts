import { getWebConfig } from '../config'
import { createSiteApi } from './ai-site'
import type { Api } from './endpoints'

/** The product API as seen from the web server (server components); contact and news at the `{ai-site}`. */
export const getServerApi = (): Api => {
  const config = getWebConfig()
  return createSiteApi(config.apiInternalUrl, config.aiSiteInternalUrl)
}
