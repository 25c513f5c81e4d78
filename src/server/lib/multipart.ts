/**
 * Reads a multipart request into text fields and at most one file, the file's size limit
 * enforced while it streams in (the rest of an oversized file is never buffered).
 */
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from './app-error';
import { containsNul, NUL_MESSAGE } from './nul-text';

export interface MultipartFile {
  field: string;
  filename: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file: MultipartFile | undefined;
}

export interface MultipartRules {
  /** Names of the parts that may carry the file. */
  fileFields: readonly string[];
  maxFileBytes: number;
  /** The spec's wording for an oversized file, e.g. 'Maximum file size is 5MB.' */
  tooLargeMessage: string;
}

const FIELD_LIMITS = { fields: 40, fieldSize: 20_000, parts: 42, files: 1 };

export async function readMultipart(request: FastifyRequest, rules: MultipartRules): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Expected a multipart form');
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  let file: MultipartFile | undefined;
  try {
    for await (const part of request.parts({ limits: { ...FIELD_LIMITS, fileSize: rules.maxFileBytes } })) {
      if (part.type === 'file') {
        if (!rules.fileFields.includes(part.fieldname) || file) {
          part.file.resume(); // drain what we will not read
          throw badRequest(`Unexpected file field: ${part.fieldname.slice(0, 40)}`);
        }
        const bytes = await part.toBuffer();
        file = { field: part.fieldname, filename: part.filename, bytes };
      } else if (typeof part.value === 'string') {
        if (part.fieldname === '__proto__' || part.fieldname === 'constructor') continue;
        // The JSON routes refuse NUL in request-context; multipart fields are read here.
        if (containsNul({ [part.fieldname]: part.value })) throw badRequest(NUL_MESSAGE);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLargeMessage);
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one file at a time');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') throw badRequest('Too many form fields');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw badRequest('Expected a multipart form');
    if (typeof code === 'string' && code.startsWith('FST_')) throw badRequest('The form could not be read');
    throw error;
  }
  return { fields: { ...fields }, file };
}
