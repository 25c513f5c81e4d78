/**
 * A failed save, shown on the form that sent it: under the input the server's answer names in
 * `field`, else as the form's own message (`errors.root`). Where it goes is read from the answer's
 * field, never from its words, so rewording a message moves nothing.
 */
import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError, errorMessage } from './api';

/**
 * The form input a server's `field` belongs to: the input of that name, else the one it lies
 * inside ("serviceZips.1", one ZIP code of the list, goes under "serviceZips"); null when the form
 * shows no such input.
 */
export function formFieldOf<Name extends string>(field: string | undefined, shown: readonly Name[]): Name | null {
  if (!field) return null;
  let best: Name | null = null;
  for (const name of shown) {
    const inside = field === name || field.startsWith(`${name}.`);
    if (inside && (best === null || name.length > best.length)) best = name;
  }
  return best;
}

export interface PlaceServerErrorOptions<T extends FieldValues> {
  /**
   * The inputs that show their own error, named as the request's body names them; a field the
   * form does not show (or has no error text for) falls back to the form-level message.
   */
  fields: readonly FieldPath<T>[];
  /** The text when the answer has none (a network failure, a proxy's page). */
  fallback: string;
  shouldFocus?: boolean;
}

/**
 * Puts a failed call's text on `form` (react-hook-form's `setError`) where it belongs and returns
 * the text, for the toast that goes with it.
 */
export function placeServerError<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  failure: unknown,
  { fields, fallback, shouldFocus = false }: PlaceServerErrorOptions<T>,
): string {
  const message = errorMessage(failure, fallback);
  const field = formFieldOf(failure instanceof ApiError ? failure.field : undefined, fields);
  form.setError(field ?? 'root', { type: 'server', message }, { shouldFocus: field !== null && shouldFocus });
  return message;
}
