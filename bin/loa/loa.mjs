#!/usr/bin/env node
// The `loa` CLI entry: registers the TypeScript loader, then runs the CLI written in TypeScript.
import { register } from 'tsx/esm/api'

// The AWS SDK's documented switch for its notice that releases after January 2027 need Node >= 22: Loa runs on
// Node 20 and 22 (CI runs both), so start-up prints no warning on either (issue 37).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'
register()
await import('./src/main.ts')
