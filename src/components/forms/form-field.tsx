import { useId, type ReactNode } from 'react';
import './forms.css';

/**
 * A labelled control with its hint and error next to it: the control receives `id`,
 * `aria-invalid` and `aria-describedby` through the render function.
 */
export function FormField({
  label,
  hint,
  error,
  extra,
  status,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shown under the control beside the hint (e.g. a character counter). */
  extra?: ReactNode;
  /**
   * A polite live note under the control (e.g. the username availability). A field given this
   * prop keeps its live region mounted, also while it is empty, so that changes are announced.
   */
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
      {extra}
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
      {status !== undefined && (
        <div id={statusId} aria-live="polite" className="field__status">
          {status}
        </div>
      )}
    </div>
  );
}
