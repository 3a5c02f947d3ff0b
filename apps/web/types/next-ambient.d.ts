// Next's ambient types, so `tsc -p apps/web/tsconfig.json` works on a fresh checkout (next-env.d.ts is generated
// by `next build` and not committed).
/// <reference types="next" />
/// <reference types="next/image-types/global" />
