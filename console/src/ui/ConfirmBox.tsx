import { useEffect, useRef, type ReactNode } from "react";

/**
 * An inline confirmation: the question, the action and Cancel. Its first button takes the focus
 * when it opens, so a keyboard user answers at once; the caller gives the focus back on Cancel.
 */
export function ConfirmBox(props: {
  id: string;
  question: ReactNode;
  action: string;
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.querySelector("button")?.focus(), []);
  return (
    <div className={props.danger ? "confirm" : "confirm calm"} role="group" aria-labelledby={props.id} ref={box}>
      <p id={props.id}>{props.question}</p>
      <button type="button" className={props.danger ? "danger" : undefined} onClick={props.onConfirm}>
        {props.action}
      </button>
      <button type="button" onClick={props.onCancel}>
        Cancel
      </button>
    </div>
  );
}
