type Values = Record<string, string | number>

/** `{name}` → value; unknown placeholders are left as they are (client messages use no ICU syntax). */
export const formatMessage = (template: string, values?: Values): string =>
  values
    ? template.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all))
    : template
