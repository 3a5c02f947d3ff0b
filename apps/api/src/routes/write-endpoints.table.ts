/**
 * The write endpoints that write-endpoints.property.test.ts feeds random bodies, with the body fields a valid request
 * has (near-valid records are built from them) and who may call each.
 */
export interface Endpoint {
  method: 'POST' | 'PUT' | 'PATCH'
  url: string
  fields: string[]
  auth: 'none' | 'user' | 'admin'
}

export const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/api/v1/demo-events',
    fields: ['fingerprint', 'voice_code', 'duration', 'click'],
    auth: 'none',
  },
  {
    method: 'PUT',
    url: '/api/v1/affiliateMarketer/increase-number-of-clicks',
    fields: ['code'],
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/contacts',
    fields: ['name', 'email', 'phone_number', 'purpose', 'content'],
    auth: 'none',
  },
  { method: 'POST', url: '/api/v1/request-to-delete-account', fields: ['contact'], auth: 'none' },
  {
    method: 'POST',
    url: '/api/v1/support-tickets',
    fields: ['email', 'name', 'category', 'subject', 'content', 'attachments'],
    auth: 'none',
  },
  {
    method: 'PUT',
    url: '/api/v1/users/update-affiliate-marketer',
    fields: ['affiliate_code', 'affiliate_time'],
    auth: 'user',
  },
  {
    method: 'PUT',
    url: '/api/v1/users/update-ads-provider',
    fields: ['ads_provider', 'ads_provider_time'],
    auth: 'user',
  },
  { method: 'POST', url: '/api/v1/devices/check', fields: ['device_id', 'device_name'], auth: 'user' },
  {
    method: 'POST',
    url: '/api/v1/pronunciation-dictionary',
    fields: ['word', 'reading', 'region'],
    auth: 'user',
  },
  {
    method: 'PUT',
    url: '/api/v1/pronunciation-dictionary/00000000-0000-4000-8000-000000000000',
    fields: ['word', 'reading', 'region'],
    auth: 'user',
  },
  {
    method: 'POST',
    url: '/api/v1/devices/logout-devices',
    fields: ['device_ids', 'device_id'],
    auth: 'user',
  },
  {
    method: 'POST',
    url: '/api/v1/orders',
    fields: ['package_code', 'voucher_code', 'payment_method', 'locale'],
    auth: 'user',
  },
  { method: 'POST', url: '/api/v1/orders/quote', fields: ['package_code', 'voucher_code'], auth: 'user' },
  {
    method: 'PUT',
    url: '/api/v1/orders/LOA00000000/invoice',
    fields: ['company_name', 'tax_code', 'address', 'email'],
    auth: 'user',
  },
  {
    method: 'POST',
    url: '/api/v1/payments/bank-webhook',
    fields: ['id', 'content', 'transferType', 'transferAmount', 'error', 'data'],
    auth: 'none',
  },
  {
    method: 'POST',
    url: '/api/v1/voices',
    fields: ['code', 'name', 'gender', 'region', 'features', 'engine_voice', 'sample_audio_url', 'rank'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/voices/hn_female_thuha_news',
    fields: ['name', 'gender', 'features', 'active', 'rank'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/banners',
    fields: ['code', 'type', 'image_url', 'action_url', 'position', 'starts_at', 'ends_at'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/banners/landing-popup',
    fields: ['image_url', 'action_url', 'position', 'ends_at'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/packages',
    fields: [
      'code',
      'name',
      'family',
      'type',
      'cycle',
      'kind',
      'price',
      'credits',
      'devices',
      'duration_days',
    ],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/packages/STUDIO-FREE-V3',
    fields: ['price', 'credits', 'kind', 'active'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/vouchers',
    fields: ['code', 'title', 'discount_percent', 'discount_amount', 'audience'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/vouchers/LOA10',
    fields: ['discount_percent', 'discount_amount', 'starts_at', 'ends_at'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/news',
    fields: ['slug', 'title', 'content', 'published_at', 'locale'],
    auth: 'admin',
  },
  {
    method: 'PATCH',
    url: '/api/v1/news/tich-hop-api-loa-trong-5-phut',
    fields: ['title', 'content', 'published_at'],
    auth: 'admin',
  },
  {
    method: 'POST',
    url: '/api/v1/users/u-prop/credits',
    fields: ['amount', 'reason', 'reference'],
    auth: 'admin',
  },
]
