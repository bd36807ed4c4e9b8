import type { ReactNode } from 'react';
import { GROUP_NAME_MAX } from '../../../api/contract/constants.ts';

/**
 * A group's name (stored as its description, at most GROUP_NAME_MAX characters; content §5) with
 * its character count and its error, on the new-group form and the admin's rename form.
 */
export function GroupNameField({
  inputId,
  label,
  value,
  error,
  onChange,
}: {
  inputId: string;
  label: ReactNode;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className="input"
        value={value}
        maxLength={GROUP_NAME_MAX + 20}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
        onChange={(event) => onChange(event.target.value)}
      />
      <span id={`${inputId}-hint`} className="field__hint">
        {value.trim().length}/{GROUP_NAME_MAX}
      </span>
      {error && (
        <span id={`${inputId}-error`} className="field__error">
          {error}
        </span>
      )}
    </div>
  );
}
