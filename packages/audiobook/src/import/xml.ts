import { Parser } from 'htmlparser2'

export interface XmlElement {
  /** Local name, lower case (`dc:title` → `title`, `navPoint` → `navpoint`). */
  tag: string
  /** Attributes by local name, lower case, entities decoded. */
  attributes: Record<string, string>
  /** The element's text content, nested elements included. */
  text: string
}

const local = (name: string): string => name.replace(/^.*:/, '').toLowerCase()

/**
 * Every element of an XML document (package document, container, NCX, nav) in document order, through
 * htmlparser2's XML mode: namespaces, comments, CDATA and entities are handled by the parser, not by patterns.
 */
export const xmlElements = (xml: string): XmlElement[] => {
  const all: XmlElement[] = []
  const open: XmlElement[] = []
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const attributes: Record<string, string> = {}
        for (const [key, value] of Object.entries(attribs)) attributes[local(key)] = value
        const element = { tag: local(name), attributes, text: '' }
        all.push(element)
        open.push(element)
      },
      ontext(text) {
        for (const element of open) element.text += text
      },
      onclosetag() {
        open.pop()
      },
    },
    { xmlMode: true, decodeEntities: true, recognizeCDATA: true },
  )
  parser.end(xml)
  return all
}
