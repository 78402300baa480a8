import { isSafeHref } from "@contracts/content/rich-text";
import { useId, useState } from "react";

export const refusedLinkMessage =
  "Links may go to web addresses (https:// or http://) and e-mail addresses (mailto:) only.";

/**
 * What a writer types, as the address to store: an e-mail address gets mailto:, a bare host name
 * https://, and a web address is written as the URL parser writes it (a host like münchen.de in
 * its ASCII form, a space in the path as %20), which the check takes. Anything with another
 * scheme is left as typed, for the check to refuse.
 */
export function linkAddress(typed: string): string {
  let value = typed.trim();
  if (/^[^\s@:/]+@[^\s@:/]+\.[^\s@:/]+$/.test(value)) value = `mailto:${value}`;
  else if (/^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+(\/\S*)?$/u.test(value)) value = `https://${value}`;
  if (!URL.canParse(value)) return value;
  const parsed = new URL(value);
  return ["http:", "https:", "mailto:"].includes(parsed.protocol) ? parsed.href : value;
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
