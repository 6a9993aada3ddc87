import type { GreyImage } from './digit-glyphs.js';
import type { TextBox } from './receipt-reading.js';

/**
 * A strip of a blurred photo made sharper for the digit reader: deconvolved (Richardson-Lucy, the blur
 * taken for a Gaussian). A photo's blur joins neighbouring Arabic-Indic digits into one blob at any
 * threshold; undoing part of the blur parts them again. Enlarging the strip first (bicubic, twice) read
 * no more and took four times as long.
 */
export interface DeblurredStrip {
  image: GreyImage;
  /** A box in the strip's coordinates, back in the image's. */
  toImage(box: TextBox): TextBox;
  /** A box in the image's coordinates, in the strip's. */
  toStrip(box: TextBox): TextBox;
}

function gaussianKernel(sigma: number): Float32Array {
  const radius = Math.max(1, Math.ceil(sigma * 2.5));
  const kernel = new Float32Array(radius * 2 + 1);
  let sum = 0;
  for (let i = -radius; i <= radius; i += 1) {
    kernel[i + radius] = Math.exp(-(i * i) / (2 * sigma * sigma));
    sum += kernel[i + radius]!;
  }
  for (let i = 0; i < kernel.length; i += 1) kernel[i]! /= sum;
  return kernel;
}

/** A separable convolution, the edges extended. */
function convolve(
  source: Float32Array,
  width: number,
  height: number,
  kernel: Float32Array,
  scratch: Float32Array,
  out: Float32Array,
) {
  const radius = (kernel.length - 1) / 2;
  for (let y = 0; y < height; y += 1) {
    const row = y * width;
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      if (x >= radius && x < width - radius) {
        for (let k = 0; k < kernel.length; k += 1) sum += kernel[k]! * source[row + x - radius + k]!;
      } else {
        for (let k = 0; k < kernel.length; k += 1)
          sum += kernel[k]! * source[row + Math.min(width - 1, Math.max(0, x - radius + k))]!;
      }
      scratch[row + x] = sum;
    }
  }
  for (let y = 0; y < height; y += 1) {
    const inside = y >= radius && y < height - radius;
    for (let x = 0; x < width; x += 1) {
      let sum = 0;
      if (inside) {
        for (let k = 0, at = (y - radius) * width + x; k < kernel.length; k += 1, at += width) sum += kernel[k]! * scratch[at]!;
      } else {
        for (let k = 0; k < kernel.length; k += 1)
          sum += kernel[k]! * scratch[Math.min(height - 1, Math.max(0, y - radius + k)) * width + x]!;
      }
      out[y * width + x] = sum;
    }
  }
}

/**
 * The strip deblurred with a Gaussian of `sigma` pixels, after each number of iterations in `after`
 * (one run of the longest, the shorter taken on the way), each made only when asked for.
 */
export function* deblurStrip(
  image: GreyImage,
  strip: TextBox,
  options: { sigma: number; after: number[] },
): Generator<DeblurredStrip> {
  const x0 = Math.max(0, Math.floor(strip.x0));
  const y0 = Math.max(0, Math.floor(strip.y0));
  const width = Math.max(1, Math.min(image.width, Math.ceil(strip.x1)) - x0);
  const height = Math.max(1, Math.min(image.height, Math.ceil(strip.y1)) - y0);
  // Ink as light: Richardson-Lucy wants a positive signal over a dark background.
  const observed = new Float32Array(width * height);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) observed[y * width + x] = 256 - image.data[(y0 + y) * image.width + x0 + x]!;
  const kernel = gaussianKernel(options.sigma);
  const estimate = Float32Array.from(observed);
  const ratio = new Float32Array(width * height);
  const scratch = new Float32Array(width * height);
  const correction = new Float32Array(width * height);
  const toImage = (box: TextBox) => ({ x0: box.x0 + x0, y0: box.y0 + y0, x1: box.x1 + x0, y1: box.y1 + y0 });
  const toStrip = (box: TextBox) => ({ x0: box.x0 - x0, y0: box.y0 - y0, x1: box.x1 - x0, y1: box.y1 - y0 });
  const last = Math.max(...options.after);
  for (let i = 1; i <= last; i += 1) {
    convolve(estimate, width, height, kernel, scratch, ratio);
    for (let p = 0; p < ratio.length; p += 1) ratio[p] = observed[p]! / Math.max(1e-3, ratio[p]!);
    convolve(ratio, width, height, kernel, scratch, correction);
    for (let p = 0; p < estimate.length; p += 1) estimate[p]! *= correction[p]!;
    if (!options.after.includes(i)) continue;
    const data = new Uint8Array(width * height);
    for (let p = 0; p < data.length; p += 1) data[p] = 256 - Math.min(256, Math.max(1, Math.round(estimate[p]!)));
    yield { image: { data, width, height }, toImage, toStrip };
  }
}

/**
 * How blurred a line's text is: its pixels between ink and background (the 20-80 % band) against its
 * pixels of solid ink. A screenshot's text, drawn with a pixel of anti-aliasing, scores under 1 (0.1-0.9
 * on the generated receipts); a photo of a screen 1 to 12.
 */
export function lineBlur(image: GreyImage, box: TextBox): number | undefined {
  const x0 = Math.max(0, Math.floor(box.x0));
  const x1 = Math.min(image.width, Math.ceil(box.x1));
  const y0 = Math.max(0, Math.floor(box.y0));
  const y1 = Math.min(image.height, Math.ceil(box.y1));
  const histogram = new Array<number>(256).fill(0);
  let total = 0;
  for (let y = y0; y < y1; y += 1)
    for (let x = x0; x < x1; x += 1) {
      histogram[image.data[y * image.width + x]!]! += 1;
      total += 1;
    }
  const percentile = (share: number) => {
    let seen = 0;
    for (let value = 0; value < 256; value += 1) {
      seen += histogram[value]!;
      if (seen > share * total) return value;
    }
    return 255;
  };
  const dark = percentile(0.01);
  const range = percentile(0.5) - dark;
  // A line of no contrast (a blank strip) says nothing.
  if (total === 0 || range < 40) return undefined;
  let solid = 0;
  let between = 0;
  for (let value = 0; value < 256; value += 1) {
    const at = (value - dark) / range;
    if (at < 0.2) solid += histogram[value]!;
    else if (at < 0.8) between += histogram[value]!;
  }
  return between / Math.max(1, solid);
}
