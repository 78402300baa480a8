/** What a saved role can do next (Publish, Close or Reopen), with the question each asks first. */
import type { RoleDetailAnswer } from "@contracts/console-answers";

export type Move = "publish" | "close" | "reopen";

export interface RoleMove {
  how: Move;
  label: string;
  question: string;
  action: string;
  danger?: boolean;
}

/** A draft is published, a published role closed, a closed one reopened; unsaved changes are saved first. */
export function movesFor(loaded: RoleDetailAnswer | null, dirty: boolean, publicAddress: string): RoleMove[] {
  if (!loaded) return [];
  const { state } = loaded.role;
  if (state === "draft") {
    return [
      {
        how: "publish",
        label: "Publish",
        question: `${dirty ? "Save your changes and publish" : "Publish"} this role? It appears on the careers page within a minute, at ${publicAddress}.`,
        action: dirty ? "Save and publish" : "Publish",
      },
    ];
  }
  if (state === "published") {
    return [
      {
        how: "close",
        label: "Close role",
        question: `Close this role now?${dirty ? " Your changes are saved first." : ""} It leaves the careers page and takes no more applications.`,
        action: dirty ? "Save and close" : "Close role",
        danger: true,
      },
    ];
  }
  return [
    {
      how: "reopen",
      label: "Reopen",
      question: `Reopen this role?${dirty ? " Your changes are saved first." : ""} It is back on the careers page within a minute, at ${publicAddress}.`,
      action: dirty ? "Save and reopen" : "Reopen",
    },
  ];
}
