import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";

/**
 * An inline confirmation: the question, the action and Cancel. Cancel takes the focus when it
 * opens, so a second Enter (or Space) from the button that opened it cancels instead of carrying
 * out a destructive action; the action needs a deliberate Tab. Escape cancels too. On Cancel the
 * focus goes back to the element that had it when the box opened (the button that asked), when
 * that element is still on the page; a caller whose button is drawn anew gives it back itself.
 */
export function ConfirmBox(props: {
  id: string;
  question: ReactNode;
  action: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const cancelButton = useRef<HTMLButtonElement>(null);
  // Read while the box is first drawn, before it takes the focus: the button that opened it.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => cancelButton.current?.focus(), []);
  const cancel = () => {
    props.onCancel();
    // After the caller's update has removed the box (and with it the focused Cancel).
    requestAnimationFrame(() => {
      if (opener?.isConnected && opener !== document.body) opener.focus();
    });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "Escape") return;
    e.preventDefault();
    e.stopPropagation();
    cancel();
  };
  return (
    // Escape is heard on the buttons, the box's only places to be: a group takes no key events.
    <div className={props.danger ? "confirm" : "confirm calm"} role="group" aria-labelledby={props.id}>
      <p id={props.id}>{props.question}</p>
      <button
        type="button"
        className={props.danger ? "danger" : undefined}
        onClick={props.onConfirm}
        onKeyDown={onKeyDown}
      >
        {props.action}
      </button>
      <button type="button" ref={cancelButton} onClick={cancel} onKeyDown={onKeyDown}>
        Cancel
      </button>
    </div>
  );
}
