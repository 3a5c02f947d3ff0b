// Worker-thread entry: registers the TypeScript loader (services run TS through tsx), then loads the worker.
import { register } from 'tsx/esm/api'

register()
await import('./worker.ts')
