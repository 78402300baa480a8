/**
 * Who is signed in, asked once and shared: the root route's loader shows the sign-in page without
 * it, and each page's loader checks the page's permissions with it before asking for its data.
 * Forgotten on signing in or out, and when any call answers 401 (the session was revoked).
 */
import { staffAnswer } from "@contracts/console-answers";
import { api, type Staff } from "../../api";

let asked: Promise<Staff | null> | null = null;

/** The person signed in, or null: not signed in, or the server could not say (the sign-in page shows). */
export function currentStaff(): Promise<Staff | null> {
  asked ??= api("me", staffAnswer).catch(() => null);
  return asked;
}

/** Someone else, or no one, from now on: the next loader asks the server again. */
export function forgetStaff(staff?: Staff) {
  asked = staff ? Promise.resolve(staff) : null;
}
