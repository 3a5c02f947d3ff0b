/** Helpers of the back-office spec: its messages, and granting roles through the SSO's operator API. */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { E2E } from './env.ts'
import { am } from './messages.ts'

export { am }

/** The operator key the embedded SSO of this run generated into its data directory. */
const operatorKey = (): string => {
  const dataDir = process.env.E2E_DATA_DIR
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (global setup)')
  return (
    JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as { SSO_OPERATOR_KEY: string }
  ).SSO_OPERATOR_KEY
}

/** Grants a role on an SSO resource, as `loa sso user role add` does against a running SSO. */
export const grantRole = async (email: string, resource: string, role = 'admin'): Promise<void> => {
  const response = await fetch(`${E2E.ssoUrl}/admin/v1/roles`, {
    method: 'POST',
    headers: { authorization: `Bearer ${operatorKey()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ op: 'add', email, resource, role }),
  })
  if (!response.ok)
    throw new Error(`grant ${role} on ${resource}: HTTP ${response.status} ${await response.text()}`)
}
