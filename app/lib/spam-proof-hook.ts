/**
 * The forms' side of the spam defence, kept out of the page's first script: the solver
 * (spam-proof.ts, with altcha-lib's search) is loaded when the visitor first touches a form and
 * starts on a challenge from the host the form posts to. When the form is sent, its proof joins
 * the data. A proof that cannot be had (offline, a browser without Web Crypto) is left out: the
 * server then holds the submission for a person to review instead of losing it.
 * See docs/decisions/018-spam-defence.md.
 */
import { useEffect, type RefObject } from "react";
import { spamProofField } from "@contracts/spam-proof";

const solver = () => import("./spam-proof");

/** Starts the proof at the form's first focus or input (each later touch restarts a spent one). */
export function useSpamProof(formRef: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const touched = () => {
      solver()
        .then((m) => m.startProof(form))
        .catch(() => undefined);
    };
    form.addEventListener("focusin", touched);
    form.addEventListener("input", touched);
    return () => {
      form.removeEventListener("focusin", touched);
      form.removeEventListener("input", touched);
    };
  }, [formRef]);
}

/** The data to send with the form's proof in it (used once: the next send needs a new one). */
export async function withSpamProof<T>(form: HTMLFormElement, data: T): Promise<T> {
  try {
    const proof = await (await solver()).takeProof(form);
    return proof ? { ...data, [spamProofField]: proof } : data;
  } catch {
    return data;
  }
}
