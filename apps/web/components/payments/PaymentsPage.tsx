'use client'
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  BILLING_CYCLES,
  PACKAGE_FAMILIES,
  unitOfOrderType,
  WALLET_UNITS,
  type OrderType,
  type WalletProduct,
} from '@loa/contracts/browser'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import { toast } from '@/lib/store/toast-store'
import type { UsagePackage } from '@/lib/api/types'
import { buyMorePackage, productToBuy } from '@/lib/payments/shortfall'
import { useStudioApi, type Profile, type Voucher } from '@/lib/studio/api'
import { studioErrorKey } from '@/lib/studio/errors'
import { planChange } from '@/lib/studio/plans'
import { Checkout } from './Checkout'
import { OrderView } from './OrderView'
import { OrdersList } from './OrdersList'
import { useCreditFormat } from './useCreditFormat'
import { Button } from '@/components/ui/Button'
import '@/components/studio/studio.css'
import './checkout.css'

const TOP_UP = 'topup'

/** One wallet of `/me` (balances per product). */
interface Balance {
  product: string
  balance: number
  expiresAt: string | null
}

/**
 * `?package=CODE` opens its checkout (entry points), `?buy=<wallet>` the checkout of that wallet's package ("Mua
 * thêm" of the out-of-credits panel), `?order=CODE[&vnpay=…]` an order (VNPay return).
 */
const readQuery = () => {
  const q = new URLSearchParams(window.location.search)
  // The gateway's result of the return redirect: VNPay's or MoMo's, read the same way (prefixed for its texts).
  const momo = q.get('momo')
  return {
    pkg: q.get('package'),
    buy: productToBuy(q.get('buy')),
    order: q.get('order'),
    vnpay: momo ? `momo-${momo}` : q.get('vnpay'),
  }
}
const setQuery = (params: Record<string, string | null>) => {
  const url = new URL(window.location.href)
  url.search = ''
  for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v)
  window.history.replaceState(null, '', url)
}

/**
 * Payments: balances, packages by family and billing cycle or top-ups (current one marked, change kind), checkout
 * (VietQR / VNPay), the order being paid, vouchers, orders with receipts.
 */
