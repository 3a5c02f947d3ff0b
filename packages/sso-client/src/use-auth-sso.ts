'use client'

import { useContext } from 'react'
import { USE_AUTH_OUTSIDE_PROVIDER_MESSAGE } from './constants.ts'
import { SSOContext, type AuthSSOContextValue } from './sso-context.ts'

/** The sign-on state and actions; throws "useAuthSSO must be used within a SSOProvider" outside the provider. */
export function useAuthSSO(): AuthSSOContextValue {
  const value = useContext(SSOContext)
  if (!value) throw new Error(USE_AUTH_OUTSIDE_PROVIDER_MESSAGE)
  return value
}
