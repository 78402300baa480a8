import { isSafeHref } from "@contracts/content/rich-text";
import { useId, useState } from "react";

export const refusedLinkMessage =
  "Links may go to web addresses (https:// or http://) and e-mail addresses (mailto:) only.";

/**
 * What a writer types, as the address to store: an e-mail address gets mailto:, a bare host name
 * https://; anything with another scheme is left as typed, for the check to refuse.
 */
export function linkAddress(typed: string): string {
  const value = typed.trim();
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(value)) return `mailto:${value}`;
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+(\/\S*)?$/i.test(value)) return `https://${value}`;
  return value;
}

interface LinkFormProps {
  initial: string;
  onApply: (href: string) => void;
  onRemove: () => void;
  onCancel: () => void;
}

/** The link's address, asked for beside the toolbar; a scheme other than http, https or mailto is refused with the reason. */
export function LinkForm({ initial, onApply, onRemove, onCancel }: LinkFormProps) {
  const [value, setValue] = useState(initial);
  const [refused, setRefused] = useState(false);
  const id = useId();
  return (
    <form
      className="editor-link-form"
      aria-label="Link"
      onSubmit={(event) => {
        event.preventDefault();
        const href = linkAddress(value);
        if (!isSafeHref(href)) return setRefused(true);
        onApply(href);
      }}
    >
      <label htmlFor={`${id}-href`}>Link address</label>
      <input
        id={`${id}-href`}
        type="text"
        inputMode="url"
        autoComplete="off"
        value={value}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on the writer's own request
        autoFocus
        aria-invalid={refused || undefined}
        aria-describedby={refused ? `${id}-error` : undefined}
        onKeyDown={(event) => {
          if (event.key === "Escape") onCancel();
        }}
        onChange={(event) => {
          setValue(event.target.value);
          setRefused(false);
        }}
      />
      {refused && (
        <p id={`${id}-error`} className="error" role="alert">
          {refusedLinkMessage}
        </p>
      )}
      <button type="submit">Apply link</button>
      {initial && (
        <button type="button" onClick={onRemove}>
          Remove link
        </button>
      )}
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
