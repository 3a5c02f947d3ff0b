import type { Client } from '../store/clients.ts'
import type { SsoAdmin } from './operations.ts'

/** What the CLI needs: the admin operations, either on the database or through the running server. */
export type SsoBackend = Pick<
  SsoAdmin,
  'listClients' | 'saveClient' | 'removeClient' | 'changeRole' | 'rotateKeys' | 'revokeAllTokens'
> & {
  outbox: (
    limit?: number,
  ) => Promise<{ to: string; subject: string; text: string; createdAt: Date | string }[]>
}

export const SSO_CLI_USAGE = `usage:
  loa sso client add <id> --name <name> --redirect-uri <uri>... [--post-logout-uri <uri>...] [--role <role>...]
  loa sso client list
  loa sso client remove <id>
  loa sso user role add|remove <email> <resource> <role>     e.g. loa sso user role add me@example.com loa-api admin
  loa sso outbox [--limit <n>]                               mails of the embedded outbox (newest first)
  loa sso keys rotate                                        new signing key; the old one stays in the JWKS
  loa sso tokens revoke-all                                  sign everyone out (tokens issued until now are rejected)`

/** The running server's admin API (`Authorization: Bearer <SSO_OPERATOR_KEY>`). */
export const httpBackend = (baseUrl: string, operatorKey: string): SsoBackend => {
  // Every failure names the URL it used: an operator whose SSO_PORT / SSO_PUBLIC_URL points at another instance
  // sees which one answered (issue 37).
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const url = `${baseUrl}${path}`
    const res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${operatorKey}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    }).catch((error: unknown) => {
      throw new Error(`the SSO at ${baseUrl} did not answer ${method} ${url}: ${(error as Error).message}`)
    })
    const json = (await res.json().catch(() => ({}))) as {
      status?: number
      result: T
      error_message?: string
    }
    if (!res.ok || json.status !== 1)
      throw new Error(
        `the SSO at ${baseUrl} answered ${method} ${url}: ${json.error_message ?? `HTTP ${res.status}`}`,
      )
    return json.result
  }
  return {
    listClients: () => call<Client[]>('GET', '/admin/v1/clients'),
    saveClient: (c) =>
      call<Client>('PUT', `/admin/v1/clients/${encodeURIComponent(c.id)}`, {
        name: c.name,
        redirect_uris: c.redirectUris,
        post_logout_redirect_uris: c.postLogoutRedirectUris,
        roles: c.roles,
      }),
    removeClient: async (id) =>
      (await call<{ removed: boolean }>('DELETE', `/admin/v1/clients/${encodeURIComponent(id)}`)).removed,
    changeRole: (op, email, resource, role) => call('POST', '/admin/v1/roles', { op, email, resource, role }),
    outbox: (limit = 50) => call('GET', `/admin/v1/outbox?limit=${limit}`),
    rotateKeys: () => call('POST', '/admin/v1/keys/rotate'),
    revokeAllTokens: () => call('POST', '/admin/v1/tokens/revoke-all'),
  }
}

const flagValues = (args: string[], ...names: string[]): string[] => {
  const values: string[] = []
  for (let i = 0; i < args.length; i++)
    if (names.includes(args[i]!) && args[i + 1] !== undefined)
      values.push(
        ...args[++i]!.split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
  return values
}

/** Runs one `loa sso …` command; returns the exit code (2 = bad usage). */
export const runSsoCli = async (
  args: string[],
  backend: SsoBackend,
  print: (line: string) => void,
): Promise<number> => {
  const [group, verb, ...rest] = args
  try {
    if (group === 'client' && verb === 'list') {
      for (const c of await backend.listClients()) {
        print(`${c.id}  ${c.name}`)
        print(`  redirect URIs: ${c.redirectUris.join(' ')}`)
        print(`  post-logout URIs: ${c.postLogoutRedirectUris.join(' ') || '-'}`)
        if (c.roles.length) print(`  roles: ${c.roles.join(' ')}`)
      }
      return 0
    }
    if (group === 'client' && verb === 'add') {
      const id = rest[0]
      const redirectUris = flagValues(rest, '--redirect-uri', '--redirect-uris')
      if (!id || id.startsWith('--') || !redirectUris.length) {
        print(SSO_CLI_USAGE)
        return 2
      }
      const client = await backend.saveClient({
        id,
        name: flagValues(rest, '--name')[0] ?? id,
        redirectUris,
        postLogoutRedirectUris: flagValues(rest, '--post-logout-uri', '--post-logout-uris'),
        roles: flagValues(rest, '--role', '--roles'),
      })
      print(`client ${client.id} saved (${client.redirectUris.length} redirect URIs)`)
      return 0
    }
    if (group === 'client' && verb === 'remove' && rest[0]) {
      const removed = await backend.removeClient(rest[0])
      print(removed ? `client ${rest[0]} removed` : `no client ${rest[0]}`)
      return removed ? 0 : 1
    }
    if (
      group === 'user' &&
      verb === 'role' &&
      (rest[0] === 'add' || rest[0] === 'remove') &&
      rest.length === 4
    ) {
      const [op, email, resource, role] = rest as ['add' | 'remove', string, string, string]
      const r = await backend.changeRole(op, email, resource, role)
      print(
        `${op === 'add' ? 'granted' : 'revoked'} ${resource}/${role} ${op === 'add' ? 'to' : 'from'} ${r.email}${r.changed ? '' : ' (no change)'}`,
      )
      print('the user sees the change at the next token refresh (access tokens live 5 minutes)')
      return 0
    }
    if (group === 'outbox') {
      const limit = Number(flagValues(args, '--limit')[0] ?? 20)
      const mails = await backend.outbox(Number.isFinite(limit) ? limit : 20)
      if (!mails.length) print('(outbox is empty)')
      for (const m of mails) {
        print(`--- ${new Date(m.createdAt).toISOString()}  to: ${m.to}`)
        print(`subject: ${m.subject}`)
        print(m.text)
      }
      return 0
    }
    if (group === 'tokens' && verb === 'revoke-all') {
      const r = await backend.revokeAllTokens()
      print(`tokens issued before ${new Date(r.tokens_not_before * 1000).toISOString()} are now rejected`)
      return 0
    }
    if (group === 'keys' && verb === 'rotate') {
      print(`new signing key ${(await backend.rotateKeys()).kid}`)
      return 0
    }
  } catch (error) {
    print(`loa sso: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  }
  print(SSO_CLI_USAGE)
  return 2
}
