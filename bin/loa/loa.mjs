#!/usr/bin/env node
// The `loa` CLI entry: registers the TypeScript loader, then runs the CLI written in TypeScript.
import { register } from 'tsx/esm/api'

register()
await import('./src/main.ts')
