import { useId, type ReactNode } from 'react';

/**
 * A labelled control with its hint and error next to it: the control receives `id`,
 * `aria-invalid` and `aria-describedby` through the render function.
 */
export function FormField({
  label,
  hint,
  error,
  status,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** A polite live note under the control (e.g. the username availability). */
  status?: ReactNode;
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null, status ? statusId : null]
      .filter(Boolean)
      .join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
      <div id={statusId} aria-live="polite" className="accounts-field-status">
        {status}
      </div>
    </div>
  );
}
