export {
  loadSsoConfig,
  loadSsoConfigFromProcess,
  type SsoConfig,
  type SocialProviderConfig,
} from './config.ts'
export { buildSsoApp, type SsoAppDeps } from './app.ts'
export { createSsoAdmin, type SsoAdmin } from './admin/operations.ts'
export { discoveryDocument } from './routes/discovery.ts'
