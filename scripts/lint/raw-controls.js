/**
 * No raw browser controls in the web app (issue 35): a `<button>` or an `<input type="file">` outside the design
 * system (apps/web/components/ui) is a lint error — use Button / IconButton / FileDrop. The allowlist names what
 * is not migrated yet; it may only shrink: scripts/lint/raw-controls.test.ts fails when an entry is gone or no
 * longer holds a raw control, so a migrated file must leave the list in the same change.
 */

/** Not migrated yet (file paths, or `folder/**` for a folder being rebuilt by its owner). */
export const RAW_CONTROL_ALLOWLIST = [
  // the studio: H1/H2 rebuild it as an editor (issue 35, "The studio as an editor"); they migrate as they go
  'apps/web/components/studio/**',
  // the back office's Voices screen (H8's)
  'apps/web/components/admin/InstalledVoices.tsx',
  'apps/web/components/admin/VoiceSample.tsx',
  'apps/web/components/admin/VoiceSettings.tsx',
]

/** AST selectors of the refused elements (shared with the test, which looks for them in allowlisted files). */
export const RAW_CONTROL_SELECTORS = [
  {
    selector: "JSXOpeningElement[name.name='button']",
    message: 'Use Button or IconButton from @/components/ui (a raw <button> is unstyled and untranslated).',
  },
  {
    selector: "JSXOpeningElement[name.name='input']:has(JSXAttribute[name.name='type'][value.value='file'])",
    message:
      "Use FileDrop from @/components/ui/FileDrop (a bare file input shows the browser's English text).",
  },
]

/** The flat-config block: every web .tsx but the design system's own and the allowlist. */
export const rawControlConfig = () => ({
  files: ['apps/web/**/*.tsx'],
  ignores: ['apps/web/components/ui/**', ...RAW_CONTROL_ALLOWLIST],
  rules: { 'no-restricted-syntax': ['error', ...RAW_CONTROL_SELECTORS] },
})