export function PaymentsPage() {
  const t = useTranslations('payments')
  const tAll = useTranslations()
  const tc = useTranslations('checkout')
  const locale = useLocale()
  const api = useStudioApi()
  const [packages, setPackages] = useState<UsagePackage[] | null>(null)
  const [me, setMe] = useState<(Profile & { balances?: Balance[] }) | null>(null)
  const [reload, setReload] = useState(0)
  const [vouchers, setVouchers] = useState<Voucher[] | null>(null)
  const [cycle, setCycle] = useState<string>('monthly')
  const [type, setType] = useState<string>('STUDIO')
  const [buying, setBuying] = useState<string | null>(null)
  const [openOrder, setOpenOrder] = useState<{ code: string; vnpay: string | null } | null>(null)
  const [wanted, setWanted] = useState<WalletProduct | null>(null)

  useEffect(() => {
    const q = readQuery()
    if (q.order) setOpenOrder({ code: q.order, vnpay: q.vnpay })
    else if (q.pkg) setBuying(q.pkg)
    else if (q.buy) setWanted(q.buy)
  }, [])

  // "Mua thêm" for a wallet: its package's checkout, shown among its own product's packages.
  useEffect(() => {
    if (!wanted || !packages) return
    setWanted(null)
    const pkg = buyMorePackage(packages, wanted)
    if (!pkg) return
    setType(pkg.type ?? 'STUDIO')
    setCycle(pkg.cycle ?? TOP_UP)
    setBuying(pkg.code)
    setQuery({ package: pkg.code })
  }, [wanted, packages])

  const refresh = useCallback(() => {
    api
      .me()
      .then(setMe)
      .catch(() => undefined)
    setReload((n) => n + 1)
  }, [api])

  const showOrder = (code: string | null, vnpay: string | null = null) => {
    setBuying(null)
    setOpenOrder(code ? { code, vnpay } : null)
    setQuery({ order: code })
  }
  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  const credits = useCreditFormat()

  useEffect(() => {
    const fail = (error: unknown) => toast.error(tAll(studioErrorKey(error)))
    api
      .packages(locale)
      .then(setPackages)
      .catch((e: unknown) => {
        setPackages([])
        fail(e)
      })
    api.me().then(setMe).catch(fail)
    refresh()
    api
      .vouchers(locale)
      .then(setVouchers)
      .catch(() => setVouchers([]))
  }, [api, tAll, refresh, locale])

  const all = useMemo(() => packages ?? [], [packages])
  const current = all.find((p) => p.code === me?.packageCode) ?? null
  const types = [...new Set(all.map((p) => p.type).filter((x): x is string => !!x))]
  const shown = all.filter(
    (p) => (p.type ?? 'STUDIO') === type && (cycle === TOP_UP ? !p.cycle : p.cycle === cycle),
  )
  const nameOf = (code: string) => all.find((p) => p.code === code)?.name ?? code
  const buyingPackage = buying ? all.find((p) => p.code === buying) : undefined
  const families = [...new Set(shown.map((p) => p.family ?? ''))]

  return (
    <div className="payments">
      <section aria-labelledby="balances-title" className="no-print">
        <h2 id="balances-title">{tc('balances')}</h2>
        <ul className="balances">
          {(me?.balances ?? []).map((b) => (
            <li key={b.product} className="card" data-testid={`balance-${b.product}`}>
              <strong>{tc(`product.${b.product}`)}</strong>
              <span className="stat" data-testid={`balance-${b.product}-value`}>
                {credits(b.balance, WALLET_UNITS[b.product as WalletProduct])}
              </span>
              {b.expiresAt && (
                <span className="muted">
                  {tc('balanceUntil', { date: new Date(b.expiresAt).toLocaleDateString(locale) })}
                </span>
              )}
            </li>
          ))}
        </ul>
      </section>

      {openOrder && (
        <OrderView
          key={openOrder.code}
          code={openOrder.code}
          vnpay={openOrder.vnpay}
          packageName={nameOf}
          onPaid={refresh}
          onClose={() => showOrder(null)}
        />
      )}
      {!openOrder && buyingPackage && (
        <Checkout
          pkg={buyingPackage}
          onOrder={(code) => {
            showOrder(code)
            refresh()
          }}
          onClose={() => setBuying(null)}
        />
      )}

      <section aria-labelledby="packages-title" className="no-print">
        <h2 id="packages-title">{t('packages')}</h2>
        <div className="studio-actions">
          {types.length > 1 && (
            <div role="group" aria-label={t('type')} className="studio-actions" style={{ marginTop: 0 }}>
              {types.map((x) => (
                <Button
                  key={x}
                  variant={x === type ? 'primary' : 'secondary'}
                  aria-pressed={x === type}
                  onClick={() => setType(x)}
                >
                  {tc(`type.${x}`)}
                </Button>
              ))}
            </div>
          )}
          <div role="group" aria-label={t('cycle')} className="studio-actions" style={{ marginTop: 0 }}>
            {[...BILLING_CYCLES, TOP_UP].map((c) => (
              <Button
                key={c}
                variant={c === cycle ? 'primary' : 'secondary'}
                aria-pressed={c === cycle}
                onClick={() => setCycle(c)}
              >
                {c === TOP_UP ? tc('topUps') : t(`cycles.${c}`)}
              </Button>
            ))}
          </div>
        </div>
        {packages === null ? (
          <p aria-busy="true">…</p>
        ) : shown.length === 0 ? (
          <p className="muted">{t('noPackages')}</p>
        ) : (
          families.map((family) => (
            <div key={family}>
              {(PACKAGE_FAMILIES as readonly string[]).includes(family) && <h3>{tc(`family.${family}`)}</h3>}
              <ul className="cards" style={{ listStyle: 'none', padding: 0 }}>
                {shown
                  .filter((p) => (p.family ?? '') === family)
                  .map((p) => {
                    const isCurrent = p.code === me?.packageCode
                    const change = planChange(current ? { ...current, cycle: current.cycle ?? null } : null, {
                      ...p,
                      cycle: p.cycle ?? null,
                    })
                    return (
                      <li key={p.code} className="card" data-current={isCurrent} data-testid="package">
                        <strong>{p.name ?? p.code}</strong>
                        <span className="stat">
                          {p.price > 0 ? t('price', { price: nf(p.price) }) : t('free')}
                        </span>
                        {p.price > 0 && p.priceWithVat !== undefined && (
                          <span className="muted" data-testid="package-vat">
                            {(p.vatPercent ?? 0) > 0
                              ? tc('vatExcluded', {
                                  percent: p.vatPercent ?? 0,
                                  total: t('price', { price: nf(p.priceWithVat) }),
                                })
                              : tc('vatIncluded')}
                          </span>
                        )}
                        {p.credits !== undefined && (
                          <span>
                            {credits(p.credits, unitOfOrderType((p.type ?? 'STUDIO') as OrderType))}
                          </span>
                        )}
                        {p.description && <span className="muted">{p.description}</span>}
                        {p.cycle && (
                          <span className="badge" data-kind={isCurrent ? 'current' : change}>
                            {isCurrent ? t('current') : t(change)}
                          </span>
                        )}
                        {p.price > 0 && (
                          <Button
                            variant="primary"
                            data-testid={`buy-${p.code}`}
                            onClick={() => {
                              setOpenOrder(null)
                              setBuying(p.code)
                              setQuery({ package: p.code })
                              window.scrollTo({ top: 0, behavior: 'smooth' })
                            }}
                          >
                            {tc('buy')}
                          </Button>
                        )}
                      </li>
                    )
                  })}
              </ul>
            </div>
          ))
        )}
      </section>

      <section aria-labelledby="vouchers-title" className="no-print">
        <h2 id="vouchers-title">{t('vouchers')}</h2>
        {vouchers === null ? (
          <p aria-busy="true">…</p>
        ) : vouchers.length === 0 ? (
          <p className="muted">{t('noVouchers')}</p>
        ) : (
          <ul>
            {vouchers.map((v) => (
              <li key={v.code}>
                <code>{v.code}</code> — {v.title}
                {v.discountPercent
                  ? ` (−${v.discountPercent}%)`
                  : v.discountAmount
                    ? ` (−${nf(v.discountAmount)} đ)`
                    : ''}
                {v.endsAt
                  ? ` · ${t('voucherUntil', { date: new Date(v.endsAt).toLocaleDateString(locale) })}`
                  : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <OrdersList reload={reload} packageName={nameOf} onView={(code) => showOrder(code)} />
    </div>
  )
}
