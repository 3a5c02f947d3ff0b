import { E2E } from './env.ts'

const admin = async (method: string, path: string, body?: unknown): Promise<unknown> => {
  const response = await fetch(`${E2E.flagsUrl}/api/admin${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-flags-admin-key': E2E.flagsAdminKey },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`flags admin ${method} ${path}: HTTP ${response.status} ${text}`)
  return text ? JSON.parse(text) : undefined
}

/** Sets a flag's default value through the flags service's admin API (operator key). */
export const setFlagDefault = (key: string, value: unknown) =>
  admin('PATCH', `/features/${key}`, { default_value: value })

/** Replaces a flag's rules in the web's environment (`production`, the environment of `sdk-loa-web`). */
export const setFlagRules = (key: string, rules: unknown[]) =>
  admin('PUT', `/features/${key}/environments/production/rules`, { rules })

/** What the web's client key currently serves for one flag. */
export const servedFlag = async (key: string): Promise<unknown> => {
  const response = await fetch(`${E2E.flagsUrl}/api/features/sdk-loa-web`)
  const payload = (await response.json()) as { features: Record<string, unknown> }
  return payload.features[key]
}
