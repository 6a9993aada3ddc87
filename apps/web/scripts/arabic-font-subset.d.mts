export const ARABIC_SUBSET_RANGES: ReadonlyArray<readonly [number, number]>;
export const arabicUnicodeRange: string;
export function subsetArabicFace(source: string, cacheDir: string): Promise<string>;
