'use client'
import { useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslations } from '../i18n/client-i18n'
import { matchesSearch } from './search-text'

export interface ComboboxOption {
  value: string
  label: string
  /** A second line (region, gender, level…); searched too. */
  description?: string
}

/**
 * A field that filters a long list as you type (WAI-ARIA combobox with a list popup): Down/Up move through the
 * matches (aria-activedescendant keeps focus in the field), Enter picks, Escape closes and restores the chosen
 * option's name. The search ignores case and Vietnamese marks. The number of matches is announced politely.
 */
export function Combobox({
  label,
  options,
  value,
  onChange,
  placeholder,
  hint,
  id,
  className,
  disabled,
}: {
  label: ReactNode
  options: readonly ComboboxOption[]
  value: string | null
  onChange: (value: string) => void
  placeholder?: string
  hint?: ReactNode
  id?: string
  className?: string
  disabled?: boolean
}) {
  const t = useTranslations('ui.combobox')
  const autoId = useId()
  const inputId = id ?? autoId
  const listId = `${inputId}-list`
  const selected = options.find((o) => o.value === value) ?? null
  const [query, setQuery] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)

  const matches = useMemo(
    () =>
      query === null
        ? options
        : options.filter((o) => matchesSearch(`${o.label} ${o.description ?? ''}`, query)),
    [options, query],
  )
  const optionId = (index: number) => `${inputId}-option-${index}`

  const show = () => {
    const at = matches.findIndex((o) => o.value === value)
    setActive(at < 0 ? 0 : at)
    setOpen(true)
  }
  const pick = (option: ComboboxOption) => {
    onChange(option.value)
    setQuery(null)
    setOpen(false)
  }
  const dismiss = () => {
    setQuery(null)
    setOpen(false)
  }

  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) return show()
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActive((i) => (matches.length === 0 ? 0 : (i + step + matches.length) % matches.length))
    } else if (event.key === 'Enter' && open) {
      event.preventDefault()
      const option = matches[active]
      if (option) pick(option)
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      dismiss()
    }
  }

  const expanded = open && !disabled
  return (
    <div className={['ui-field', 'ui-combobox', className].filter(Boolean).join(' ')}>
      <label className="ui-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="ui-input"
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && matches[active] ? optionId(active) : undefined}
        aria-describedby={hint ? `${inputId}-hint` : undefined}
        placeholder={placeholder}
        disabled={disabled}
        value={query ?? selected?.label ?? ''}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
          setOpen(true)
        }}
        onClick={() => (open ? undefined : show())}
        onKeyDown={keyDown}
        onBlur={dismiss}
      />
      {hint && (
        <p className="ui-hint" id={`${inputId}-hint`}>
          {hint}
        </p>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={typeof label === 'string' ? label : undefined}
        hidden={!expanded}
      >
        {matches.map((option, index) => (
          <li
            key={option.value}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            className={index === active ? 'ui-option is-active' : 'ui-option'}
            // keep focus in the field: a mousedown on the list would blur it and close the list first
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
          >
            <span className="ui-option-label">{option.label}</span>
            {option.description && <span className="ui-option-description">{option.description}</span>}
          </li>
        ))}
      </ul>
      {expanded && matches.length === 0 && <p className="ui-combobox-empty">{t('noResults')}</p>}
      <span className="sr-only" aria-live="polite">
        {expanded && query !== null ? t('results', { count: matches.length }) : ''}
      </span>
    </div>
  )
}
