import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { FastifyReply } from 'fastify'
import { randomToken } from '../lib/crypto.ts'

/** Headers of every HTML page: no framing, no referrer, no caching, no scripts. */
export const pageHeaders = (nonce: string): Record<string, string> => ({
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; img-src 'self' https: data:; base-uri 'none'; frame-ancestors 'none'`,
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'cache-control': 'no-store',
  pragma: 'no-cache',
})

export const newNonce = (): string => randomToken(16)

/** Renders a React page (server-side, static markup) with the page headers. */
export const sendPage = (reply: FastifyReply, status: number, page: (nonce: string) => ReactElement) => {
  const nonce = newNonce()
  const html = `<!doctype html>${renderToStaticMarkup(page(nonce))}`
  return reply.status(status).headers(pageHeaders(nonce)).send(html)
}

/** 303 See Other (never 307: the browser must not re-post credentials). */
export const seeOther = (reply: FastifyReply, location: string) =>
  reply
    .status(303)
    .headers({ location, 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' })
    .send()
