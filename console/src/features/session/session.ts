/**
 * Who is signed in, asked once and shared: the root route's loader shows the sign-in page without
 * it, and each page's loader checks the page's permissions with it before asking for its data.
 * Forgotten on signing in or out, and when any call answers 401 (the session was revoked).
 */
import { staffAnswer } from "@contracts/console-answers";
import { api, ApiError, type Staff } from "../../api";

let asked: Promise<Staff | null> | null = null;

/**
 * The person signed in, or null when the server says no one is (401: the sign-in page shows). Any
 * other failure (the server unreachable, an answer that breaks its contract) is thrown to the error
 * element and not kept, so Try again asks again: a signed-in person is never sent to sign in
 * because the server could not be reached.
 */
export function currentStaff(): Promise<Staff | null> {
  asked ??= api("me", staffAnswer).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return null;
    asked = null;
    throw error;
  });
  return asked;
}

/** Someone else, or no one, from now on: the next loader asks the server again. */
export function forgetStaff(staff?: Staff) {
  asked = staff ? Promise.resolve(staff) : null;
}
