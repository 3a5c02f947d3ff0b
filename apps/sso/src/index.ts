export {
  loadSsoConfig,
  loadSsoConfigFromProcess,
  type SsoConfig,
  type SocialProviderConfig,
} from './config.ts'
export { buildSsoApp, type SsoAppDeps } from './app.ts'
export { createSsoAdmin, type SsoAdmin } from './admin/operations.ts'
export { httpBackend, runSsoCli, SSO_CLI_USAGE, type SsoBackend } from './admin/cli.ts'
export { readStoredOperatorKey } from './secrets.ts'
export { discoveryDocument } from './routes/discovery.ts'
