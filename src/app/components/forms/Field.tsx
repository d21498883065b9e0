// One labelled form control with its error text, tied by aria-describedby and announced politely;
// aria-invalid once the form was checked.
import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  multiline?: boolean;
  textareaRef?: Ref<HTMLTextAreaElement>;
  onText?: (v: string) => void;
}

export function Field({ id, name, label, error, inputRef, multiline, textareaRef, onText, className, required, ...rest }: FieldProps) {
  const errId = `${id}-error`;
  const invalid = !!error;
  return (
    <div className={`form-field${invalid ? ' has-error' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id} className="form-label">
        {label}
        {required ? <span className="form-required" aria-hidden="true"> *</span> : <span className="form-optional"> (optional)</span>}
      </label>
      {multiline ? (
        <textarea
          id={id}
          name={name}
          ref={textareaRef}
          className="form-control"
          rows={5}
          maxLength={rest.maxLength}
          value={rest.value as string}
          onChange={(e) => onText?.(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={errId}
        />
      ) : (
        <input
          id={id}
          name={name}
          ref={inputRef}
          className="form-control"
          required={required}
          {...rest}
          onChange={(e) => onText?.(e.target.value)}
          aria-invalid={invalid || undefined}
          aria-describedby={errId}
        />
      )}
      <div id={errId} className="form-error" aria-live="polite">
        {error ?? ''}
      </div>
    </div>
  );
}
