/** Real image files for upload tests, made with sharp (no binary fixtures in the repository). */
import sharp from 'sharp';
import type { MultipartFilePart } from './harness';

export async function pngBytes(width = 64, height = 64, color = { r: 30, g: 120, b: 200 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A JPEG carrying EXIF with a camera and GPS position, as phones write them. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 15', Copyright: 'Secret Owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '30/1 16/1 2/1', GPSLongitudeRef: 'W', GPSLongitude: '97/1 44/1 34/1' },
    })
    .toBuffer();
}

export async function gifBytes(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 0, g: 160, b: 90 } } })
    .gif()
    .toBuffer();
}

export async function webpBytes(): Promise<Buffer> {
  return sharp({ create: { width: 40, height: 40, channels: 3, background: { r: 90, g: 0, b: 160 } } })
    .webp()
    .toBuffer();
}

export const SVG_WITH_SCRIPT = Buffer.from(
  `<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="alert(1)">
  <script>alert('owned')</script>
  <rect width="100" height="100" fill="#e11d48"/>
</svg>`,
);

export const SVG_WITH_EXTERNAL_IMAGE = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">
  <image xlink:href="file:///etc/passwd" width="10" height="10"/>
</svg>`,
);

/** 7,000 × 7,000 pixels of one colour: a few hundred kilobytes that would decode to 147 MB. */
let bomb: Promise<Buffer> | undefined;
export function decompressionBombPng(): Promise<Buffer> {
  bomb ??= sharp({ create: { width: 7000, height: 7000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return bomb;
}

export const filePart = (
  bytes: Buffer,
  filename = 'photo.png',
  contentType = 'image/png',
  field = 'image',
): MultipartFilePart => ({
  field,
  filename,
  contentType,
  bytes,
});
