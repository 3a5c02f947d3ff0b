#!/usr/bin/env node
// `npm run test:mutation [-- <module>…] [--changed <git-ref>]`: Stryker (Vitest runner) over the money and access
// modules of scripts/mutation-modules.mjs, one module at a time, each in its own sandbox copy outside the work tree
// (the tree itself is never mutated). Prints the score per module and every surviving mutant; exits 1 when a module
// is below the target (85 % killed). Not part of `npm test`: minutes per module on two cores.
// MUTATION_CONCURRENCY (default 1) sets Stryker's test-runner processes.
import { execFileSync } from 'node:child_process'
import { tmpdir } from 'node:os'
import { join, matchesGlob } from 'node:path'
import { Stryker } from '@stryker-mutator/core'
import { MODULES } from './mutation-modules.mjs'

const TARGET = 85
const args = process.argv.slice(2)
const changedAt = args.indexOf('--changed')
const named = args.filter((a, i) => !a.startsWith('--') && (changedAt < 0 || i !== changedAt + 1))
const unknown = named.filter((n) => !MODULES.some((m) => m.name === n))
if (unknown.length) {
  console.error(`unknown module(s): ${unknown.join(', ')}; known: ${MODULES.map((m) => m.name).join(', ')}`)
  process.exit(2)
}

/** Files changed since `ref` (committed or not), to run only the modules they touch. */
const changedFiles = (ref) =>
  execFileSync('git', ['diff', '--name-only', ref, '--'], { encoding: 'utf8' }).split('\n').filter(Boolean)
const touches = (module, files) =>
  files.some((f) => [...module.mutate, ...module.testFiles].some((glob) => matchesGlob(f, glob)))

let chosen = named.length ? MODULES.filter((m) => named.includes(m.name)) : MODULES
if (changedAt >= 0) {
  const files = changedFiles(args[changedAt + 1] ?? 'HEAD')
  chosen = chosen.filter((m) => touches(m, files))
  if (!chosen.length) {
    console.log('test:mutation: no mutation-tested module changed; nothing to run')
    process.exit(0)
  }
}

const KILLED = new Set(['Killed', 'Timeout'])
const COUNTED = new Set(['Killed', 'Timeout', 'Survived', 'NoCoverage'])

const runModule = async (module) => {
  const t0 = Date.now()
  process.env.LOA_MUTATION_TESTS = JSON.stringify(module.testFiles)
  const results = await new Stryker({
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'scripts/mutation.vitest.config.mjs', related: false },
    mutate: module.mutate,
    coverageAnalysis: 'perTest',
    concurrency: Number(process.env.MUTATION_CONCURRENCY ?? 1),
    timeoutMS: 10_000,
    dryRunTimeoutMinutes: 20,
    reporters: ['progress'],
    tempDirName: join(tmpdir(), `loa-mutation-${process.pid}`),
    cleanTempDir: 'always',
    ignorePatterns: ['/apps/web', '/e2e', '/docs', '/data', '/.next*', '/coverage', '/test-results', '*.log'],
    logLevel: 'warn',
    fileLogLevel: 'off',
  }).runMutationTest()
  const count = (pred) => results.filter((r) => pred(r.status)).length
  const counted = count((s) => COUNTED.has(s))
  const killed = count((s) => KILLED.has(s))
  return {
    name: module.name,
    mutants: counted,
    killed,
    survived: count((s) => s === 'Survived'),
    noCoverage: count((s) => s === 'NoCoverage'),
    errors: count((s) => s === 'CompileError' || s === 'RuntimeError'),
    score: counted ? (100 * killed) / counted : 100,
    seconds: Math.round((Date.now() - t0) / 1000),
    survivors: results.filter((r) => r.status === 'Survived' || r.status === 'NoCoverage'),
  }
}

const rows = []
for (const module of chosen) {
  console.log(`\n== test:mutation ${module.name}: ${module.mutate.join(' ')}`)
  rows.push(await runModule(module))
}

const pad = (v, n) => String(v).padStart(n)
console.log(`\n${'module'.padEnd(12)} mutants  killed survived no-cover  errors   score   time`)
for (const r of rows)
  console.log(
    `${r.name.padEnd(12)}${pad(r.mutants, 8)}${pad(r.killed, 8)}${pad(r.survived, 9)}${pad(r.noCoverage, 9)}` +
      `${pad(r.errors, 8)}${pad(r.score.toFixed(1) + '%', 8)}${pad(r.seconds + ' s', 7)}`,
  )
for (const r of rows.filter((row) => row.survivors.length)) {
  console.log(`\nsurviving mutants in ${r.name}:`)
  for (const s of r.survivors) {
    const where = `${s.fileName.replace(process.cwd() + '/', '')}:${s.location.start.line}:${s.location.start.column}`
    const text = (s.replacement ?? '').replace(/\s+/g, ' ').slice(0, 90)
    console.log(
      `  ${where}  ${s.mutatorName}${s.status === 'NoCoverage' ? ' (no test runs it)' : ''}: ${text}`,
    )
  }
}
const below = rows.filter((r) => r.score < TARGET)
console.log(
  below.length
    ? `\ntest:mutation: below ${TARGET}% in ${below.map((r) => r.name).join(', ')}`
    : `\ntest:mutation: every module at or above ${TARGET}%`,
)
process.exit(below.length ? 1 : 0)
