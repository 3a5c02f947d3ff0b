'use client'
import QRCode from 'qrcode'
import { useEffect, useState } from 'react'
import { useLocale, useTranslations } from '@/components/i18n/client-i18n'
import type { PaymentInstructions } from '@/lib/payments/api'
import { Button } from '@/components/ui/Button'

function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const t = useTranslations('checkout')
  const [copied, setCopied] = useState(false)
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <strong data-testid={testId}>{value}</strong>{' '}
        <Button
          variant="secondary"
          size="sm"
          onClick={() =>
            void navigator.clipboard?.writeText(value).then(() => {
              setCopied(true)
              setTimeout(() => setCopied(false), 1500)
            })
          }
        >
          {copied ? t('copied') : t('copy')}
        </Button>
      </dd>
    </>
  )
}

/** The VietQR image (the EMVCo payload the API signed with its CRC) and the account details to copy. */
export function BankTransfer({
  code,
  total,
  payment,
}: {
  code: string
  total: number
  payment: PaymentInstructions
}) {
  const t = useTranslations('checkout')
  const locale = useLocale()
  const [image, setImage] = useState<string | null>(null)
  useEffect(() => {
    if (!payment.qrPayload) return
    let live = true
    void QRCode.toDataURL(payment.qrPayload, { margin: 1, width: 240, errorCorrectionLevel: 'M' }).then(
      (url) => live && setImage(url),
    )
    return () => {
      live = false
    }
  }, [payment.qrPayload])
  const nf = (n: number) => n.toLocaleString(locale === 'en' ? 'en-US' : 'vi-VN')
  return (
    <div className="bank-transfer">
      <p>{t('scanQr')}</p>
      {image && (
        <img
          src={image}
          width={240}
          height={240}
          alt={t('qrAlt', { code })}
          data-testid="vietqr"
          data-payload={payment.qrPayload}
        />
      )}
      <dl className="checkout-price">
        {payment.bank && (
          <>
            <dt>{t('bank')}</dt>
            <dd>
              {payment.bank.bankName} ({payment.bank.bin})
            </dd>
            <CopyRow label={t('accountNumber')} value={payment.bank.accountNumber} />
            <dt>{t('accountName')}</dt>
            <dd>{payment.bank.accountName}</dd>
          </>
        )}
        <CopyRow label={t('amount')} value={nf(total)} />
        <CopyRow label={t('memo')} value={payment.memo ?? code} testId="memo" />
      </dl>
    </div>
  )
}
