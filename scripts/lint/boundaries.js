/**
 * Who may import whom (docs/ARCHITECTURE.md, "Packages and who may import whom"), enforced by ESLint's
 * `no-restricted-imports`: one block per workspace forbids the workspace packages it may not use, and every
 * relative path into an app. `npm run lint` fails on a violation; scripts/lint/boundaries.test.ts proves it.
 */

/** Workspace packages by import name → folder. */
export const WORKSPACES = {
  '@loa/contracts': 'packages/contracts',
  '@loa/tts': 'packages/tts',
  '@loa/service-kit': 'packages/service-kit',
  '@loa/db': 'packages/db',
  '@loa/jobs': 'packages/jobs',
  '@loa/storage': 'packages/storage',
  '@loa/ledger': 'packages/ledger',
  '@loa/payments': 'packages/payments',
  '@loa/synthesis': 'packages/synthesis',
  '@loa/dubbing': 'packages/dubbing',
  '@loa/audiobook': 'packages/audiobook',
  '@loa/sso-client': 'packages/sso-client',
  '@loa-voice/sdk': 'packages/sdk',
  '@loa/api': 'apps/api',
  '@loa/sso': 'apps/sso',
  '@loa/flags': 'apps/flags',
  '@loa/worker': 'apps/worker',
  '@loa/web': 'apps/web',
}

const PACKAGES = Object.keys(WORKSPACES).filter((name) => WORKSPACES[name].startsWith('packages/'))
/** What the browser may load: the zod-free contracts entry and the React SSO client. */
const BROWSER = ['@loa/contracts', '@loa/sso-client']
/** Workspaces held to `@loa/contracts/browser` (the web moves there file by file; see docs/ARCHITECTURE.md). */
const BROWSER_ONLY = ['@loa/sso-client', '@loa/web']

/** The workspace packages each workspace may import (anything else of the repo is refused). */
export const ALLOWED = {
  '@loa/contracts': [],
  '@loa/tts': ['@loa/contracts'],
  '@loa/service-kit': ['@loa/contracts'],
  '@loa/db': ['@loa/contracts'],
  '@loa/jobs': ['@loa/contracts', '@loa/db', '@loa/service-kit'],
  '@loa/storage': ['@loa/contracts'],
  '@loa/ledger': ['@loa/contracts', '@loa/db'],
  '@loa/payments': ['@loa/contracts'],
  '@loa/synthesis': ['@loa/contracts', '@loa/db', '@loa/jobs', '@loa/ledger', '@loa/storage', '@loa/tts'],
  '@loa/dubbing': [
    '@loa/contracts',
    '@loa/db',
    '@loa/jobs',
    '@loa/ledger',
    '@loa/storage',
    '@loa/synthesis',
    '@loa/tts',
  ],
  '@loa/audiobook': [
    '@loa/contracts',
    '@loa/db',
    '@loa/jobs',
    '@loa/ledger',
    '@loa/storage',
    '@loa/synthesis',
    '@loa/tts',
  ],
  '@loa/sso-client': ['@loa/contracts'],
  // The published SDK stands alone: it imports nothing of the repository.
  '@loa-voice/sdk': [],
  '@loa/api': PACKAGES.filter((p) => p !== '@loa/sso-client'),
  '@loa/sso': PACKAGES.filter((p) => p !== '@loa/sso-client'),
  '@loa/flags': PACKAGES.filter((p) => p !== '@loa/sso-client'),
  '@loa/worker': PACKAGES.filter((p) => p !== '@loa/sso-client'),
  '@loa/web': BROWSER,
}

const reasonFor = (workspace) =>
  workspace === '@loa/web'
    ? 'the web imports only browser-safe packages (@loa/contracts/browser, @loa/sso-client), never an app'
    : WORKSPACES[workspace].startsWith('apps/')
      ? 'apps never import apps'
      : 'a package imports only the packages below it, never an app'

/** The flat-config blocks: one per workspace (bin/loa, the composer, may import everything). */
export const boundaryConfigs = () =>
  Object.entries(ALLOWED).map(([workspace, allowed]) => {
    const forbidden = Object.keys(WORKSPACES).filter((name) => name !== workspace && !allowed.includes(name))
    return {
      files: [`${WORKSPACES[workspace]}/**/*.{ts,tsx,js,mjs}`],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            // Browser code takes the zod-free entry of the contracts, never the default one.
            paths: BROWSER_ONLY.includes(workspace)
              ? [
                  {
                    name: '@loa/contracts',
                    message: `${workspace}: import '@loa/contracts/browser' instead.`,
                  },
                ]
              : [],
            patterns: [
              {
                group: forbidden.flatMap((name) => [name, `${name}/*`]),
                message: `${workspace} may not import this: ${reasonFor(workspace)} (docs/ARCHITECTURE.md).`,
              },
              {
                // A relative path that climbs out of the workspace into another one's sources.
                regex: '^(\\.\\./){2,}(apps|packages|bin)/[\\w.-]+/',
                message: `${workspace}: import a workspace by its package name, never by a path into it.`,
              },
            ],
          },
        ],
      },
    }
  })
