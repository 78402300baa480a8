/**
 * What a person's erasure may take (docs/decisions/025): the kinds their role sees, never a
 * quarantined submission (admins' until released) and never the address's other records. Only
 * `submissions:erase:whole-person` (administrators) erases the whole person across kinds. So a junk enquiry sent with a candidate's address
 * cannot make sales erase the application, nor learn from the answer that it existed.
 */
import { wholePersonScope, type ErasureScope } from "../retention/erasure";
import { can, kindsOf, type Permitted } from "../../contracts/staff/permissions";

export function erasureScopeFor(staff: Permitted): ErasureScope {
  if (can(staff, "submissions:erase:whole-person")) return wholePersonScope;
  return { kinds: kindsOf(staff), quarantined: false, wholePerson: false };
}
