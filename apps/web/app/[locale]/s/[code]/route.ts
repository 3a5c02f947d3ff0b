import { NextResponse, type NextRequest } from 'next/server'
import { getServerApi } from '@/lib/api/server'
import { shortlinkTarget } from '@/lib/shortlink'

export const dynamic = 'force-dynamic'

/** `/s/{code}`: resolves a short link through the API and goes there (keeping `?aff=` and ads parameters). */
export async function GET(
  request: NextRequest,
  { params }: { params: Promise<{ locale: string; code: string }> },
) {
  const { code } = await params
  const query = Object.fromEntries(request.nextUrl.searchParams.entries())
  const body = /^[A-Za-z0-9_-]{1,64}$/.test(code) ? await getServerApi().getShortlink(code) : null
  const target = shortlinkTarget(body?.result, query)
  if (!target)
    return new NextResponse('Not found', { status: 404, headers: { 'content-type': 'text/plain' } })
  return NextResponse.redirect(target, 307)
}
