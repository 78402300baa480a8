/**
 * What a person's erasure may take (docs/decisions/025): the kinds their role sees, never a
 * quarantined submission (admins' until released) and never the address's other records. Only an
 * admin erases the whole person across kinds. So a junk enquiry sent with a candidate's address
 * cannot make sales erase the application, nor learn from the answer that it existed.
 */
import { wholePersonScope, type ErasureScope } from "../storage/erasure";
import { isAdmin, kindsFor, type Role } from "./roles";

export function erasureScopeFor(role: Role): ErasureScope {
  if (isAdmin(role)) return wholePersonScope;
  return { kinds: kindsFor(role), quarantined: false, wholePerson: false };
}
