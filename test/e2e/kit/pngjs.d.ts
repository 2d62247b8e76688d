// The part of pngjs (a dependency of qrcode, declared as a devDependency for the screenshot comparison) the e2e kit uses.
declare module 'pngjs' {
  export class PNG {
    constructor(options: { width: number; height: number })
    width: number
    height: number
    /** RGBA, 4 bytes a pixel, row by row. */
    data: Buffer
    static sync: {
      read(buffer: Buffer): PNG
      write(png: PNG): Buffer
    }
  }
}
