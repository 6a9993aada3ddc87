/** The SVG with each <text> replaced by a <path> that draws its words (the rest byte for byte). */
export function outlineSvgText(svg: string): string;
