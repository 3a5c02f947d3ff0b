import { createHttpClient } from '../http/client'
import { createApi, type Api } from './endpoints'

/**
 * The product API with the spec's `{ai-site}` calls (§7: `POST {ai-site}/api/v1/contacts`,
 * `GET {ai-site}/api/v1/news`) sent to their own base — a separate marketing site when AI_SITE_URL is set, our API
 * otherwise. Every other call goes to `apiUrl`.
 */
export const createSiteApi = (apiUrl: string, aiSiteUrl: string): Api => {
  const api = createApi(createHttpClient(apiUrl))
  if (aiSiteUrl === apiUrl) return api
  const aiSite = createApi(createHttpClient(aiSiteUrl))
  return { ...api, getNews: aiSite.getNews, postContact: aiSite.postContact }
}
