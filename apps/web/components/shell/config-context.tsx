'use client'
import { createContext, useContext, useMemo, type ReactNode } from 'react'
import type { PublicConfig } from '@/lib/config'
import { createSiteApi } from '@/lib/api/ai-site'
import type { Api } from '@/lib/api/endpoints'

interface ConfigValue {
  config: PublicConfig
  api: Api
}

const ConfigContext = createContext<ConfigValue | null>(null)

export function ConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  const value = useMemo(() => ({ config, api: createSiteApi(config.apiUrl, config.aiSiteUrl) }), [config])
  return <ConfigContext.Provider value={value}>{children}</ConfigContext.Provider>
}

const useConfigValue = (): ConfigValue => {
  const value = useContext(ConfigContext)
  if (!value) throw new Error('useConfig must be used within ConfigProvider')
  return value
}

/** Public runtime configuration (URLs, client id, contact data) read by the server at request time. */
export const usePublicConfig = (): PublicConfig => useConfigValue().config
/** The product API with the spec's error behaviours (lib/api/endpoints.ts). */
export const useApi = (): Api => useConfigValue().api
