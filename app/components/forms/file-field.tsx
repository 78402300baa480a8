import { useEffect, useState } from "react";
import { describedBy, Feedback, Hint, LabelText, stateClass, type BaseProps } from "./field";
import { fileSize } from "./file-size";

/**
 * A file field drawn as a drop area with a "Choose file" face, around the browser's own
 * <input type=file> (which stays the control: labelled, focusable, posted with the form).
 *
 * Before the scripts run, and without them, the input shows as itself, its button styled, and the
 * browser names the chosen file. Once they run, the input covers the whole area unseen (a click
 * or a dropped file anywhere in it reaches it) and the face names the chosen file with its size.
 * The area has one height in both states, so nothing moves when the page comes alive.
 */
export function FileField({
  id,
  name,
  label,
  error,
  validated,
  hint,
  className,
  optional,
  accept,
}: BaseProps & { accept?: string }) {
  const [live, setLive] = useState(false);
  const [chosen, setChosen] = useState<{ name: string; size: number } | null>(null);
  useEffect(() => setLive(true), []);
  const chosenId = `${id}-chosen`;
  const state = stateClass(validated, error);
  return (
    <div className={className ?? "mb-3"}>
      <label htmlFor={id} className="form-label">
        <LabelText label={label} optional={optional} />
      </label>
      <div className={`file-picker${live ? " file-picker--live" : ""}${state}`}>
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          className={`form-control file-picker__input${state}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [describedBy(id, error, hint), live && chosen ? chosenId : ""].filter(Boolean).join(" ") || undefined
          }
          required={!optional}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            setChosen(file ? { name: file.name, size: file.size } : null);
          }}
        />
        {live ? (
          // The input itself is read out (its label, and the browser's own name of the file); this
          // face only draws it, and its line of name and size is read as the input's description.
          <div className="file-picker__face" aria-hidden="true">
            <span className="btn btn-outline-primary file-picker__button">
              {chosen ? "Change file" : "Choose file"}
            </span>
            {chosen ? (
              <span id={chosenId} className="file-picker__chosen">
                <span className="file-picker__name">{chosen.name}</span>{" "}
                <span className="file-picker__size">({fileSize(chosen.size)})</span>
              </span>
            ) : (
              <span className="file-picker__empty">No file chosen, or drop one here</span>
            )}
          </div>
        ) : null}
      </div>
      <Hint id={id} hint={hint} />
      <Feedback id={id} error={error} />
    </div>
  );
}
