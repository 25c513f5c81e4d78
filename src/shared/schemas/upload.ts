/** Uploads and stored objects: the accepted types, the limits and the upload calls. */
import { z } from 'zod';

/** Image types taken from the bytes; SVG is accepted and stored as a raster. */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/svg+xml'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Company photos and logos: JPG, PNG, GIF and SVG. */
export const COMPANY_IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/gif', 'image/svg+xml'];
export const COMPANY_IMAGE_TYPES_MESSAGE = 'Only JPG, PNG, GIF and SVG images are allowed.';
/** Quote and message images: JPG, PNG, GIF and WebP. */
export const QUOTE_IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
export const QUOTE_IMAGE_TYPES_MESSAGE = 'Only JPG, PNG, GIF and WebP images are allowed.';
/** The test page and the generic upload call take any image the pipeline reads. */
export const ANY_IMAGE_TYPES_MESSAGE = 'Only JPG, PNG, GIF, WebP and SVG images are allowed.';

export const fileSizeMessage = (bytes: number) => `Maximum file size is ${Math.round(bytes / (1024 * 1024))}MB.`;

export const UploadResponseSchema = z.object({
  objectId: z.string(),
  objectUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** What was stored (after re-encoding), e.g. image/png for an SVG upload. */
  contentType: z.string(),
  /** What the uploaded bytes were. */
  sourceType: z.string(),
  byteSize: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
});
export type UploadResponse = z.infer<typeof UploadResponseSchema>;

/** Object ids are random base64url tokens; anything else (a path, a dot) is simply unknown. */
export const OBJECT_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** Where an object is served (GET /api/objects/{id}). */
export const objectUrlOf = (objectId: string) => `/api/objects/${objectId}`;

/**
 * What the browser can tell about a chosen file before sending it (the server decides again from
 * the bytes): the message for a wrong type or a file over the limit, or null.
 */
export function imageFileProblem(
  file: { type: string; size: number },
  allowed: readonly ImageType[],
  typesMessage: string,
  maxBytes: number,
): string | null {
  if (!(allowed as readonly string[]).includes(file.type)) return typesMessage;
  if (file.size > maxBytes) return fileSizeMessage(maxBytes);
  return null;
}
