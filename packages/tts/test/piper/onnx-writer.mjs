// A minimal ONNX (protobuf) writer: just the messages a small inference graph needs. Field numbers are
// those of onnx/onnx.proto (ModelProto, GraphProto, NodeProto, AttributeProto, TensorProto, ValueInfoProto).

const utf8 = new TextEncoder()

const varint = (value) => {
  const bytes = []
  let v = BigInt.asUintN(64, BigInt(value))
  do {
    let byte = Number(v & 0x7fn)
    v >>= 7n
    if (v !== 0n) byte |= 0x80
    bytes.push(byte)
  } while (v !== 0n)
  return bytes
}

/**
 * One protobuf message from [field, kind, value] entries; repeated fields are repeated entries. Parts are joined
 * once at the end, so that a message holding tens of megabytes of weights is built in one copy.
 */
export const message = (fields) => {
  const parts = []
  for (const [field, kind, value] of fields) {
    if (value === undefined) continue
    if (kind === 'varint') parts.push(Uint8Array.from([...varint(field << 3), ...varint(value)]))
    else {
      const bytes = kind === 'string' ? utf8.encode(value) : value
      parts.push(Uint8Array.from([...varint((field << 3) | 2), ...varint(bytes.length)]), bytes)
    }
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

export const DataType = { FLOAT: 1, INT64: 7 }

/** TensorProto with raw little-endian data (scalars: dims = []). */
export const tensor = (name, dataType, dims, values) => {
  const raw =
    dataType === DataType.FLOAT
      ? new Uint8Array((values instanceof Float32Array ? values : Float32Array.from(values)).buffer)
      : new Uint8Array(BigInt64Array.from(values.map(BigInt)).buffer)
  return message([
    ...dims.map((d) => [1, 'varint', d]),
    [2, 'varint', dataType],
    [8, 'string', name],
    [9, 'bytes', raw],
  ])
}

/** ValueInfoProto of a tensor; each dim is a number (fixed) or a string (named, dynamic). */
export const valueInfo = (name, elemType, dims) =>
  message([
    [1, 'string', name],
    [
      2,
      'bytes',
      message([
        [
          1,
          'bytes',
          message([
            [1, 'varint', elemType],
            [
              2,
              'bytes',
              message(
                dims.map((d) => [
                  1,
                  'bytes',
                  message([typeof d === 'number' ? [1, 'varint', d] : [2, 'string', d]]),
                ]),
              ),
            ],
          ]),
        ],
      ]),
    ],
  ])

/** NodeProto; `attributes` holds integers (e.g. Cast's `to`) and lists of integers (e.g. Conv's `pads`). */
export const node = (opType, inputs, outputs, attributes = {}) =>
  message([
    ...inputs.map((i) => [1, 'string', i]),
    ...outputs.map((o) => [2, 'string', o]),
    [3, 'string', `${opType}_${outputs[0]}`],
    [4, 'string', opType],
    ...Object.entries(attributes).map(([name, i]) => [
      5,
      'bytes',
      message(
        Array.isArray(i)
          ? [[1, 'string', name], ...i.map((v) => [8, 'varint', v]), [20, 'varint', 7]]
          : [
              [1, 'string', name],
              [3, 'varint', i],
              [20, 'varint', 2],
            ],
      ),
    ]),
  ])

/** ModelProto (IR version 8, default-domain opset `opset`). */
export const model = ({ name, nodes, initializers, inputs, outputs, opset, producer }) =>
  message([
    [1, 'varint', 8],
    [2, 'string', producer],
    [
      7,
      'bytes',
      message([
        ...nodes.map((n) => [1, 'bytes', n]),
        [2, 'string', name],
        ...initializers.map((t) => [5, 'bytes', t]),
        ...inputs.map((v) => [11, 'bytes', v]),
        ...outputs.map((v) => [12, 'bytes', v]),
      ]),
    ],
    [
      8,
      'bytes',
      message([
        [1, 'string', ''],
        [2, 'varint', opset],
      ]),
    ],
  ])
