/**
 * The words of the sent panel (sent-panel.tsx) for each form, and the page each form lives on:
 * read by the panel, by the server's no-JavaScript answers and by the tests.
 */
import type { FormKind } from "@contracts/form-answers";
import { pages, type Template } from "~/site/pages";

/** Each form's heading once sent, and the words of its way back to an empty form. */
export const sentWords: Record<FormKind, { done: string; again: string }> = {
  contact: { done: "Message sent", again: "Send another message" },
  application: { done: "Application received", again: "Apply for another position" },
  feedback: { done: "Feedback sent", again: "Send more feedback" },
};

/** What each form's control ids start with (`<prefix>-<name>`; the contact form's on /contact is the section's). */
export const formIdPrefixes: Record<FormKind, string> = {
  contact: "contact",
  application: "career",
  feedback: "feedback",
};

const templates: Record<FormKind, Template> = { contact: "contact", application: "career", feedback: "feedback" };

/** The page that holds each form, from the page table (the contact form's own page is /contact). */
export const formPagePath = (kind: FormKind): string => pages.find((p) => p.template === templates[kind])!.path;
