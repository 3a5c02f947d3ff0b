'use client'
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'

export interface SliderProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'value' | 'onChange'
> {
  label: ReactNode
  value: number
  min: number
  max: number
  step?: number
  onChange: (value: number) => void
  /** How the value reads (shown beside the label and spoken as aria-valuetext), e.g. v => `${v}×`. */
  format?: (value: number) => string
  ref?: Ref<HTMLInputElement>
}

/** A range control (native range input: arrow keys, Page Up/Down, Home/End) with its label and current value. */
export function Slider({
  label,
  value,
  min,
  max,
  step = 1,
  onChange,
  format = String,
  id,
  className,
  ref,
  ...rest
}: SliderProps) {
  const autoId = useId()
  const inputId = id ?? autoId
  const shown = format(value)
  const fill = max > min ? ((value - min) / (max - min)) * 100 : 0
  return (
    <div className={['ui-slider', className].filter(Boolean).join(' ')}>
      <div className="ui-slider-head">
        <label className="ui-label" htmlFor={inputId}>
          {label}
        </label>
        <output htmlFor={inputId} className="ui-slider-value">
          {shown}
        </output>
      </div>
      <input
        {...rest}
        ref={ref}
        id={inputId}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={shown}
        style={{ ['--ui-slider-fill' as string]: `${fill}%` }}
        onChange={(event) => onChange(Number(event.target.value))}
      />
    </div>
  )
}
