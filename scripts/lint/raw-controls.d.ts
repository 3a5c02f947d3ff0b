/** Types of raw-controls.js (plain JavaScript, so that eslint.config.js can load it without a compiler). */
export declare const RAW_CONTROL_ALLOWLIST: string[]
export declare const RAW_CONTROL_SELECTORS: { selector: string; message: string }[]
export declare const rawControlConfig: () => {
  files: string[]
  ignores: string[]
  rules: Record<string, unknown>
}
