/** The path data of one line of Latin text in IBM Plex Sans Arabic, in the SVG's user units. */
export function textPath(
  text: string,
  style: {
    x: number;
    y: number;
    fontSize: number;
    fontWeight?: string;
    italic?: boolean;
    textAnchor?: string;
    letterSpacing?: number;
  },
): string;
/** The SVG with each <text> replaced by a <path> that draws its words (the rest byte for byte). */
export function outlineSvgText(svg: string): string;
