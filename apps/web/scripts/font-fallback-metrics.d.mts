/** The fallback faces' CSS as the shipped brand faces and the system fonts give it (src/app/font-fallbacks.css). */
export const fallbackCss: string;
/** The fallback families, in the order app/theme.ts names them after the brand face. */
export const FALLBACK_FAMILIES: readonly string[];
