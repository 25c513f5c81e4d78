import { z } from 'zod';

/** GET /api/app-config: deployment facts the client adapts to. */
export const AppConfigSchema = z.object({
  /** Test pages such as /upload-test are for admins only in production. */
  isProduction: z.boolean(),
  objectStore: z.enum(['fs', 's3']),
});
export type AppConfigAnswer = z.infer<typeof AppConfigSchema>;
