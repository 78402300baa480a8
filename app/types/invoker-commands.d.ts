/**
 * HTML invoker commands (`commandfor` and `command` on a button: open or close a dialog or a
 * popover without script). React passes lower-case attributes it does not know through to the
 * DOM; these declarations let TypeScript accept them.
 */
import "react";

declare module "react" {
  // A merged declaration must repeat React's type parameter, used or not.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ButtonHTMLAttributes<T> {
    commandfor?: string | undefined;
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover" | undefined;
  }
}
