/**
 * The application form as the server checks it: its definition with the positions the table
 * offers now (decision 040), read on every application (one short query; applications are few
 * and rate-limited), so a position an admin added a moment ago is accepted and a retired one is
 * refused on every instance at once. The validator is rebuilt only when the list changed.
 */
import { applicationFormWith } from "../../contracts/careers/positions";
import type { FormDefinition } from "../../contracts/forms/index";
import type { Storage } from "../db/db";
import { offeredPositions } from "../postings/positions";
import { formCheck, type Check } from "./check";

export type LiveForm = (form: FormDefinition) => Promise<{ form: FormDefinition; check: Check }>;

/** For each form, its definition and check as of now: the application's with the live positions, others as given. */
export function liveForms(storage: Storage): LiveForm {
  const built = new Map<FormDefinition, { key: string; form: FormDefinition; check: Check }>();
  const fixed = new Map<FormDefinition, Check>();
  return async (form) => {
    if (form.kind !== "application") {
      if (!fixed.has(form)) fixed.set(form, formCheck(form));
      return { form, check: fixed.get(form)! };
    }
    const offered = await offeredPositions(storage);
    const key = offered.join("\n");
    let entry = built.get(form);
    if (entry?.key !== key) {
      const live = applicationFormWith(offered, form);
      entry = { key, form: live, check: formCheck(live) };
      built.set(form, entry);
    }
    return { form: entry.form, check: entry.check };
  };
}
