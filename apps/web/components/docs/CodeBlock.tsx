/** A code sample: its label (the language or what it shows) over the code, scrolled sideways on a phone. */
export function CodeBlock({ code, language, label }: { code: string; language?: string; label?: string }) {
  return (
    <figure className="docs-code">
      {(label ?? language) && <figcaption>{label ?? language}</figcaption>}
      <pre tabIndex={0}>
        <code data-language={language}>{code}</code>
      </pre>
    </figure>
  )
}
