import type { GlossaryEntry } from '../example.ts'
import { TIME_EXAMPLE } from './common.ts'

const USER_ID = '7d1c9e02-5b8a-4f3e-9c61-2a4b8d0e6f13'

/** The profile, wallets and ledger, devices, and the SSO token calls. */
export const ACCOUNT: Record<string, GlossaryEntry> = {
  // Profile (GET /me)
  'me:id': { description: 'Your user id (the SSO account’s subject)', example: USER_ID },
  'me:email': { description: 'Your e-mail (null: the account has none)', example: 'khach.hang@example.vn' },
  'me:name': { description: 'Your name (null: not given)', example: 'Nguyễn Văn An' },
  avatar: { description: 'Picture of the account (an http(s) URL; null: none)', example: null },
  credits_balance: {
    description: 'Studio (aivoice) balance in characters; every wallet is in `balances`',
    example: 482000,
  },
  'me:credits': { description: 'The studio wallet: `{balance}` in characters' },
  balances: { description: 'Every wallet of the account, one per product' },
  balance: {
    description: 'Credits left (characters; dubbing: seconds); 0 once the wallet expired',
    example: 482000,
  },
  'me:expires_at': {
    description: 'When the credits expire (null: never)',
    example: '2026-12-23T08:00:00.000Z',
  },
  'me:package_code': {
    description: 'The package the wallet was last filled by (null: none)',
    example: 'STUDIO-SPECIAL-MONTH-V3.1',
  },
  package_expires_at: {
    description: 'When your studio package ends (null: no package or no end)',
    example: '2026-12-23T08:00:00.000Z',
  },
  package: { description: 'Your current studio package (null: none)' },
  'package.name': { description: 'The package’s name', example: 'Đặc biệt (tháng)' },
  'package.expires_at': {
    description: 'When the package ends (null: no end)',
    example: '2026-12-23T08:00:00.000Z',
  },
  'me:code': { description: 'The package code', example: 'STUDIO-SPECIAL-MONTH-V3.1' },
  'me:type': { description: 'Product line of the package: STUDIO, API or DUBBING', example: 'STUDIO' },
  affiliate_code: {
    description: 'A referral code (letters, digits, `_`, `-`); in the profile, your own code to share',
    example: 'NGUYENVAN',
  },
  referred_by: { description: 'The referral code the account came with (null: none)', example: 'NGUYENVAN' },
  affiliate_time: {
    description: 'When the referral link was clicked (ISO 8601 or Unix milliseconds; now when absent)',
    example: TIME_EXAMPLE,
  },
  ads_provider: {
    description: 'The ad network that brought the user (e.g. facebook, google)',
    example: 'facebook',
  },
  ads_provider_time: {
    description: 'When the ad was clicked (ISO 8601 or Unix milliseconds; now when absent)',
    example: TIME_EXAMPLE,
  },
  last_seen_at: { description: 'Last time seen online (ISO 8601, UTC)', example: TIME_EXAMPLE },
  roles: { description: 'Roles the SSO gives the account on the API (e.g. admin)', example: [] },
  is_admin: { description: 'Whether the account may use the admin calls', example: false },
  // Credits ledger
  'credits:kind': {
    description: 'Entry kind: GRANT, RESERVATION, CHARGE, REFUND, ADJUST, REVOKE or EXPIRE',
    example: 'CHARGE',
  },
  'credits:amount': { description: 'Credits the entry is about (always ≥ 0)', example: 47 },
  delta: { description: 'Change to the balance (negative when credits leave it)', example: -47 },
  balance_after: { description: 'The balance after this entry', example: 481953 },
  'credits:reason': {
    description: 'Why the entry was written',
    example: 'Studio synthesis 5b0e6c1e-2f4a-4c39-9a57-0d8f3f7c9b21',
  },
  'credits:reference': {
    description: 'What it refers to (an order, a request…; null: nothing)',
    example: null,
  },
  reservation_id: { description: 'The reservation it belongs to (null: not part of one)', example: null },
  'credits:id': { description: 'The entry’s id', example: '2f8d4b6a-1c3e-4a5b-9d7f-0e2a4c6b8d1f' },
  // Devices
  device_id: {
    description:
      'The device’s id (letters, digits, `_ . : -`); the calling device: the body, then `x-device-id`',
    example: 'web-3f9a0c5e',
  },
  device_name: { description: 'A readable name of the device', example: 'Chrome · Windows' },
  device_ids: {
    description: 'The devices to sign out (absent: every device but the calling one)',
    example: ['web-3f9a0c5e'],
  },
  'devices:name': { description: 'A readable name of the device', example: 'Chrome · Windows' },
  ip: { description: 'The address it was last seen from (null: unknown)', example: '113.161.12.34' },
  'devices:active': { description: 'Whether the device is signed in (not logged out)', example: true },
  current: { description: 'Whether it is the calling device', example: true },
  allowed: { description: 'Whether this device may use the account', example: true },
  'devices:reason': {
    description: 'Why not (null when allowed): DEVICE_LIMIT_REACHED or DEVICE_LOGGED_OUT',
    example: null,
  },
  max_devices: { description: 'Devices the package allows at once', example: 1 },
  active_devices: { description: 'Devices signed in now', example: 1 },
  'devices:devices': { description: 'The account’s devices, the calling one first' },
  logged_out: { description: 'How many devices were signed out', example: 1 },
  // SSO token calls
  refresh_token: {
    description: 'The SSO refresh token (opaque; in the answer: the new one when the SSO rotated it)',
    example: 'eyJhbGciOiJIUzI1NiJ9.eyJ0eXAiOiJSZWZyZXNoIn0.…',
  },
  'auths:access_token': {
    description: 'The new SSO access token (RS256 JWT) for the Authorization header',
    example: 'eyJhbGciOiJSUzI1NiIsImtpZCI6ImxvYS0xIn0.eyJzdWIiOiI3ZDFjOWUwMiJ9.…',
  },
  id_token: {
    description: 'The OpenID id token (JWT), when the SSO gives one',
    example: 'eyJhbGciOiJSUzI1NiJ9.…',
  },
  token_type: { description: 'Always Bearer', example: 'Bearer' },
  'auths:expires_in': { description: 'Seconds until the access token expires', example: 300 },
  refresh_expires_in: { description: 'Seconds until the refresh token expires', example: 1800 },
  first_name: { description: 'Given name from Google', example: 'An' },
  last_name: { description: 'Family name from Google', example: 'Nguyễn' },
  provider_id: { description: 'Google’s stable account id (`sub`)', example: '109876543210987654321' },
  'auths:id': { description: 'Your user id', example: USER_ID },
  'auths:name': { description: 'Your name as the profile keeps it (null: none)', example: 'An Nguyễn' },
}
