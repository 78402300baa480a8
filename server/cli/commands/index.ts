/**
 * The command table: one module per command, in the order of the usage text. A new command is a
 * new module here, with its usage line(s), options, audit decisions and run function; runCli
 * dispatches to it, the usage text lists it and cli/audit.ts gathers its decisions from here.
 */
import audit from "./audit";
import backup from "./backup";
import contentImport from "./content-import";
import copy from "./copy";
import erase from "./erase";
import exportCommand from "./export";
import invite from "./invite";
import list from "./list";
import moveToPostgres from "./move-to-postgres";
import outbox from "./outbox";
import purge from "./purge";
import restore from "./restore";
import routingKey from "./routing-key";
import resume from "./resume";
import select from "./select";
import show from "./show";
import spam from "./spam";
import stats from "./stats";

export const commands = [
  list,
  show,
  exportCommand,
  resume,
  select,
  erase,
  copy,
  purge,
  outbox,
  stats,
  invite,
  spam,
  audit,
  backup,
  restore,
  moveToPostgres,
  routingKey,
  contentImport,
] as const;
