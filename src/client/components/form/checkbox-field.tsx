import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '@/client/components/ui/checkbox';

interface Props<T extends FieldValues> {
  id: string;
  control: Control<T>;
  name: Path<T>;
  error?: string;
  children: ReactNode;
}

/** A form checkbox with its label and error, bound to react-hook-form (terms boxes, remember me). */
export function CheckboxField<T extends FieldValues>({ id, control, name, error, children }: Props<T>) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-2">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              id={id}
              className="mt-0.5"
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
          )}
        />
        <label htmlFor={id} className="text-sm text-slate-700">
          {children}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
