import { readStoredSecret } from '@loa/service-kit'

/** The operator key stored in `$DATA_DIR/secrets.json` by an embedded server, if any. */
export const readStoredOperatorKey = (dataDir: string): string | undefined =>
  readStoredSecret(dataDir, 'SSO_OPERATOR_KEY')
