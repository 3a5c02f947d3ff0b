import { readdirSync } from 'node:fs'
import path from 'node:path'
import { routePatterns, type RouteFolder } from './app-routes'

const ROUTE_FILES = /^(page|route)\.(tsx?|jsx?)$/

/** Walks `app/[locale]` (build time, from next.config) and returns the site's route patterns. */
export function listAppRoutes(localeDir: string): string[] {
  const folders: RouteFolder[] = []
  const walk = (dir: string, segments: string[]) => {
    const entries = readdirSync(dir, { withFileTypes: true })
    folders.push({ segments, routable: entries.some((e) => e.isFile() && ROUTE_FILES.test(e.name)) })
    for (const entry of entries)
      if (entry.isDirectory()) walk(path.join(dir, entry.name), [...segments, entry.name])
  }
  walk(localeDir, [])
  return routePatterns(folders)
}
