/** Handling statuses per kind live in contracts/ (the console shows the same lists). */
export { allStatuses, decidingStatuses, isDecision, statusesOf } from "../../contracts/staff-console";
