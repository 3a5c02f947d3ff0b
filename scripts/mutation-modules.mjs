// The modules `npm run test:mutation` covers (issue 36): where a bug costs money or access. `mutate` names the files
// that hold the rule itself (not wiring, types or re-exports); `testFiles` the tests that guard it. Tests must import
// the mutated code by relative path: in Stryker's sandbox a workspace import (`@loa/ledger`) resolves to the
// unmutated original, so a test in another package cannot kill a mutant here.
export const MODULES = [
  {
    name: 'ledger',
    mutate: [
      'packages/ledger/src/ledger.ts',
      'packages/ledger/src/reservations.ts',
      'packages/ledger/src/wallet.ts',
      'packages/ledger/src/grants.ts',
    ],
    testFiles: ['packages/ledger/src/**/*.test.ts'],
  },
  {
    name: 'payments',
    mutate: [
      'packages/payments/src/{bank-webhook,crc16,ipn,momo,order-code,plan-change,pricing,vietqr,vnpay,vouchers}.ts',
    ],
    testFiles: ['packages/payments/src/**/*.test.ts'],
  },
  {
    name: 'callbacks',
    mutate: ['packages/synthesis/src/callbacks/{signature,deliver,address-policy}.ts'],
    testFiles: ['packages/synthesis/src/callbacks/*.test.ts'],
  },
  {
    name: 'charging',
    mutate: ['packages/synthesis/src/requests.ts', 'packages/synthesis/src/service/credit-factor.ts'],
    testFiles: [
      'packages/synthesis/src/service/*.test.ts',
      'apps/api/src/routes/synthesis/{credit-factor,reliability}.test.ts',
    ],
  },
  {
    name: 'sso-oauth',
    mutate: ['apps/sso/src/oauth/{authorize-request,tokens,refresh,access-token}.ts'],
    testFiles: ['apps/sso/src/tests/{authorize,token,refresh-logout,refresh-no-session,keys-tokens}.test.ts'],
  },
  {
    name: 'api-access',
    mutate: ['apps/api/src/routes/dubbing/access.ts'],
    testFiles: ['apps/api/src/routes/dubbing/dubbing.test.ts', 'apps/api/src/routes/cross-user.test.ts'],
  },
  {
    name: 'flags',
    mutate: ['apps/flags/src/{evaluate,payload}.ts'],
    testFiles: ['apps/flags/src/{eval,features,conformance,differential}.test.ts'],
  },
]
