// fontverter 2 ships no types: the one call the font subset test makes.
declare module 'fontverter' {
  const fontverter: { convert(font: Uint8Array, format: 'truetype' | 'woff' | 'woff2' | 'sfnt'): Promise<Uint8Array> };
  export default fontverter;
}
