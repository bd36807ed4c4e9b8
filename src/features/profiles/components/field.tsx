import { useId, type ReactNode } from 'react';

/**
 * A labelled control with its hint, counter and error: the control receives `id`,
 * `aria-invalid` and `aria-describedby` through the render function.
 */
export function Field({
  label,
  hint,
  error,
  extra,
  children,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Shown under the control beside the hint (a character counter). */
  extra?: ReactNode;
  children: (control: {
    id: string;
    'aria-invalid': boolean;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy =
    [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
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
    </div>
  );
}

/** "12 / 50", red when over the limit; announced politely while typing. */
export function CharacterCounter({ length, max }: { length: number; max: number }) {
  return (
    <span
      className={`profiles-counter${length > max ? ' profiles-counter--over' : ''}`}
      aria-live="polite"
    >
      {length} / {max}
    </span>
  );
}
