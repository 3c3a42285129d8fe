/** Shapes every error answer of the API shares. */
import { z } from 'zod';

/** One field problem of a 400: a dotted path into the body (or query), the validator key, a message. */
export const FieldError = z.object({
  path: z.string().meta({ description: 'Dotted path of the field, e.g. list.0.destination' }),
  key: z.string().meta({ description: 'Error key of the shared validator, or the zod issue code' }),
  message: z.string(),
});
export type FieldError = z.infer<typeof FieldError>;

/** Body of every non-2xx answer. `delay` (seconds) is set when sign-in is throttled. */
export const ErrorBody = z.object({
  msg: z.string(),
  errors: z.array(FieldError).optional(),
  delay: z.number().optional(),
  context: z.string().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Turns zod issues into the API's field errors, keeping the shared validator key when there is one. */
export function fieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  return error.issues.map((issue) => {
    const params = (issue as { params?: { key?: unknown } }).params;
    const path = issue.path.map(String).join('.');
    return {
      path: prefix ? (path ? `${prefix}.${path}` : prefix) : path,
      key: typeof params?.key === 'string' ? params.key : issue.code,
      message: issue.message,
    };
  });
}

export const OkText = z.string();
export const Empty = z.object({});
