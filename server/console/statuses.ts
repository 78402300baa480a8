/** Handling statuses per kind live in contracts/ (the console shows the same lists). */
export { allStatuses, keepsBeyondRetention, statusesOf } from "../../contracts/staff-console";
